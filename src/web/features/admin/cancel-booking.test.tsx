import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '#src/domain/api/admin/orders.js';
import { CancelBooking } from './cancel-booking.js';

type Order = AdminOrderDetail['order'];

/** The fields the cancel section reads of a booked order paid £142.99. */
function order(overrides: Partial<Order>): Order {
  return {
    id: '0b6f3a52-2f7e-4a36-9a43-6f1d2b0c9e11',
    reference: 'BA-7K2M9QXD',
    status: 'booked',
    trackingStatus: 'booked',
    pricePence: 14_299,
    ...overrides,
  } as Order;
}

const render = (o: Order, refundablePence: number) =>
  renderToStaticMarkup(
    <CancelBooking order={o} refundablePence={refundablePence} onChanged={() => {}} />,
  );

describe('CancelBooking (the console’s cancel on the customer’s behalf)', () => {
  it('says the whole payment goes back when nothing was refunded before', () => {
    const html = render(order({}), 14_299);
    expect(html).toContain('£142.99, the whole payment,');
    expect(html).toContain('refunded £142.99. This cannot be undone.');
  });

  it('asks the reason, which the timeline and the audit log keep', () => {
    const html = render(order({}), 14_299);
    expect(html).toMatch(
      /<label class="field__label" for="cancel-booking-reason">Reason \(kept in the order’s timeline and the audit log\)<\/label><textarea[^>]*id="cancel-booking-reason"/,
    );
  });

  it('says what is really left to refund after a part refund, not the price', () => {
    const html = render(order({}), 11_799);
    expect(html).toContain('£117.99, what is left of the £142.99 paid');
    expect(html).toContain('refunded £117.99. This cannot be undone.');
    expect(html).not.toContain('£142.99 is refunded');
  });

  it('is not offered once the courier has collected the boxes, nor before the booking', () => {
    expect(render(order({ trackingStatus: 'collected' }), 14_299)).toBe('');
    expect(render(order({ trackingStatus: 'partly_delivered' }), 14_299)).toBe('');
    expect(render(order({ status: 'paid' as Order['status'], trackingStatus: null }), 14_299)).toBe(
      '',
    );
  });
});
