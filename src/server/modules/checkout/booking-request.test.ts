import { describe, expect, it } from 'vitest';
import type { OrderAddress } from '#src/domain/order.js';
import type { OrderItemRow, OrderRow } from '../orders/index.js';
import { consignmentSummary, shipmentBookingFor } from './booking-request.js';

describe('consignmentSummary', () => {
  it('names each declared item once, in declaration order', () => {
    expect(
      consignmentSummary([
        { name: 'Books' },
        { name: ' Jumper ' },
        { name: 'books' },
        { name: 'Mug' },
      ]),
    ).toBe('Books, Jumper, Mug');
  });

  it('says the goods are used personal effects when they are', () => {
    expect(consignmentSummary([{ name: 'Books' }, { name: 'Jumper' }], true)).toBe(
      'Used personal effects: Books, Jumper',
    );
    const items = Array.from({ length: 30 }, (_, i) => ({ name: `Item number ${i}` }));
    const summary = consignmentSummary(items, true);
    expect(summary).toHaveLength(100);
    expect(summary.startsWith('Used personal effects: Item number 0, ')).toBe(true);
  });

  it('stays within 100 characters', () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ name: `Item number ${i}` }));
    const summary = consignmentSummary(items);
    expect(summary).toHaveLength(100);
    expect(summary.endsWith('…')).toBe(true);
  });
});

describe('shipmentBookingFor', () => {
  const address = (firstName: string, countryTitle: string): OrderAddress => ({
    firstName,
    lastName: 'Hughes',
    street: '12 Acacia Avenue',
    city: 'London',
    state: '',
    postcode: 'SW1A 1AA',
    countryTitle,
    phone: '+447700900123',
    email: 'amelia@example.com',
  });
  // Only the fields the booking reads: one large and two small boxes.
  const order = {
    id: '00000000-0000-4000-8000-000000000001',
    reference: 'BA-2026-000123',
    smallBoxes: 2,
    largeBoxes: 1,
    collectionDate: '2026-11-24',
    collectionAddress: address('Amelia', 'United Kingdom'),
    deliveryAddress: address('Louis', 'France'),
    collectionCountryId: 231,
    destinationCountryId: 73,
    personalEffects: false,
  } as unknown as OrderRow;
  const item = (
    parcelKey: string,
    name: string,
    numberOfUnits: number,
    unitWeightGrams: number,
  ): OrderItemRow =>
    ({
      parcelKey,
      name,
      commodityCode: '49019900',
      commodityDescription: 'Printed books',
      numberOfUnits,
      unitValuePence: 1_000,
      unitWeightGrams,
      countryOfOrigin: 'GB',
    }) as OrderItemRow;

  it('bills by each box’s allowance and declares each item’s own weight and value', () => {
    const booking = shipmentBookingFor(
      order,
      [
        item('large-1', 'Photo album', 1, 2_000),
        item('small-1', 'Paperback books', 3, 1_670),
        item('small-2', 'Notebooks', 4, 500),
      ],
      { serviceId: 53, collectionOptionId: 52 },
    );
    // The package weights are what the courier charges by: the boxes' 30, 20 and 20 kg.
    expect(booking.packages.map((p) => p.weightKg)).toEqual([30, 20, 20]);
    // The customs lines: 2 + 5.01 + 2 = 9.01 kg of goods declared, worth £80.
    expect(booking.packages.map((p) => p.commodities)).toEqual([
      [expect.objectContaining({ numberOfUnits: 1, unitWeightKg: 2, unitValuePence: 1_000 })],
      [expect.objectContaining({ numberOfUnits: 3, unitWeightKg: 1.67, unitValuePence: 1_000 })],
      [expect.objectContaining({ numberOfUnits: 4, unitWeightKg: 0.5, unitValuePence: 1_000 })],
    ]);
    const declaredKg = booking.packages
      .flatMap((p) => p.commodities)
      .reduce((sum, line) => sum + Math.round(line.unitWeightKg * 1000) * line.numberOfUnits, 0);
    expect(declaredKg / 1000).toBe(9.01);
    expect(booking.consignmentValuePence).toBe(8_000);
  });

  it('declares a gift, or personal effects when the switch is on', () => {
    const items = [item('small-1', 'Paperback books', 3, 1_670)];
    const courier = { serviceId: 53, collectionOptionId: 52 };
    const gift = shipmentBookingFor(order, items, courier);
    expect(gift).toMatchObject({ customsReason: 'gift', consignmentSummary: 'Paperback books' });
    const effects = shipmentBookingFor({ ...order, personalEffects: true }, items, courier);
    expect(effects).toMatchObject({
      customsReason: 'personal-effects',
      consignmentSummary: 'Used personal effects: Paperback books',
    });
  });
});
