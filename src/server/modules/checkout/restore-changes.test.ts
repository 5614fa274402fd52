// On PostgreSQL too: the settlements re-check each order's state under its row lock.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAdminRestore } from '#src/domain/api/admin/restore.js';
import { refundAdminOrder } from '#src/domain/api/admin/payments.js';
import { cancelBooking, confirmCoverRaise, raiseCover } from '#src/domain/api/booking-changes.js';
import { bookedWithReference, paymentsOf } from '#tests/support/booking-changes.js';
import { call, ok } from '#tests/support/call.js';
import { checkoutStatus, payWithCard } from '#tests/support/checkout.js';
import { GOOD_CARD, sandbox, settle } from '#tests/support/factories/payments.js';
import { signedInAdmin } from '#tests/support/operators.js';
import {
  createTestApp,
  runRecurringJobNow,
  simulatorClient,
  type TestApp,
} from '#tests/support/test-app.js';
import { markRestored as markRestoredDatabase, type RestorePlan } from '../../db/restore-mark.js';
import { TransglobalCourier } from '../../providers/courier/transglobal/transglobal.client.js';
import { checkBookingChangesJob } from '../booking-changes/index.js';
import { providerRefundKey } from './refunds.js';
import { reconcileRestoreJob } from './jobs/reconcile-restore.job.js';

/**
 * A restored site's reconciliation of the booking changes and refunds its backup held as under
 * way (decision 141, "Later finding"). Each test makes the change or refund on the site, stops
 * there as a backup would, then does what the site before the restore did after it straight at
 * the courier simulator and the card sandbox (the one courier and card provider both sites
 * talk to), leaves the mark `npm run restore` leaves, and runs the reconciliation and the jobs:
 * nothing the outside world already saw is asked again, and every email the settlement writes
 * is held for an operator, unless the outside world shows it could not have been sent.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ operatorSessions: { maxHours: 24 * 7, idleMinutes: 24 * 60 * 7 } });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set('2026-11-23T10:00:00Z');
  t.courierSimulator!.control({ reset: true });
  await t.database.query(
    `UPDATE site_restores SET reconciled_at = now() WHERE reconciled_at IS NULL`,
  );
  vi.restoreAllMocks();
});

/** The courier both sites talk to, as the site before the restore called it. */
const courier = () => simulatorClient(t.courierSimulator!.url);

/** The mark `npm run restore` leaves: the jobs that reach the outside world wait from now. */
function markRestored(): Promise<RestorePlan> {
  return markRestoredDatabase(t.database, 'test-backup');
}

/** The restored site starts: the reconciliation, then every job on what it found. */
async function startRestored(): Promise<void> {
  await t.app.services.jobs.schedule(reconcileRestoreJob);
  await settle(t);
}

/**
 * The restored site starts while the courier's documents do not say the collection in force
 * (its date, contact and cover): what the reconciliation cannot settle is left to the check.
 */
async function startRestoredWithoutCollection(): Promise<void> {
  const documents = TransglobalCourier.prototype.getShipmentDocuments;
  const blind = vi
    .spyOn(TransglobalCourier.prototype, 'getShipmentDocuments')
    .mockImplementation(async function (this: TransglobalCourier, reference) {
      return { ...(await documents.call(this, reference)), collection: undefined };
    });
  try {
    await startRestored();
  } finally {
    blind.mockRestore();
  }
}

async function mailOf(orderId: string) {
  return t.database.query<{ kind: string; status: string }>(
    `SELECT kind, status FROM mail WHERE order_id = $1 ORDER BY created_at, kind`,
    [orderId],
  );
}

async function outcome() {
  const { browser: admin } = await signedInAdmin(t);
  const { restore } = (await call(admin, getAdminRestore, {})).json();
  expect(restore?.reconciledAt).not.toBeNull();
  return restore!.outcome!;
}

