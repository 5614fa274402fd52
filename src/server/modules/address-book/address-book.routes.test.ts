import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import { call, ok, untyped } from '#tests/support/call.js';
import { customer } from '#tests/support/factories/accounts.js';
import {
  COLLECTION_ADDRESS,
  DELIVERY_ADDRESS,
  newOrder,
  withAddresses,
} from '#tests/support/factories/orders.js';
import { useTestApp } from '#tests/support/test-app.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import { SAVED_ADDRESSES_MAX } from '#src/domain/address-book.js';
import {
  createSavedAddress,
  deleteSavedAddress,
  getBookingContact,
  getSavedAddress,
  listSavedAddresses,
  saveOrderAddresses,
  SAVED_ADDRESS_NOT_FOUND,
  updateSavedAddress,
  useSavedAddress,
  type SavedAddressInput,
} from '#src/domain/api/saved-addresses.js';
import { getSession } from '#src/domain/api/session.js';

const t = useTestApp();

const HOME: SavedAddressInput = {
  ...COLLECTION_ADDRESS,
  role: 'collection',
  label: 'Home',
  countryId: 231,
  postcode: 'sw1a1aa',
};

const MARIE: SavedAddressInput = {
  ...DELIVERY_ADDRESS,
  role: 'delivery',
  label: 'Marie in Paris',
  countryId: 73,
  postcode: '75001',
};

async function userIdOf(browser: TestBrowser): Promise<string> {
  return (await ok(browser, getSession)).user!.id;
}

