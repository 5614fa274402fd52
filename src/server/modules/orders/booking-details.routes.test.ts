import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.js';
import { ScriptedCourier, typicalRouteServices } from '#tests/support/scripted-courier.js';
import { UK_PHONE_MESSAGES } from '#src/domain/address.js';
import { ApiErrorBodySchema } from '#src/domain/api-error.js';
import { OrderViewSchema, type OrderView } from '#src/domain/order.js';
import { call, untyped } from '#tests/support/call.js';
import { COLLECTION_ADDRESS, newOrder } from '#tests/support/factories/orders.js';
import { getCollectionDates, saveAddress, setCollectionDate } from '#src/domain/api/booking.js';
import {
  addItem as addItemRoute,
  confirmDeclaration,
  deleteItem,
} from '#src/domain/api/declaration.js';
import { getOrder } from '#src/domain/api/orders.js';

/** Exact control over what the courier answers (the simulator is exercised by its contract suite). */
const courier = new ScriptedCourier();
const t = useTestApp({ courier });
beforeEach(() => {
  // Monday 23 November 2026, 10:00 in London.
  t.clock.set('2026-11-23T10:00:00Z');
  courier.down = false;
  courier.routeServices = typicalRouteServices();
});

/** A draft with both box sizes (one of each unless told), Express chosen unless told. */
const draft = (
  options: {
    postcode?: string;
    countryId?: number;
    service?: 'express' | 'economy';
    small?: number;
    large?: number;
  } = {},
) =>
  newOrder(t.app, {
    quote: {
      collection: { countryId: options.countryId ?? 231, postcode: options.postcode ?? 'SW1A 1AA' },
      smallBoxes: options.small ?? 1,
      largeBoxes: options.large ?? 1,
    },
    service: options.service,
  });

const address = { ...COLLECTION_ADDRESS, instructions: 'Side door' };

describe('addresses', () => {
  it('saves the collection address with the order’s post code and country', async () => {
    const order = await draft();
    const res = await call(t.app, saveAddress, {
      params: { id: order.id, role: 'collection' },
      body: untyped({ ...address, postcode: 'HACKED', country: 'Narnia' }),
    });
    expect(res.statusCode).toBe(200);
    expect(OrderViewSchema.parse(res.json()).collectionAddress).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      street: '12 St James’s Square',
      city: 'London',
      state: 'Greater London',
      postcode: 'SW1A 1AA',
      countryTitle: 'United Kingdom (Mainland)',
      phone: '+442079460958',
      email: 'ada@example.com',
      instructions: 'Side door',
    });
  });

  it('answers "Required field is missing." naming each missing field', async () => {
    const order = await draft();
    const res = await call(t.app, saveAddress, {
      params: { id: order.id, role: 'collection' },
      body: {
        ...address,
        lastName: '',
        city: ' ',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Required field is missing.',
      fields: { lastName: 'Enter a last name', city: 'Enter the town or city' },
    });
  });

  it('needs no county on a UK address and no region on a French one', async () => {
    const order = await draft();
    const uk = await call(t.app, saveAddress, {
      params: { id: order.id, role: 'collection' },
      body: {
        ...address,
        state: ' ',
      },
    });
    expect(uk.statusCode).toBe(200);
    expect(OrderViewSchema.parse(uk.json()).collectionAddress?.state).toBe('');
    const fr = await call(t.app, saveAddress, {
      params: { id: order.id, role: 'delivery' },
      body: {
        ...address,
        phoneNumber: '06 12 34 56 78',
        state: '',
      },
    });
    expect(fr.statusCode).toBe(200);
    expect(OrderViewSchema.parse(fr.json()).deliveryAddress?.state).toBe('');
  });

  it('takes a Guernsey mobile for the collection contact, stored on +44, and says why it refuses a number', async () => {
    const order = await draft();
    const guernsey = await call(t.app, saveAddress, {
      params: { id: order.id, role: 'collection' },
      body: { ...address, phoneNumber: '07781 123456' },
    });
    expect(guernsey.statusCode).toBe(200);
    expect(OrderViewSchema.parse(guernsey.json()).collectionAddress?.phone).toBe('+447781123456');

    const short = await call(t.app, saveAddress, {
      params: { id: order.id, role: 'collection' },
      body: { ...address, phoneNumber: '07781 1234' },
    });
    expect(short.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(short.json()).error).toEqual({
      code: 'VALIDATION_FAILED',
      message: UK_PHONE_MESSAGES.tooShort,
      fields: { phoneNumber: UK_PHONE_MESSAGES.tooShort },
    });
    const french = await call(t.app, saveAddress, {
      params: { id: order.id, role: 'collection' },
      body: { ...address, phoneNumber: '+33 6 12 34 56 78' },
    });
    expect(french.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(french.json()).error.fields).toEqual({
      phoneNumber: 'Enter a UK number (starting 07, 01, 02 or +44)',
    });
    // The refusals changed nothing: the Guernsey number stands.
    const saved = await call(t.app, getOrder, { params: { id: order.id } });
    expect(OrderViewSchema.parse(saved.json()).collectionAddress?.phone).toBe('+447781123456');
  });

  it('wants a French phone number for a delivery in France', async () => {
    const order = await draft();
    const uk = await call(t.app, saveAddress, {
      params: { id: order.id, role: 'delivery' },
      body: address,
    });
    expect(uk.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(uk.json()).error.fields?.phoneNumber).toBe(
      'Enter a valid +33 phone number for France',
    );
    const fr = await call(t.app, saveAddress, {
      params: { id: order.id, role: 'delivery' },
      body: {
        ...address,
        phoneNumber: '06 12 34 56 78',
        state: 'Île-de-France',
      },
    });
    expect(fr.statusCode).toBe(200);
    expect(OrderViewSchema.parse(fr.json()).deliveryAddress?.phone).toBe('+33612345678');
  });
});