/** A booked and captured order, its confirmation sent, with a cover raise paid for (80p). */
async function raisePaid() {
  const { order, courierReference } = await bookedWithReference(t);
  await settle(t);
  const raise = await ok(t.app, raiseCover, {
    params: { id: order.id },
    body: { cover: '90', requestKey: randomUUID() },
  });
  await payWithCard(t.app, raise.payment!.clientSecret, GOOD_CARD);
  await ok(t.app, confirmCoverRaise, {
    params: { id: order.id },
    body: { changeId: raise.changeId },
  });
  await sandbox(t).idle();
  const [, cover] = await paymentsOf(t, order.id);
  expect(cover).toMatchObject({ kind: 'cover', status: 'authorised' });
  return { order, courierReference, raise, cover: cover! };
}

describe('a restored site settles the changes under way in its backup', () => {
  it('a cover raise the site before the restore made and charged: done, captured as recorded, its email held', async () => {
    const { order, courierReference, raise, cover } = await raisePaid();
    // After the backup: the courier told the new cover, the payment captured, the email sent.
    await courier().rebookCollection({
      courierReference,
      collectionDate: (await t.app.services.orders.load(order.id)).collectionDate!,
      readyFrom: '09:00',
      coverValue: 90,
    });
    await sandbox(t).capture(cover.provider_payment_id);
    // The restore says what it will ask: the raise under way.
    expect(await markRestored()).toMatchObject({ changes: 1, refunds: 0 });
    const rebooks = t.courierSimulator!.calls().rebook;
    const capture = vi.spyOn(sandbox(t), 'capture');

    await startRestored();

    expect(t.courierSimulator!.calls().rebook).toBe(rebooks);
    expect(capture).not.toHaveBeenCalled();
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['captured', 'captured']);
    expect((await checkoutStatus(t.app, order.id)).receipt?.coverPence).toBe(9_000);
    expect(await mailOf(order.id)).toContainEqual({ kind: 'cover-raised', status: 'held' });
    expect((await mailOf(order.id)).filter((m) => m.kind === 'cover-raised')).toHaveLength(1);
    expect((await outcome()).changes).toEqual([
      {
        changeId: raise.changeId,
        orderId: order.id,
        kind: 'cover',
        was: 'pending',
        found: 'the card provider has captured its payment',
        outcome: 'done',
      },
    ]);
  });

  it('a cover raise the courier already has, not yet charged: done from the courier’s answer, captured once', async () => {
    const { order, courierReference, cover } = await raisePaid();
    await courier().rebookCollection({
      courierReference,
      collectionDate: (await t.app.services.orders.load(order.id)).collectionDate!,
      readyFrom: '09:00',
      coverValue: 90,
    });
    await markRestored();
    const rebooks = t.courierSimulator!.calls().rebook;
    const capture = vi.spyOn(sandbox(t), 'capture');

    await startRestored();

    expect(t.courierSimulator!.calls().rebook).toBe(rebooks);
    expect(capture.mock.calls.map(([id]) => id)).toEqual([cover.provider_payment_id]);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['captured', 'captured']);
    // The raise may have been emailed before the restore: held.
    expect(await mailOf(order.id)).toContainEqual({ kind: 'cover-raised', status: 'held' });
    expect((await outcome()).changes?.[0]).toMatchObject({
      found: 'the courier has cover of £90',
      outcome: 'done',
    });
  });

  it('a cover raise nothing outside had: made by its job once, its email sent (it cannot have gone before)', async () => {
    const { order } = await raisePaid();
    await markRestored();
    const rebooks = t.courierSimulator!.calls().rebook;
    const capture = vi.spyOn(sandbox(t), 'capture');

    await startRestored();

    expect((await outcome()).changes?.[0]).toMatchObject({
      found: 'the courier has cover of £0',
      outcome: 'to_do',
    });
    expect(t.courierSimulator!.calls().rebook).toBe(rebooks + 1);
    expect(capture).toHaveBeenCalledTimes(1);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['captured', 'captured']);
    const raised = (await mailOf(order.id)).filter((m) => m.kind === 'cover-raised');
    expect(raised).toEqual([{ kind: 'cover-raised', status: 'sent' }]);
  });

  it('a cancellation the courier made and the card provider refunded: cancelled, its refund for an operator, never sent twice', async () => {
    const { order, courierReference } = await bookedWithReference(t);
    await settle(t);
    await ok(t.app, cancelBooking, {
      params: { id: order.id },
      body: { requestKey: randomUUID() },
    });
    const [paid] = await paymentsOf(t, order.id);
    // After the backup: cancelled at the courier and refunded, under a refund of the site's own
    // this data never saw (in part here: its webhook leaves the payment captured on this site,
    // as a lost webhook would leave a whole refund).
    await courier().cancelShipment(courierReference);
    await sandbox(t).refund(paid!.provider_payment_id, providerRefundKey(randomUUID()), 100);
    await markRestored();
    const cancels = t.courierSimulator!.calls().cancel;
    const refund = vi.spyOn(sandbox(t), 'refund');

    await startRestored();

    expect(t.courierSimulator!.calls().cancel).toBe(cancels);
    expect(refund).not.toHaveBeenCalled();
    expect((await checkoutStatus(t.app, order.id)).status).toBe('cancelled');
    const [made] = await t.database.query<{ id: string; status: string; last_error: string }>(
      `SELECT id, status, last_error FROM payment_refunds WHERE order_id = $1`,
      [order.id],
    );
    expect(made).toMatchObject({ status: 'needs_action' });
    expect(made!.last_error).toContain('more than this site records');
    expect(await mailOf(order.id)).toContainEqual({ kind: 'booking-cancelled', status: 'held' });
    const found = await outcome();
    expect(found.changes?.[0]).toMatchObject({ kind: 'cancel', was: 'pending', outcome: 'done' });
    expect(found.refunds).toEqual([
      expect.objectContaining({ refundId: made!.id, outcome: 'needs_action' }),
    ]);
  });

  it('a cancellation the courier never had: made by its job, refunded and emailed once', async () => {
    const { order } = await bookedWithReference(t);
    await settle(t);
    await ok(t.app, cancelBooking, {
      params: { id: order.id },
      body: { requestKey: randomUUID() },
    });
    await markRestored();
    const cancels = t.courierSimulator!.calls().cancel;
    const refund = vi.spyOn(sandbox(t), 'refund');

    await startRestored();

    expect((await outcome()).changes?.[0]).toMatchObject({ kind: 'cancel', outcome: 'to_do' });
    expect(t.courierSimulator!.calls().cancel).toBe(cancels + 1);
    expect(refund).toHaveBeenCalledTimes(1);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('cancelled');
    const mail = await mailOf(order.id);
    expect(mail.filter((m) => m.kind === 'booking-cancelled')).toEqual([
      { kind: 'booking-cancelled', status: 'sent' },
    ]);
    expect(mail.filter((m) => m.kind === 'refund')).toEqual([{ kind: 'refund', status: 'sent' }]);
  });
});