describe('address book', () => {
  it('answers 401 to anyone not signed in', async () => {
    const guest = new TestBrowser(t.app);
    expect((await call(guest, listSavedAddresses, { query: {} })).statusCode).toBe(401);
    expect((await call(guest, getBookingContact)).statusCode).toBe(401);
    const create = await call(guest, createSavedAddress, { body: HOME });
    expect(create.statusCode).toBe(401);
    expect(create.json<ApiErrorBody>().error.code).toBe('SIGNED_OUT');
  });

  it('saves, lists by role and search, reads, edits and deletes its own addresses', async () => {
    const { browser: ada } = await customer(t);
    const home = await call(ada, createSavedAddress, { body: HOME });
    expect(home.statusCode).toBe(201);
    expect(home.json().address).toMatchObject({
      role: 'collection',
      label: 'Home',
      countryId: 231,
      countryCode: 'GB',
      countryTitle: 'United Kingdom (Mainland)',
      postcode: 'SW1A 1AA',
      firstName: 'Ada',
      phone: '+442079460958',
      email: 'ada@example.com',
      company: '',
    });
    const marie = (await ok(ada, createSavedAddress, { body: MARIE })).address;

    // The same address again (other spacing and case) is the one already saved.
    const again = await ok(ada, createSavedAddress, {
      body: { ...MARIE, city: ' paris ', label: 'Other' },
    });
    expect(again.address.id).toBe(marie.id);

    const all = await call(ada, listSavedAddresses, { query: {} });
    expect(all.headers['cache-control']).toBe('no-store');
    expect(
      all
        .json()
        .addresses.map((a) => a.id)
        .sort(),
    ).toEqual([home.json().address.id, marie.id].sort());
    const recipients = await ok(ada, listSavedAddresses, { query: { role: 'delivery' } });
    expect(recipients.addresses.map((a) => a.id)).toEqual([marie.id]);
    const byCity = await ok(ada, listSavedAddresses, { query: { q: 'PAR' } });
    expect(byCity.addresses.map((a) => a.id)).toEqual([marie.id]);
    const byName = await ok(ada, listSavedAddresses, { query: { q: 'ada lon' } });
    expect(byName.addresses.map((a) => a.id)).toEqual([home.json().address.id]);
    expect((await ok(ada, listSavedAddresses, { query: { q: 'nobody' } })).addresses).toEqual([]);

    expect(
      (await ok(ada, getSavedAddress, { params: { savedAddressId: marie.id } })).address,
    ).toEqual(marie);
    const edited = await ok(ada, updateSavedAddress, {
      params: { savedAddressId: marie.id },
      body: { ...MARIE, street: '1 Place du Louvre' },
    });
    expect(edited.address).toMatchObject({ id: marie.id, street: '1 Place du Louvre' });

    // Edited into the twin of another is refused.
    const twin = await call(ada, updateSavedAddress, {
      params: { savedAddressId: marie.id },
      body: HOME,
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json<ApiErrorBody>().error.code).toBe('SAVED_ADDRESS_DUPLICATE');

    const removed = await ok(ada, deleteSavedAddress, { params: { savedAddressId: marie.id } });
    expect(removed.addresses.map((a) => a.id)).toEqual([home.json().address.id]);
    const gone = await call(ada, getSavedAddress, { params: { savedAddressId: marie.id } });
    expect(gone.statusCode).toBe(404);
    expect(
      (await call(ada, getSavedAddress, { params: { savedAddressId: untyped('nope') } }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 404 for another customer’s address on read, edit, delete and use', async () => {
    const { browser: ada } = await customer(t);
    const marie = (await ok(ada, createSavedAddress, { body: MARIE })).address;
    const { browser: eve } = await customer(t);

    const read = await call(eve, getSavedAddress, { params: { savedAddressId: marie.id } });
    expect(read.statusCode).toBe(404);
    expect(read.json<ApiErrorBody>().error).toEqual(SAVED_ADDRESS_NOT_FOUND);
    // Even with a body that would not validate: nothing says the address exists.
    const edit = await call(eve, updateSavedAddress, {
      params: { savedAddressId: marie.id },
      body: { ...MARIE, firstName: '' },
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json<ApiErrorBody>().error).toEqual(SAVED_ADDRESS_NOT_FOUND);
    const del = await call(eve, deleteSavedAddress, { params: { savedAddressId: marie.id } });
    expect(del.statusCode).toBe(404);
    expect(del.json<ApiErrorBody>().error).toEqual(SAVED_ADDRESS_NOT_FOUND);
    const order = await newOrder(eve);
    const use = await call(eve, useSavedAddress, {
      params: { savedAddressId: marie.id },
      body: { orderId: order.id },
    });
    expect(use.statusCode).toBe(404);
    expect((await ok(eve, listSavedAddresses, { query: {} })).addresses).toEqual([]);

    // Ada's stays as it was.
    expect(
      (await ok(ada, getSavedAddress, { params: { savedAddressId: marie.id } })).address,
    ).toEqual(marie);
    // And Ada cannot use her address on Eve's order.
    const onEves = await call(ada, useSavedAddress, {
      params: { savedAddressId: marie.id },
      body: { orderId: order.id },
    });
    expect(onEves.statusCode).toBe(404);
    expect(onEves.json<ApiErrorBody>().error.code).toBe('ORDER_NOT_FOUND');
  });

  it('refuses an address the booking would refuse, with the field’s message', async () => {
    const { browser: ada } = await customer(t);
    const cases: [SavedAddressInput, string, string][] = [
      [
        { ...HOME, postcode: 'IV2 3AA' },
        'postcode',
        'IV2 3AA is in United Kingdom (Scottish Highlands), not United Kingdom (Mainland). Please choose United Kingdom (Scottish Highlands) as the collection country.',
      ],
      [
        { ...HOME, postcode: 'nope' },
        'postcode',
        'Please enter a valid UK post code, like SW1A 1AA',
      ],
      [
        { ...MARIE, postcode: '7500' },
        'postcode',
        expect.stringContaining('valid post code for France') as never,
      ],
      [{ ...MARIE, countryId: 231 }, 'countryId', 'Choose a destination country from the list'],
      [
        { ...HOME, phoneNumber: '06 12 34 56 78' },
        'phoneNumber',
        'This is not a UK phone number: check it, or enter a UK number (starting 07, 01, 02 or +44)',
      ],
      [{ ...MARIE, firstName: ' ' }, 'firstName', 'Enter a first name'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(ada, createSavedAddress, { body });
      expect(res.statusCode, field).toBe(422);
      expect(res.json<ApiErrorBody>().error.code).toBe('VALIDATION_FAILED');
      expect(res.json<ApiErrorBody>().error.fields?.[field]).toEqual(message);
    }
    expect((await ok(ada, listSavedAddresses, { query: {} })).addresses).toEqual([]);
    const saved = (await ok(ada, createSavedAddress, { body: HOME })).address;
    const badEdit = await call(ada, updateSavedAddress, {
      params: { savedAddressId: saved.id },
      body: { ...HOME, email: 'not-an-email' },
    });
    expect(badEdit.statusCode).toBe(422);
    expect(badEdit.json<ApiErrorBody>().error.fields?.email).toBe(
      'Enter an email address in the correct format, like name@example.com',
    );
  });

  it('uses a saved address on a booking through the step’s own checks', async () => {
    const { browser: ada } = await customer(t);
    const home = (await ok(ada, createSavedAddress, { body: HOME })).address;
    const marie = (await ok(ada, createSavedAddress, { body: MARIE })).address;
    const order = await newOrder(ada);

    const first = await ok(ada, useSavedAddress, {
      params: { savedAddressId: home.id },
      body: { orderId: order.id },
    });
    expect(first.collectionAddress).toMatchObject({
      firstName: 'Ada',
      street: COLLECTION_ADDRESS.street,
      postcode: 'SW1A 1AA',
      phone: '+442079460958',
    });
    const second = await ok(ada, useSavedAddress, {
      params: { savedAddressId: marie.id },
      body: { orderId: order.id },
    });
    expect(second.deliveryAddress).toMatchObject({ firstName: 'Marie', phone: '+33612345678' });

    // A saved address that no longer validates is refused with the field's message.
    await t.database.query(`UPDATE saved_addresses SET first_name = '' WHERE id = $1`, [marie.id]);
    const stale = await call(ada, useSavedAddress, {
      params: { savedAddressId: marie.id },
      body: { orderId: order.id },
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json<ApiErrorBody>().error.fields?.firstName).toBe('Enter a first name');

    // A UK address in another collection region says so, as the quote form would.
    const highlands = (
      await ok(ada, createSavedAddress, {
        body: { ...HOME, countryId: 271, postcode: 'IV2 3AA', label: 'Croft' },
      })
    ).address;
    const wrongRegion = await call(ada, useSavedAddress, {
      params: { savedAddressId: highlands.id },
      body: { orderId: order.id },
    });
    expect(wrongRegion.statusCode).toBe(422);
    expect(wrongRegion.json<ApiErrorBody>().error.message).toBe(
      'IV2 3AA is in United Kingdom (Scottish Highlands), not United Kingdom (Mainland). Please choose United Kingdom (Scottish Highlands) as the collection country.',
    );
    // Another post code in the same region: the booking's post code comes from its quote.
    const elsewhere = (await ok(ada, createSavedAddress, { body: { ...HOME, postcode: 'M1 1AE' } }))
      .address;
    const otherPostcode = await call(ada, useSavedAddress, {
      params: { savedAddressId: elsewhere.id },
      body: { orderId: order.id },
    });
    expect(otherPostcode.statusCode).toBe(422);
    expect(otherPostcode.json<ApiErrorBody>().error.fields?.postcode).toContain('M1 1AE');
  });

  it('saves an order’s addresses once, and starts the next booking with a phone', async () => {
    const { browser: ada } = await customer(t, { name: 'Ada King Lovelace' });
    const empty = await ok(ada, getBookingContact);
    expect(empty).toMatchObject({ firstName: 'Ada King', lastName: 'Lovelace', phone: null });

    const order = await withAddresses(ada, await newOrder(ada));
    // The previous order's phone, before anything is saved.
    expect((await ok(ada, getBookingContact)).phone).toBe('+442079460958');

    const saved = await call(ada, saveOrderAddresses, {
      body: { orderId: order.id, roles: ['collection', 'delivery'] },
    });
    expect(saved.statusCode).toBe(201);
    const [collection, delivery] = saved.json().addresses;
    expect(collection).toMatchObject({ role: 'collection', postcode: 'SW1A 1AA', countryId: 231 });
    expect(delivery).toMatchObject({ role: 'delivery', postcode: '75001', city: 'Paris' });
    const again = await ok(ada, saveOrderAddresses, {
      body: { orderId: order.id, roles: ['collection', 'delivery'] },
    });
    expect(again.addresses.map((a) => a.id)).toEqual([collection!.id, delivery!.id]);
    expect((await ok(ada, listSavedAddresses, { query: {} })).addresses).toHaveLength(2);

    // Another customer cannot copy Ada's order's addresses.
    const { browser: eve } = await customer(t);
    const steal = await call(eve, saveOrderAddresses, {
      body: { orderId: order.id, roles: ['delivery'] },
    });
    expect(steal.statusCode).toBe(404);
    // An order without its delivery address yet has nothing to save for it.
    const draft = await newOrder(ada);
    const none = await call(ada, saveOrderAddresses, {
      body: { orderId: draft.id, roles: ['delivery'] },
    });
    expect(none.statusCode).toBe(404);
  });

  it('goes with the account', async () => {
    const { browser: ada } = await customer(t);
    await ok(ada, createSavedAddress, { body: HOME });
    const userId = await userIdOf(ada);
    await t.database.query(`DELETE FROM users WHERE id = $1`, [userId]);
    const rows = await t.database.query(`SELECT 1 FROM saved_addresses WHERE user_id = $1`, [
      userId,
    ]);
    expect(rows).toHaveLength(0);
  });

  it(`keeps at most ${SAVED_ADDRESSES_MAX} addresses per account`, async () => {
    const { browser: ada } = await customer(t);
    const userId = await userIdOf(ada);
    for (let i = 0; i < SAVED_ADDRESSES_MAX; i++) {
      await t.database.query(
        `INSERT INTO saved_addresses (id, user_id, role, country_id, country_code, postcode,
           first_name, last_name, street, city, phone, email, fingerprint, created_at, updated_at)
         VALUES ($1, $2, 'delivery', 73, 'FR', '75001', 'A', 'B', 'C', 'Paris', '+33612345678',
           'a@example.fr', $3, now(), now())`,
        [randomUUID(), userId, `fp ${i}`],
      );
    }
    const res = await call(ada, createSavedAddress, { body: HOME });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiErrorBody>().error).toMatchObject({
      code: 'SAVED_ADDRESSES_FULL',
      message: expect.stringContaining(`${SAVED_ADDRESSES_MAX} saved addresses`),
    });
    expect((await ok(ada, listSavedAddresses, { query: {} })).addresses).toHaveLength(
      SAVED_ADDRESSES_MAX,
    );
  });
});
