// On PostgreSQL too: an edit racing the payment for the same order.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '#tests/support/test-app.js';
import { TransglobalCourier } from '../../providers/courier/transglobal/transglobal.client.js';
import type { ShipmentBooking } from '../../providers/courier/courier-provider.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { checkoutStatus, confirm, payWithCard, startPayment } from '#tests/support/checkout.js';
import { readyOrder } from '#tests/support/factories/orders.js';
import { settle } from '#tests/support/factories/payments.js';
import { call } from '#tests/support/call.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import { saveAddress, setCollectionDate } from '#src/domain/api/booking.js';
import { addItem, deleteItem } from '#src/domain/api/declaration.js';
import { selectService } from '#src/domain/api/orders.js';

/**
 * An edit that began while the order was a draft and the card authorisation that lands while the
 * edit is between its check and its write: the edit is refused and changes nothing, and the
 * booking and the capture are exactly what was authorised.
 */
const t = useTestApp();
beforeEach(() => {
  t.clock.set('2026-11-23T10:00:00Z');
  t.courierSimulator!.control({ reset: true });
  vi.restoreAllMocks();
});

async function authorise(orderId: string) {
  const { clientSecret } = await startPayment(t.app, orderId);
  await payWithCard(t.app, clientSecret, '4242 4242 4242 4242');
  expect((await confirm(t.app, orderId)).status).toBe('authorised');
}
async function capturedPence(orderId: string) {
  const rows = await t.database.query<{ amount_pence: number }>(
    `SELECT s.amount_pence FROM payments p JOIN sandbox_payments s ON s.id = p.provider_payment_id
     WHERE p.order_id = $1 AND p.status = 'captured'`,
    [orderId],
  );
  return rows.map((r) => r.amount_pence);
}

describe('an order edit racing the card authorisation', () => {
  it('an item added while the courier lookup runs is refused once the card is authorised', async () => {
    const order = await readyOrder(t.app);
    const parcel = order.parcels[0]!.key;
    const itemsBefore = order.parcels[0]!.items.length;
    const lookup = TransglobalCourier.prototype.lookupCommodity;
    let authorised = false;
    vi.spyOn(TransglobalCourier.prototype, 'lookupCommodity').mockImplementation(async function (
      this: TransglobalCourier,
      name: string,
    ) {
      // The customer pays in another tab while this lookup is with the courier.
      if (!authorised) {
        authorised = true;
        await authorise(order.id);
      }
      return lookup.call(this, name);
    });
    const book = vi.spyOn(TransglobalCourier.prototype, 'bookShipment');
    const res = await call(t.app, addItem, {
      params: { id: order.id, parcelKey: parcel },
      body: {
        name: 'Laptop',
        commodityCode: '84713000',
        numberOfUnits: 2,
        unitValue: 900,
        unitWeight: 2,
      },
    });
    expect(authorised).toBe(true);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<ApiErrorBody>()).toMatchObject({ error: { code: 'ORDER_LOCKED' } });
    const items = await t.database.query('SELECT id FROM order_items WHERE order_id = $1', [
      order.id,
    ]);
    expect(items).toHaveLength(itemsBefore);

    await settle(t);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
    const booking = book.mock.calls[0]![0] as ShipmentBooking;
    // 4 × £12.50 + 2 × £20, as declared before payment: no laptops.
    expect(booking.consignmentValuePence).toBe(4 * 1250 + 2 * 2000);
    expect(booking.consignmentSummary).not.toContain('Laptop');
    expect(await capturedPence(order.id)).toEqual([order.pricePence]);
  });

  it('an item removed while the card is authorised is refused and stays declared', async () => {
    const order = await readyOrder(t.app);
    const [first] = order.parcels[0]!.items;
    await authorise(order.id);
    const res = await call(t.app, deleteItem, {
      params: { id: order.id, parcelKey: order.parcels[0]!.key, itemId: first!.id },
    });
    expect(res.statusCode, res.body).toBe(409);
    const rows = await t.database.query('SELECT id FROM order_items WHERE id = $1', [first!.id]);
    expect(rows).toHaveLength(1);
  });

  it('a service change whose price lookup straddles the authorisation is refused; the authorised service is booked and its price captured', async () => {
    const order = await readyOrder(t.app);
    expect(order.selectedService).toBe('express');
    const find = CatalogService.prototype.findPricePence;
    let authorised = false;
    vi.spyOn(CatalogService.prototype, 'findPricePence').mockImplementation(async function (
      this: CatalogService,
      ...args: Parameters<CatalogService['findPricePence']>
    ) {
      if (!authorised && args[0] === 'economy') {
        authorised = true;
        await authorise(order.id);
      }
      return find.apply(this, args);
    });
    const book = vi.spyOn(TransglobalCourier.prototype, 'bookShipment');
    const res = await call(t.app, selectService, {
      params: { id: order.id },
      body: { service: 'economy' },
    });
    expect(authorised).toBe(true);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<ApiErrorBody>()).toMatchObject({ error: { code: 'ORDER_LOCKED' } });
    await settle(t);
    const after = await checkoutStatus(t.app, order.id);
    expect(after.status).toBe('booked');
    expect(after.amountPence).toBe(order.pricePence);
    // Express's courier service (53), not Economy's.
    expect((book.mock.calls[0]![0] as ShipmentBooking).serviceId).toBe(53);
    expect(await capturedPence(order.id)).toEqual([order.pricePence]);
  });

  it('addresses and the date cannot change once authorised', async () => {
    const order = await readyOrder(t.app);
    await authorise(order.id);
    const date = await call(t.app, setCollectionDate, {
      params: { id: order.id },
      body: { date: order.collectionDate! },
    });
    expect(date.statusCode).toBe(409);
    const address = await call(t.app, saveAddress, {
      params: { id: order.id, role: 'delivery' },
      body: {
        firstName: 'Pierre',
        lastName: 'Curie',
        street: '1 Rue Cuvier',
        city: 'Paris',
        state: '',
        phoneNumber: '06 12 34 56 78',
        email: 'pierre@example.fr',
      },
    });
    expect(address.statusCode).toBe(409);
    const [row] = await t.database.query<{ delivery_address: { firstName: string } }>(
      'SELECT delivery_address FROM orders WHERE id = $1',
      [order.id],
    );
    expect(row!.delivery_address.firstName).toBe('Marie');
  });
});