describe('a restored site settles the refunds under way in its backup', () => {
  it('found under its own key: succeeded, its email held; one the provider never had is sent once', async () => {
    const { order } = await bookedWithReference(t);
    await settle(t);
    const { browser: admin } = await signedInAdmin(t);
    for (const amount of ['1.00', '2.00']) {
      const res = await call(admin, refundAdminOrder, {
        params: { id: order.id },
        body: { amount, requestKey: randomUUID(), reason: 'Customer asked' },
      });
      expect(res.statusCode).toBe(200);
    }
    const refunds = await t.database.query<{ id: string; amount_pence: number }>(
      `SELECT id, amount_pence FROM payment_refunds WHERE order_id = $1 ORDER BY amount_pence`,
      [order.id],
    );
    const [paid] = await paymentsOf(t, order.id);
    // After the backup the site before the restore sent the £1 refund, not yet the £2 one.
    await sandbox(t).refund(paid!.provider_payment_id, providerRefundKey(refunds[0]!.id), 100);
    expect(await markRestored()).toMatchObject({ changes: 0, refunds: 2 });
    const refund = vi.spyOn(sandbox(t), 'refund');

    await startRestored();

    expect(refund.mock.calls.map(([, key]) => key)).toEqual([providerRefundKey(refunds[1]!.id)]);
    const now = await t.database.query<{ status: string }>(
      `SELECT status FROM payment_refunds WHERE order_id = $1 ORDER BY amount_pence`,
      [order.id],
    );
    expect(now.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    const refundMail = (await mailOf(order.id)).filter((m) => m.kind === 'refund');
    expect(refundMail.map((m) => m.status).sort()).toEqual(['held', 'sent']);
    expect((await outcome()).refunds).toEqual([
      {
        refundId: refunds[0]!.id,
        orderId: order.id,
        found: 'refunded by the card provider',
        outcome: 'succeeded',
      },
      {
        refundId: refunds[1]!.id,
        orderId: order.id,
        found: 'not at the card provider',
        outcome: 'to_send',
      },
    ]);
  });
});

describe('a change the restore left for an operator', () => {
  it('settled later by the check as the courier has it, its email held: the site before may have sent it', async () => {
    const { order, courierReference } = await bookedWithReference(t);
    await settle(t);
    const from = (await t.app.services.orders.load(order.id)).collectionDate!;
    const { days } = await t.app.services.orders.collectionDates(order.id);
    const to = days.filter((d) => d.selectable && d.date !== from).at(-1)!.date;
    // The backup holds the customer's date change with its courier call under way …
    const changeId = randomUUID();
    await t.database.query(
      `INSERT INTO booking_changes (id, order_id, kind, status, by_kind, details, request_key,
                                    created_at, updated_at)
       VALUES ($1, $2, 'collection_date', 'pending', 'customer', $3, $4, $5, $5)`,
      [changeId, order.id, JSON.stringify({ from, to }), randomUUID(), t.clock.now()],
    );
    // … which the courier made for the site before the restore (that site then told the customer).
    await courier().rebookCollection({ courierReference, collectionDate: to, readyFrom: '09:00' });
    await markRestored();
    // At the restore the courier does not say what collection it has.
    await startRestoredWithoutCollection();
    expect((await outcome()).changes).toEqual([
      {
        changeId,
        orderId: order.id,
        kind: 'collection_date',
        was: 'pending',
        found: 'the courier did not say what collection it has',
        outcome: 'needs_attention',
      },
    ]);
    const rebooks = t.courierSimulator!.calls().rebook;

    // Later the check finds the courier has the new day: the booking follows it, told by no one
    // but an operator.
    await runRecurringJobNow(t, checkBookingChangesJob);
    await settle(t);

    expect(t.courierSimulator!.calls().rebook).toBe(rebooks);
    expect((await t.app.services.orders.load(order.id)).collectionDate).toBe(to);
    const [change] = await t.database.query<{ status: string }>(
      `SELECT status FROM booking_changes WHERE id = $1`,
      [changeId],
    );
    expect(change?.status).toBe('done');
    const rebooked = (await mailOf(order.id)).filter(
      (m) => m.kind === 'tracking-collection-rebooked',
    );
    expect(rebooked).toEqual([{ kind: 'tracking-collection-rebooked', status: 'held' }]);
  });
});

describe('a cover raise the restore left for an operator', () => {
  it.each([
    { told: true, rebooks: 0, mail: 'held' },
    { told: false, rebooks: 1, mail: 'sent' },
  ])(
    'is settled by the check once the courier says its cover (told before the restore: $told)',
    async ({ told, rebooks, mail }) => {
      const { order, courierReference, raise } = await raisePaid();
      const collectionDate = (await t.app.services.orders.load(order.id)).collectionDate!;
      if (told) {
        await courier().rebookCollection({
          courierReference,
          collectionDate,
          readyFrom: '09:00',
          coverValue: 90,
        });
      }
      await markRestored();
      await startRestoredWithoutCollection();
      expect((await outcome()).changes).toMatchObject([
        { changeId: raise.changeId, kind: 'cover', outcome: 'needs_attention' },
      ]);
      const before = t.courierSimulator!.calls().rebook;

      await runRecurringJobNow(t, checkBookingChangesJob);
      await settle(t);

      expect(t.courierSimulator!.calls().rebook - before).toBe(rebooks);
      const [change] = await t.database.query<{ status: string }>(
        `SELECT status FROM booking_changes WHERE id = $1`,
        [raise.changeId],
      );
      expect(change?.status).toBe('done');
      expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual([
        'captured',
        'captured',
      ]);
      expect((await mailOf(order.id)).filter((m) => m.kind === 'cover-raised')).toEqual([
        { kind: 'cover-raised', status: mail },
      ]);
    },
  );
});
