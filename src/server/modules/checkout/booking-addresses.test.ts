import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '#tests/support/test-app.js';

import { checkoutStatus, confirm, payWithCard, startPayment } from '#tests/support/checkout.js';
import { newOrder, readyOrder } from '#tests/support/factories/orders.js';
import { settle } from '#tests/support/factories/payments.js';
import { call } from '#tests/support/call.js';
import { saveAddress } from '#src/domain/api/booking.js';

// Addresses follow their country's format: a French address has no region, and any address may
// have a company and a second line, which are stored and sent to the courier as its own fields.

const t = useTestApp({ rateLimits: { payments: { max: 1000, windowSeconds: 900 } } });
beforeEach(() => {
  t.clock.set('2026-11-23T10:00:00Z');
  t.courierSimulator!.control({ reset: true });
  vi.restoreAllMocks();
});

const collection = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines Ltd',
  street: '12 St James’s Square',
  street2: 'Second floor',
  city: 'London',
  state: '',
  phoneNumber: '020 7946 0958',
  email: 'ada@example.com',
};
const delivery = {
  firstName: 'Marie',
  lastName: 'Curie',
  company: 'Institut du Radium',
  street: '11 Rue Pierre et Marie Curie',
  street2: 'Bâtiment B',
  city: 'Paris',
  state: '',
  phoneNumber: '06 12 34 56 78',
  email: 'marie@example.fr',
};

/** The JSON bodies our courier client sent to BookShipment. */
function bookShipmentBodies(spy: { mock: { calls: Parameters<typeof fetch>[] } }) {
  return spy.mock.calls
    .filter(([url]) => String(url).toLowerCase().includes('/book/v2/bookshipment'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('addresses in their country’s format', () => {
  it('a French address without a region is accepted; company and line 2 are stored and booked', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const order = await readyOrder(t.app, { collection, delivery });

    // Kept as given, the phone number in international form, the quote's postcode and country.
    const { phoneNumber, ...givenDelivery } = delivery;
    expect(phoneNumber).toBe('06 12 34 56 78');
    expect(order.deliveryAddress).toEqual({
      ...givenDelivery,
      postcode: '75001',
      countryTitle: 'France',
      phone: '+33612345678',
    });
    const [row] = await t.database.query<{ collection: unknown; delivery: unknown }>(
      'SELECT collection_address AS collection, delivery_address AS delivery FROM orders WHERE id = $1',
      [order.id],
    );
    expect(row!.collection).toMatchObject({
      company: 'Analytical Engines Ltd',
      street2: 'Second floor',
      state: '',
    });
    expect(row!.delivery).toMatchObject({ company: 'Institut du Radium', street2: 'Bâtiment B' });

    const session = await startPayment(t.app, order.id);
    await payWithCard(t.app, session.clientSecret, '4242 4242 4242 4242');
    await confirm(t.app, order.id);
    await settle(t);
    expect(await checkoutStatus(t.app, order.id)).toMatchObject({ status: 'booked' });

    const [body] = bookShipmentBodies(fetchSpy);
    const shipment = body!.Shipment as Record<string, Record<string, unknown>>;
    expect(shipment.DeliveryAddress).toMatchObject({
      Forename: 'Marie',
      Surname: 'Curie',
      CompanyName: 'Institut du Radium',
      AddressLineOne: '11 Rue Pierre et Marie Curie',
      AddressLineTwo: 'Bâtiment B',
      City: 'Paris',
      Postcode: '75001',
    });
    expect(shipment.DeliveryAddress).not.toHaveProperty('County');
    expect(shipment.CollectionAddress).toMatchObject({
      CompanyName: 'Analytical Engines Ltd',
      AddressLineOne: '12 St James’s Square',
      AddressLineTwo: 'Second floor',
    });
  });

  it('still wants the state of a US address, and the lines stay optional', async () => {
    const { id } = await newOrder(t.app, {
      quote: { destination: { countryId: 232, postcode: '10001' } },
    });
    const params = { id, role: 'delivery' } as const;
    const american = {
      firstName: 'Grace',
      lastName: 'Hopper',
      street: '1 Liberty Plaza',
      city: 'New York',
      state: '',
      phoneNumber: '(212) 555-0199',
      email: 'grace@example.com',
    };
    const missing = await call(t.app, saveAddress, { params, body: american });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Required field is missing.',
        fields: { state: 'Enter the state' },
      },
    });
    const given = await call(t.app, saveAddress, { params, body: { ...american, state: 'NY' } });
    expect(given.statusCode).toBe(200);
    const saved = given.json().deliveryAddress;
    expect(saved).toMatchObject({ state: 'NY' });
    expect(saved).not.toHaveProperty('company');
    expect(saved).not.toHaveProperty('street2');
  });
});