describe('collection dates', () => {
  it('lists the next five working days in London', async () => {
    const order = await draft();
    const res = await call(t.app, getCollectionDates, { params: { id: order.id } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      earliest: string;
      latest: string;
      region: string;
      days: { date: string; selectable: boolean }[];
    };
    expect(body.region).toBe('england-and-wales');
    expect(body.earliest).toBe('2026-11-24');
    expect(body.latest).toBe('2026-11-30');
  });

  it('uses Scotland’s bank holidays for a Scottish collection', async () => {
    t.clock.set('2026-11-26T10:00:00Z'); // Thursday; St Andrew's Day is Monday 30 November.
    const scottish = await draft({ postcode: 'EH1 1YZ' });
    const body = (
      await call(t.app, getCollectionDates, { params: { id: scottish.id } })
    ).json() as {
      region: string;
      days: { date: string; selectable: boolean; reason?: string }[];
    };
    expect(body.region).toBe('scotland');
    expect(body.days.find((d) => d.date === '2026-11-30')).toMatchObject({
      selectable: false,
      reason: 'holiday',
    });
    const refused = await call(t.app, setCollectionDate, {
      params: { id: scottish.id },
      body: {
        date: '2026-11-30',
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(refused.json()).error.message).toMatch(
      /^Monday 30 November 2026 is a bank holiday \(St Andrew.s Day\)/,
    );
    const english = await draft();
    expect(
      (
        await call(t.app, setCollectionDate, {
          params: { id: english.id },
          body: { date: '2026-11-30' },
        })
      ).statusCode,
    ).toBe(200);
  });

  const refusals: [string, string][] = [
    ['', 'Please select date.'],
    ['2026-11-20', 'Please select a date and time in the future.'],
    ['2026-11-23', 'Please select a date and time in the future.'],
    ['2026-11-28', 'Saturdays and Sundays are not allowed.'],
    [
      '2026-12-01',
      'Please choose a date from Tuesday 24 November 2026 to Monday 30 November 2026.',
    ],
    ['not-a-date', 'Please select date.'],
  ];
  for (const [date, message] of refusals) {
    it(`refuses "${date}" with "${message}"`, async () => {
      const order = await draft();
      const res = await call(t.app, setCollectionDate, {
        params: { id: order.id },
        body: { date },
      });
      expect(res.statusCode).toBe(422);
      expect(ApiErrorBodySchema.parse(res.json()).error.message).toBe(message);
    });
  }

  it('stores the date and resolves the courier service and collection option', async () => {
    const express = await draft({ service: 'express' });
    const res = await call(t.app, setCollectionDate, {
      params: { id: express.id },
      body: { date: '2026-11-25' },
    });
    expect(res.statusCode).toBe(200);
    expect(OrderViewSchema.parse(res.json()).collectionDate).toBe('2026-11-25');
    const rows = await t.database.query<{
      courier_service_id: number;
      collection_option_id: number;
    }>('SELECT courier_service_id, collection_option_id FROM orders WHERE id = $1', [express.id]);
    expect(rows[0]).toEqual({ courier_service_id: 101, collection_option_id: 51 });

    const economy = await draft({ service: 'economy' });
    await call(t.app, setCollectionDate, {
      params: { id: economy.id },
      body: { date: '2026-11-25' },
    });
    const economyRows = await t.database.query<{
      courier_service_id: number;
      collection_option_id: number;
    }>('SELECT courier_service_id, collection_option_id FROM orders WHERE id = $1', [economy.id]);
    // Economy has no single-parcel option, so the multi-parcel one is used.
    expect(economyRows[0]).toEqual({ courier_service_id: 102, collection_option_id: 52 });
  });

  it('needs a chosen service first (a draft kept from before Select started the order)', async () => {
    // Drafts made before a service had to be chosen with the order still exist: the step refuses them.
    const { id } = await draft();
    await t.database.query(
      `UPDATE orders SET selected_service = NULL, price_pence = NULL, service_chosen_at = NULL WHERE id = $1`,
      [id],
    );
    const order = { id };
    const res = await call(t.app, setCollectionDate, {
      params: { id: order.id },
      body: { date: '2026-11-25' },
    });
    expect(res.statusCode).toBe(409);
    expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('SERVICE_NOT_SELECTED');
  });
});

describe('declared items', () => {
  const addItem = (order: OrderView, parcel: string, item: object) =>
    call(t.app, addItemRoute, { params: { id: order.id, parcelKey: parcel }, body: untyped(item) });
  const jumper = {
    name: 'Wool jumper',
    commodityCode: '61101100',
    numberOfUnits: 2,
    unitValue: '25.50',
    unitWeight: '0.6',
  };

  it('stores the match picked with the padded code, its description and origin GB', async () => {
    const order = await draft();
    const res = await addItem(order, 'small-1', jumper);
    expect(res.statusCode).toBe(201);
    const parcel = OrderViewSchema.parse(res.json()).parcels.find((p) => p.key === 'small-1');
    expect(parcel?.items).toEqual([
      {
        id: expect.any(String),
        name: 'Wool jumper',
        commodityCode: '61101100',
        commodityDescription: 'Jerseys, pullovers, of wool',
        numberOfUnits: 2,
        unitValuePence: 2550,
        unitWeightGrams: 600,
        countryOfOrigin: 'GB',
      },
    ]);
    expect(parcel?.declaredWeightGrams).toBe(1200);
    // A reload shows it.
    const reread = OrderViewSchema.parse(
      (await call(t.app, getOrder, { params: { id: order.id } })).json(),
    );
    expect(reread.parcels.find((p) => p.key === 'small-1')?.items).toHaveLength(1);
  });

  it('says "Commodity not found, try a different phrase." when the lookup finds nothing', async () => {
    const order = await draft();
    const res = await addItem(order, 'small-1', { ...jumper, name: 'Zzzqx' });
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).error).toMatchObject({
      code: 'COMMODITY_NOT_FOUND',
      message: 'Commodity not found, try a different phrase.',
    });
  });

  it('says so when the courier cannot be asked', async () => {
    const order = await draft();
    courier.down = true;
    const res = await addItem(order, 'small-1', jumper);
    expect(res.statusCode).toBe(503);
    expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('COMMODITY_LOOKUP_UNAVAILABLE');
  });

  it('refuses bad item input with the field’s message, and unknown parcels', async () => {
    const order = await draft();
    const bad = await addItem(order, 'small-1', { ...jumper, numberOfUnits: 0 });
    expect(bad.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(bad.json()).error.fields?.numberOfUnits).toBe(
      'Enter how many, as a whole number from 1 to 999',
    );
    expect((await addItem(order, 'small-2', jumper)).statusCode).toBe(404);
    expect((await addItem(order, 'medium-1', jumper)).statusCode).toBe(404);
  });

  it('deletes an item', async () => {
    const order = await draft();
    const added = OrderViewSchema.parse((await addItem(order, 'large-1', jumper)).json());
    const itemId = added.parcels.find((p) => p.key === 'large-1')!.items[0]!.id;
    const res = await call(t.app, deleteItem, {
      params: { id: order.id, parcelKey: 'large-1', itemId },
    });
    expect(res.statusCode).toBe(200);
    expect(OrderViewSchema.parse(res.json()).parcels.every((p) => p.items.length === 0)).toBe(true);
    const again = await call(t.app, deleteItem, {
      params: { id: order.id, parcelKey: 'large-1', itemId },
    });
    expect(again.statusCode).toBe(404);
  });

  it('Continue needs an item in every parcel', async () => {
    const order = await draft();
    await addItem(order, 'large-1', jumper);
    const res = await call(t.app, confirmDeclaration, { params: { id: order.id } });
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).error.message).toBe(
      'Commodity details cannot be empty in any package.',
    );
  });

  it('refuses the item that takes a parcel over its weight when it is added, saying by how much', async () => {
    const order = await draft();
    const books = { name: 'Books', commodityCode: '49010000', unitValue: 5, unitWeight: 1 };
    expect((await addItem(order, 'small-1', { ...books, numberOfUnits: 15 })).statusCode).toBe(201);
    const res = await addItem(order, 'small-1', { ...books, numberOfUnits: 6 });
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).error).toMatchObject({
      code: 'ITEM_NOT_ALLOWED',
      message: 'This would take Small Parcel 1 to 21 kg, 1 kg over its 20 kg limit.',
      fields: { unitWeight: 'This would take Small Parcel 1 to 21 kg, 1 kg over its 20 kg limit.' },
    });
    const reread = OrderViewSchema.parse(
      (await call(t.app, getOrder, { params: { id: order.id } })).json(),
    );
    expect(reread.parcels.find((p) => p.key === 'small-1')?.declaredWeightGrams).toBe(15_000);
  });

  it('refuses forbidden goods sent straight to the API, naming the category, before any lookup', async () => {
    const order = await draft();
    courier.commodityLookups.length = 0;
    const res = await addItem(order, 'small-1', {
      name: 'Aerosol deodorant',
      commodityCode: '33072000',
      numberOfUnits: 1,
      unitValue: 4,
      unitWeight: 0.2,
    });
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).error).toMatchObject({
      code: 'ITEM_NOT_ALLOWED',
      message: 'Aerosols cannot be sent.',
      fields: { name: 'Aerosols cannot be sent.' },
    });
    expect(courier.commodityLookups).toEqual([]);
    const perfume = await addItem(order, 'small-1', {
      name: 'Perfume',
      commodityCode: '33030000',
      numberOfUnits: 1,
      unitValue: 40,
      unitWeight: 0.3,
    });
    expect(ApiErrorBodySchema.parse(perfume.json()).error.message).toBe(
      'Flammable Goods cannot be sent.',
    );
  });

  it('Continue passes with the limits of restricted items, and marks the order declared', async () => {
    const order = await draft();
    await addItem(order, 'large-1', jumper);
    await addItem(order, 'small-1', {
      name: 'Gold ring',
      commodityCode: '71131900',
      numberOfUnits: 1,
      unitValue: 900,
      unitWeight: 0.01,
    });
    const res = await call(t.app, confirmDeclaration, { params: { id: order.id } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { order: unknown; warnings: { message: string }[] };
    expect(OrderViewSchema.parse(body.order).declaredAt).toBe('2026-11-23T10:00:00.000Z');
    expect(body.warnings.map((w) => w.message)).toEqual([
      'Small Parcel 1: “Gold ring”: Jewellery and watches: Up to £4,000 in total per shipment.',
    ]);
    // A change afterwards needs Continue again.
    const changed = OrderViewSchema.parse((await addItem(order, 'small-1', jumper)).json());
    expect(changed.declaredAt).toBeNull();
  });

  it('refuses a third device in a box when it is added', async () => {
    const order = await draft({ small: 0, large: 1 });
    const laptop = { name: 'Laptop', commodityCode: '84713000', unitValue: 300, unitWeight: 2 };
    expect((await addItem(order, 'large-1', { ...laptop, numberOfUnits: 2 })).statusCode).toBe(201);
    const res = await addItem(order, 'large-1', { ...laptop, numberOfUnits: 1 });
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).error.message).toBe(
      'Large Parcel 1: Electronic devices: At most 2 per box (3 declared).',
    );
  });

  it('counts a laptop and three board games in a box as one device, not four', async () => {
    // What the courier's lookup answers for board games: 9504 90, not 9504 50 (consoles).
    courier.commodities['board game'] = [
      { commodityCode: '950490', commodityDescription: 'Board games, chess and other table games' },
    ];
    try {
      const order = await draft({ small: 0, large: 1 });
      const laptop = { name: 'Laptop', commodityCode: '84713000', unitValue: 300, unitWeight: 2 };
      expect((await addItem(order, 'large-1', { ...laptop, numberOfUnits: 1 })).statusCode).toBe(
        201,
      );
      const games = {
        name: 'Board games',
        commodityCode: '95049000',
        unitValue: 25,
        unitWeight: 1,
      };
      expect((await addItem(order, 'large-1', { ...games, numberOfUnits: 3 })).statusCode).toBe(
        201,
      );
      const more = await addItem(order, 'large-1', { ...laptop, numberOfUnits: 2 });
      expect(more.statusCode).toBe(422);
      expect(ApiErrorBodySchema.parse(more.json()).error.message).toBe(
        'Large Parcel 1: Electronic devices: At most 2 per box (3 declared).',
      );
    } finally {
      delete courier.commodities['board game'];
    }
  });

  it('refuses a code that was not among the matches for the name', async () => {
    const order = await draft();
    const res = await addItem(order, 'small-1', { ...jumper, commodityCode: '49010000' });
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('COMMODITY_NOT_MATCHED');
  });
});
