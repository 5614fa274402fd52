import {
  estimateImportCharges,
  type ImportChargesDestination,
} from '#src/domain/import-charges.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, ok } from '#tests/support/call.js';
import { checkoutStatus, startPayment } from '#tests/support/checkout.js';
import {
  newOrder,
  readyOrder,
  withAddresses,
  withEarliestDate,
  withItem,
} from '#tests/support/factories/orders.js';
import { GOOD_CARD, sandbox, settle } from '#tests/support/factories/payments.js';
import { payWithCard, confirm } from '#tests/support/checkout.js';
import { signedInAdmin } from '#tests/support/operators.js';
import type { TestBrowser } from '#tests/support/browser-session.js';
import { useTestApp } from '#tests/support/test-app.js';
import { listAuditLog } from '#src/domain/api/admin/audit-log.js';
import {
  getAdminCoverSettings,
  restoreCoverSettings,
  saveAdminCoverSettings,
} from '#src/domain/api/admin/rates.js';
import { getAdminOrder } from '#src/domain/api/admin/orders.js';
import { chooseCover, getCoverOptions } from '#src/domain/api/cover.js';
import { acceptTerms, confirmDeclaration, deleteItem } from '#src/domain/api/declaration.js';
import { getOrder } from '#src/domain/api/orders.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';

/**
 * Cover (docs/cover-and-import-charges.md, "Cover"; decision 111): chosen on the payment step,
 * priced by the server into the order's price, paid for in the authorisation, sent to the
 * courier as Insurance.CoverValue, shown on the receipt and the email; its settings versioned in
 * the console, and a paid order's price never moved by them.
 */
const t = useTestApp();
let admin: TestBrowser;
beforeAll(async () => {
  ({ browser: admin } = await signedInAdmin(t));
});

/**
 * A complete order whose items are worth £600: readyOrder's £90 (four books at £12.50, two
 * jumpers at £20) and a coat at £510, declared again and the payment step's box ticked.
 */
async function orderWorth600() {
  const order = await readyOrder(t.app);
  await withItem(t.app, order, { name: 'Coat', numberOfUnits: 1, unitValue: 510, unitWeight: 1.5 });
  await ok(t.app, confirmDeclaration, { params: { id: order.id } });
  return ok(t.app, acceptTerms, { params: { id: order.id }, body: { accepted: true } });
}

async function payAndSettle(orderId: string) {
  const { clientSecret, amountPence } = await startPayment(t.app, orderId);
  await payWithCard(t.app, clientSecret, GOOD_CARD);
  await confirm(t.app, orderId);
  await sandbox(t).idle();
  await settle(t);
  return amountPence;
}

/** A refusal's error, whatever the route's success reply is. */
const errorOf = (res: { body: string }) => (JSON.parse(res.body) as ApiErrorBody).error;

async function coverSettingsVersion(): Promise<number> {
  const res = await call(admin, getAdminCoverSettings);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().current!.id;
}

