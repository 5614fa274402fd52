import { describe, expect, it } from 'vitest';
import { orderStatusClass, orderStatusText } from './order-status.js';

describe('an order’s status, as the account and the console show it', () => {
  it('is where its boxes are once booked, in each reader’s words', () => {
    const held = { status: 'booked', trackingStatus: 'customs_hold' } as const;
    expect(orderStatusText(held, 'customer')).toBe('Held by customs');
    expect(orderStatusText(held, 'operator')).toBe('Held by customs');
    expect(orderStatusClass(held)).toBe('needs_attention');
    const delivered = { status: 'booked', trackingStatus: 'delivered' } as const;
    expect(orderStatusText(delivered, 'customer')).toBe('Delivered');
    expect(orderStatusClass(delivered)).toBe('booked');
    const odd = { status: 'booked', trackingStatus: 'exception' } as const;
    expect(orderStatusText(odd, 'customer')).toBe('Needs checking');
    expect(orderStatusText(odd, 'operator')).toBe('Unrecognised courier event');
  });

  it('is the booking’s state before the booking, as before', () => {
    const paid = { status: 'authorised', trackingStatus: null };
    expect(orderStatusText(paid, 'customer')).toBe('Paid, booking the collection');
    expect(orderStatusText(paid, 'operator')).toBe('Paid (authorised)');
    expect(orderStatusClass(paid)).toBe('authorised');
    expect(orderStatusText({ status: 'cancelled', trackingStatus: null }, 'customer')).toBe(
      'Cancelled',
    );
  });
});