describe('choosing cover', () => {
  it('adds 2% of the cover above £50 to the order’s price, and the payment is for it', async () => {
    const order = await orderWorth600();
    const declared = 60_000;
    const servicePrice = order.pricePence!;
    expect(order.cover).toEqual({ coverPence: null, pricePence: 0 });

    const options = await ok(t.app, getCoverOptions, { params: { id: order.id } });
    expect(options).toMatchObject({
      settings: { includedPence: 5_000, percentBasisPoints: 200, maxCoverPence: 200_000 },
      declaredValuePence: declared,
      maxCoverPence: declared,
      suggestedPence: declared,
      coverPence: 5_000,
      coverPricePence: 0,
      exclusions: [],
    });

    const covered = await ok(t.app, chooseCover, {
      params: { id: order.id },
      body: { cover: '600' },
    });
    // 2% of £550 = £11.00.
    expect(covered.cover).toEqual({ coverPence: declared, pricePence: 1_100 });
    expect(covered.pricePence).toBe(servicePrice + 1_100);

    // Pay: the payment is for the price with the cover, exactly.
    const session = await startPayment(t.app, order.id);
    expect(session.amountPence).toBe(servicePrice + 1_100);

    // Back to the included cover: the price is the service's again.
    const back = await ok(t.app, chooseCover, { params: { id: order.id }, body: { cover: '50' } });
    expect(back.cover).toEqual({ coverPence: null, pricePence: 0 });
    expect(back.pricePence).toBe(servicePrice);
  });

  it('refuses cover above the declared value, above the maximum, or not an amount', async () => {
    const order = await readyOrder(t.app); // £90 declared
    const refused = async (cover: string) => {
      const res = await call(t.app, chooseCover, { params: { id: order.id }, body: { cover } });
      expect(res.statusCode, res.body).toBe(422);
      return errorOf(res).fields?.cover;
    };
    expect(await refused('91')).toMatch(/more than the value of the items you declared \(£90\)/);
    expect(await refused('49')).toMatch(/starts at the £50 included/);
    expect(await refused('lots')).toMatch(/in pounds/);
    // Still the service's price alone.
    const now = await ok(t.app, getOrder, { params: { id: order.id } });
    expect(now.cover.pricePence).toBe(0);
  });

  it('is at most £2,000 however much is declared', async () => {
    const order = await newOrder(t.app);
    await withAddresses(t.app, order);
    await withEarliestDate(t.app, order);
    await withItem(t.app, order, {
      name: 'Jumper',
      numberOfUnits: 3,
      unitValue: 900,
      unitWeight: 1,
    });
    const options = await ok(t.app, getCoverOptions, { params: { id: order.id } });
    expect(options.declaredValuePence).toBe(270_000);
    expect(options.maxCoverPence).toBe(200_000);
    const res = await call(t.app, chooseCover, {
      params: { id: order.id },
      body: { cover: '2000.01' },
    });
    expect(res.statusCode).toBe(422);
    const full = await ok(t.app, chooseCover, {
      params: { id: order.id },
      body: { cover: '2000' },
    });
    expect(full.cover.pricePence).toBe(3_900);
  });

  it('is lowered with the price when the declaration drops below it', async () => {
    const order = await readyOrder(t.app); // £90: books £50, jumpers £40
    const servicePrice = order.pricePence!;
    await ok(t.app, chooseCover, { params: { id: order.id }, body: { cover: '90' } });
    const jumper = order.parcels[0]!.items.find((i) => i.name === 'Jumper')!;
    const after = await ok(t.app, deleteItem, {
      params: { id: order.id, parcelKey: 'small-1', itemId: jumper.id },
    });
    // £50 of books left: only the included cover.
    expect(after.cover).toEqual({ coverPence: null, pricePence: 0 });
    expect(after.pricePence).toBe(servicePrice);
  });

  it('names the declared items the cover does not pay for', async () => {
    const order = await newOrder(t.app);
    await withItem(
      t.app,
      order,
      { name: 'Glass vase', numberOfUnits: 1, unitValue: 40, unitWeight: 1 },
      { lookUp: 'Vase' },
    );
    const options = await ok(t.app, getCoverOptions, { params: { id: order.id } });
    expect(options.exclusions).toEqual([
      expect.objectContaining({ name: 'Glass vase', covered: 'nothing', group: 'Glass' }),
    ]);
  });

  it('suggests the value of the goods the cover pays for, and allows no more', async () => {
    // A laptop (£450: the included £50 only), a glass vase (£60: nothing) and two jumpers (£60
    // each): £630 declared, full cover £170, the jumpers and the laptop's £50.
    const order = await newOrder(t.app);
    await withAddresses(t.app, order);
    await withEarliestDate(t.app, order);
    const declare = (name: string, units: number, value: number, lookUp = name) =>
      withItem(
        t.app,
        order,
        { name, numberOfUnits: units, unitValue: value, unitWeight: 1 },
        { lookUp },
      );
    await declare('Laptop', 1, 450);
    await declare('Glass vase', 1, 60, 'Vase');
    await declare('Wool jumper', 2, 60, 'Jumper');

    const options = await ok(t.app, getCoverOptions, { params: { id: order.id } });
    expect(options).toMatchObject({
      declaredValuePence: 63_000,
      coveredValuePence: 17_000,
      maxCoverPence: 17_000,
      suggestedPence: 17_000,
    });
    expect(
      // Items declared in the same instant come in no set order: sorted by name.
      options.exclusions.map((e) => [e.name, e.covered, e.valuePence, e.countedPence]).sort(),
    ).toEqual([
      ['Glass vase', 'nothing', 6_000, 0],
      ['Laptop', 'included-only', 45_000, 5_000],
    ]);

    const refused = await call(t.app, chooseCover, {
      params: { id: order.id },
      body: { cover: '171' },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorOf(refused).fields?.cover).toBe(
      'Cover cannot be more than the value of the goods the cover pays for (£170 of the £630 you declared)',
    );
    const full = await ok(t.app, chooseCover, { params: { id: order.id }, body: { cover: '170' } });
    expect(full.cover.coverPence).toBe(17_000);

    // Deleting a jumper line leaves the laptop's £50: the cover bought falls back with it.
    const jumpers = full.parcels[0]!.items.find((i) => i.name === 'Wool jumper')!;
    const after = await ok(t.app, deleteItem, {
      params: { id: order.id, parcelKey: 'small-1', itemId: jumpers.id },
    });
    expect(after.cover).toEqual({ coverPence: null, pricePence: 0 });
  });

  it('is refused once the order is paid for', async () => {
    const order = await readyOrder(t.app);
    await payAndSettle(order.id);
    const res = await call(t.app, chooseCover, { params: { id: order.id }, body: { cover: '90' } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('ORDER_LOCKED');
  });

  it('answers only the order’s owners', async () => {
    const order = await readyOrder(t.app);
    const stranger = await signedInAdmin(t);
    for (const res of [
      await call(stranger.browser, getCoverOptions, { params: { id: order.id } }),
      await call(stranger.browser, chooseCover, {
        params: { id: order.id },
        body: { cover: '90' },
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('ORDER_NOT_FOUND');
    }
  });
});

describe('paying for cover', () => {
  it('authorises the price with the cover, books CoverValue and shows it on the receipt and the email', async () => {
    const order = await orderWorth600();
    const servicePrice = order.pricePence!;
    await ok(t.app, chooseCover, { params: { id: order.id }, body: { cover: '600' } });

    const bookingsBefore = t.courierSimulator!.calls().bookings;
    expect(bookingsBefore[order.reference]).toBeUndefined();
    const amount = await payAndSettle(order.id);
    expect(amount).toBe(servicePrice + 1_100);

    const status = await checkoutStatus(t.app, order.id);
    expect(status.status).toBe('booked');
    expect(status.amountPence).toBe(servicePrice + 1_100);
    const [payment] = await t.database.query<{ amount_pence: number; status: string }>(
      `SELECT amount_pence, status FROM payments WHERE order_id = $1 AND status <> 'requires_payment_method'`,
      [order.id],
    );
    expect(payment?.amount_pence).toBe(servicePrice + 1_100);

    // The courier was asked for that cover.
    expect(t.courierSimulator!.calls().bookings[order.reference]).toEqual({ coverValue: 600 });

    // The receipt has the cover's line.
    expect(status.receipt).toMatchObject({
      amountPence: servicePrice + 1_100,
      coverPence: 60_000,
      lines: [{ amountPence: servicePrice }, { text: 'Extra cover to £600', amountPence: 1_100 }],
    });

    // So does the confirmation email.
    const [mail] = await t.database.query<{ text_body: string }>(
      `SELECT text_body FROM mail WHERE kind = 'booking-confirmation' AND order_id = $1`,
      [order.id],
    );
    expect(mail?.text_body).toContain('Extra cover to £600: £11.00');
    expect(mail?.text_body).toContain('Cover: £600 (£50 included, £550 bought)');

    // And the console's order page.
    const detail = await call(admin, getAdminOrder, { params: { id: order.id } });
    expect(detail.json().order).toMatchObject({ coverPence: 60_000, coverPricePence: 1_100 });
    // With the import charges estimate the customer was shown for this declaration.
    const shown = estimateImportCharges({
      destination: order.destination.countryCode as ImportChargesDestination,
      declaredValuePence: 60_000,
      personalEffects: false,
    });
    expect(shown.noChargesExpected).toBe(false);
    expect(detail.json().order.importEstimate).toEqual({
      totalPence: shown.total,
      words: shown.words,
      tableDate: shown.tableDate,
    });
  });

  it('books the included £50 when no cover was chosen', async () => {
    const order = await readyOrder(t.app);
    await payAndSettle(order.id);
    expect(t.courierSimulator!.calls().bookings[order.reference]).toEqual({ coverValue: 50 });
    const status = await checkoutStatus(t.app, order.id);
    expect(status.receipt?.lines).toHaveLength(1);
    expect(status.receipt?.coverPence).toBe(5_000);
  });
});

describe('the cover settings in the console', () => {
  it('saves a version that prices unpaid orders, while a paid order keeps its price', async () => {
    const paid = await orderWorth600();
    await ok(t.app, chooseCover, { params: { id: paid.id }, body: { cover: '600' } });
    const paidAmount = await payAndSettle(paid.id);

    const before = await coverSettingsVersion();
    const save = await call(admin, saveAdminCoverSettings, {
      body: { percent: '3', maxCover: '500', note: 'Cover dearer', basedOnVersionId: before },
    });
    expect(save.statusCode, save.body).toBe(201);
    expect(save.json().version).toMatchObject({
      percentBasisPoints: 300,
      maxCoverPence: 50_000,
      includedPence: 5_000,
      note: 'Cover dearer',
    });
    const audit = (
      await call(admin, listAuditLog, { query: { subject: 'cover-settings' } })
    ).json();
    expect(audit.entries[0]).toMatchObject({ action: 'cover-settings.save' });

    // The paid order: unchanged, on every page.
    const status = await checkoutStatus(t.app, paid.id);
    expect(status.amountPence).toBe(paidAmount);
    expect(status.receipt?.lines[1]).toEqual({ text: 'Extra cover to £600', amountPence: 1_100 });

    // An unpaid order is priced with the new settings, its cover within the new maximum.
    const unpaid = await orderWorth600();
    const covered = await ok(t.app, chooseCover, {
      params: { id: unpaid.id },
      body: { cover: '500' },
    });
    expect(covered.cover).toEqual({ coverPence: 50_000, pricePence: 1_350 }); // 3% of £450

    // A stale form is refused; a restore is a new version.
    const stale = await call(admin, saveAdminCoverSettings, {
      body: { percent: '2', maxCover: '2000', note: 'stale', basedOnVersionId: before },
    });
    expect(stale.statusCode).toBe(409);
    const restored = await call(admin, restoreCoverSettings, {
      params: { id: before },
      body: { basedOnVersionId: save.json().version.id },
    });
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json().version).toMatchObject({
      percentBasisPoints: 200,
      maxCoverPence: 200_000,
    });

    // Pay prices the cover at the settings in force: 2% of £450 again.
    const session = await startPayment(t.app, unpaid.id);
    expect(session.amountPence).toBe(unpaid.pricePence! + 900);
    expect((await ok(t.app, getOrder, { params: { id: unpaid.id } })).cover).toEqual({
      coverPence: 50_000,
      pricePence: 900,
    });
  });

  it('refuses a percentage or maximum it cannot read', async () => {
    const res = await call(admin, saveAdminCoverSettings, {
      body: {
        percent: 'two',
        maxCover: '10',
        note: 'bad',
        basedOnVersionId: await coverSettingsVersion(),
      },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorOf(res).fields ?? {}).sort()).toEqual(['maxCover', 'percent']);
  });

  it('is for operators only', async () => {
    const res = await call(t.app, getAdminCoverSettings);
    expect(res.statusCode).toBe(401);
  });
});
