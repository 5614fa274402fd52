// On PostgreSQL too: a raise races the cancellation and other changes under the order's lock.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookedWithReference,
  bookingChangesOf,
  mailSubjects,
  moveCollection,
  paymentsOf,
  refundsOf,
} from '#tests/support/booking-changes.js';
import { call, ok } from '#tests/support/call.js';
import { checkoutStatus, confirm, payWithCard, startPayment } from '#tests/support/checkout.js';
import { readyOrder, withItem } from '#tests/support/factories/orders.js';
import { GOOD_CARD, settle } from '#tests/support/factories/payments.js';
import { signedInAdmin } from '#tests/support/operators.js';
import { createTestApp, type TestApp } from '#tests/support/test-app.js';
import {
  getAdminCoverSettings,
  restoreCoverSettings,
  saveAdminCoverSettings,
} from '#src/domain/api/admin/rates.js';
import { getAdminOrder } from '#src/domain/api/admin/orders.js';
import { refundAdminOrder } from '#src/domain/api/admin/payments.js';
import { cancelBooking, confirmCoverRaise, raiseCover } from '#src/domain/api/booking-changes.js';
import { COVER_MESSAGE } from '#src/domain/api/cover.js';
import { acceptTerms, confirmDeclaration } from '#src/domain/api/declaration.js';
import { BOOKING_CHANGE_MESSAGES as M } from '#src/domain/booking-changes.js';
import { CARD_MESSAGES } from '#src/domain/cards.js';
import { londonAt } from '#src/domain/london-time.js';

/**
 * Raising the cover after payment (docs/cover-and-import-charges.md, "Raising the cover after
 * payment"), against the courier simulator and the card sandbox. Each order is one small box of
 * £90 declared (books and a jumper), booked with the included £50 of cover: a raise to £90 costs
 * 2% of £40, 80p.
 */

let t: TestApp;
beforeAll(async () => {
  // The clock moves hours on between an operator's requests; how long an operator's session
  // lasts is sessions.test.ts's subject, not this file's.
  t = await createTestApp({ operatorSessions: { maxHours: 24 * 7, idleMinutes: 24 * 60 * 7 } });
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.set('2026-11-23T10:00:00Z');
  t.courierSimulator!.control({ reset: true });
});

function ask(orderId: string, cover: string, requestKey = randomUUID()) {
  return call(t.app, raiseCover, { params: { id: orderId }, body: { cover, requestKey } });
}

/** Asks, pays with `card` and makes the confirm call, as the order page does. */
async function raiseAndPay(orderId: string, cover: string, card = GOOD_CARD) {
  const res = await ask(orderId, cover);
  expect(res.statusCode).toBe(200);
  const raise = res.json<{
    changeId: string;
    pricePence: number;
    payment: { clientSecret: string; amountPence: number };
  }>();
  const paid = await payWithCard(t.app, raise.payment.clientSecret, card);
  const view = await ok(t.app, confirmCoverRaise, {
    params: { id: orderId },
    body: { changeId: raise.changeId },
  });
  return { raise, paid, view };
}

function view(orderId: string) {
  return bookingChangesOf(t.app, orderId);
}

describe('raising the cover after payment', () => {
  it('asks the courier once, takes a second payment of the difference and shows it everywhere', async () => {
    const { order, courierReference } = await bookedWithReference(t);
    const before = await view(order.id);
    expect(before.cover).toMatchObject({
      allowed: true,
      reason: null,
      coverPence: 5_000,
      maxCoverPence: 9_000,
      pending: null,
    });

    const { raise, paid, view: after } = await raiseAndPay(order.id, '90');
    expect(raise.pricePence).toBe(80);
    expect(raise.payment.amountPence).toBe(80);
    expect(paid.status).toBe('authorised');
    expect(after.cover.pending).toMatchObject({ status: 'pending', coverPence: 9_000 });
    await settle(t);

    expect(t.courierSimulator!.calls().coverRaises[courierReference]).toEqual([90]);
    const done = await view(order.id);
    expect(done.cover).toMatchObject({
      allowed: false,
      coverPence: 9_000,
      pending: null,
      reason: M.coverAtMost('£90'),
    });
    expect(done.changes.map((c) => [c.kind, c.status, c.summary])).toEqual([
      ['cover', 'done', 'Raised the cover from £50 to £90 (£0.80)'],
    ]);
    // The booking's own payment is untouched; the raise is a payment of its own, captured.
    const payments = await paymentsOf(t, order.id);
    expect(payments.map((p) => [p.kind, p.status])).toEqual([
      ['order', 'captured'],
      ['cover', 'captured'],
    ]);
    expect(payments[1]?.amount_pence).toBe(80);
    const raised = await t.app.services.orders.findById(order.id);
    expect(raised?.coverPence).toBe(9_000);
    // The receipt reads what was paid in all: the service, and the cover to £90 (80p).
    const receipt = (await checkoutStatus(t.app, order.id)).receipt;
    expect(receipt?.amountPence).toBe((payments[0]?.amount_pence ?? 0) + 80);
    expect(receipt?.lines.at(-1)).toEqual({ text: 'Extra cover to £90', amountPence: 80 });
    expect(await mailSubjects(t, order.id)).toContain(
      `Your cover is raised to £90: ${order.reference}`,
    );
    // What the customer sees paid: both payments, each named.
    const money = (await checkoutStatus(t.app, order.id)).money;
    expect(money?.paid.amountPence).toBe((payments[0]?.amount_pence ?? 0) + 80);
    expect(money?.paid.parts.map((p) => [p.what, p.amountPence])).toEqual([
      ['booking', payments[0]?.amount_pence],
      ['cover', 80],
    ]);
    // The console's timeline names the payment and the change.
    const { browser: admin } = await signedInAdmin(t);
    const adminView = await ok(admin, getAdminOrder, { params: { id: order.id } });
    expect(adminView.order.coverPence).toBe(9_000);
    const texts = adminView.timeline.map((e) => e.text);
    expect(texts).toContain('More cover asked by the customer');
    expect(texts.some((x) => x.startsWith('Payment for more cover started (£0.80'))).toBe(true);
    // Asked again (a repeat after the raise): nothing more reaches the courier.
    expect((await ask(order.id, '90')).statusCode).toBe(422);
    await settle(t);
    expect(t.courierSimulator!.calls().coverRaises[courierReference]).toEqual([90]);
  });

  it('refuses amounts it cannot sell, each with its reason', async () => {
    const { order } = await bookedWithReference(t);
    const refusals: [string, string][] = [
      ['lots', COVER_MESSAGE],
      ['40', 'Cover starts at the £50 included with every shipment'],
      ['50', M.coverNotHigher('£50')],
      ['100', 'Cover cannot be more than the value of the items you declared (£90)'],
    ];
    for (const [cover, message] of refusals) {
      const res = await ask(order.id, cover);
      expect(res.statusCode, cover).toBe(422);
      expect(res.json()).toMatchObject({ error: { fields: { cover: message } } });
    }
    expect(await paymentsOf(t, order.id)).toHaveLength(1);
  });

  it('allows no more than the payment step: the value of the goods the cover pays for, its exclusions named', async () => {
    // £90 of books and jumpers, a laptop at £450 (the included £50 only) and a glass vase at
    // £60 (nothing): £600 declared, at most £140 of cover.
    const order = await readyOrder(t.app, { acceptTerms: false });
    const item = (name: string, value: number, lookUp = name) =>
      withItem(
        t.app,
        order,
        { name, numberOfUnits: 1, unitValue: value, unitWeight: 1 },
        { lookUp },
      );
    await item('Laptop', 450);
    await item('Glass vase', 60, 'Vase');
    await ok(t.app, confirmDeclaration, { params: { id: order.id } });
    await ok(t.app, acceptTerms, { params: { id: order.id }, body: { accepted: true } });
    const { clientSecret } = await startPayment(t.app, order.id);
    await payWithCard(t.app, clientSecret, GOOD_CARD);
    await confirm(t.app, order.id);
    await settle(t);

    const before = await view(order.id);
    expect(before.cover).toMatchObject({
      allowed: true,
      declaredValuePence: 60_000,
      coveredValuePence: 14_000,
      maxCoverPence: 14_000,
    });
    // Items declared in the same instant come in no set order: sorted by name.
    const excluded = before.cover.exclusions.map((e) => [e.name, e.covered, e.countedPence]);
    expect(excluded.sort()).toEqual([
      ['Glass vase', 'nothing', 0],
      ['Laptop', 'included-only', 5_000],
    ]);
    const res = await ask(order.id, '141');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: {
        fields: {
          cover:
            'Cover cannot be more than the value of the goods the cover pays for (£140 of the £600 you declared)',
        },
      },
    });
    expect((await ask(order.id, '140')).statusCode).toBe(200);
  });

  it('a declined card changes nothing; the same raise can then be paid with another card', async () => {
    const { order, courierReference } = await bookedWithReference(t);
    const first = await raiseAndPay(order.id, '70', '4000 0000 0000 0002');
    expect(first.paid.status).toBe('requires_payment_method');
    expect(first.view.cover.pending).toMatchObject({ status: 'awaiting_payment', pricePence: 40 });
    await settle(t);
    expect(t.courierSimulator!.calls().coverRaises[courierReference]).toBeUndefined();
    expect((await t.app.services.orders.findById(order.id))?.coverPence).toBeNull();
    // The same amount again: the same raise and payment, now paid with a good card.
    const again = await ask(order.id, '70');
    expect(again.json<{ changeId: string }>().changeId).toBe(first.raise.changeId);
    expect(again.json<{ payment: { error: { message: string } } }>().payment.error?.message).toBe(
      CARD_MESSAGES.declined,
    );
    await payWithCard(t.app, first.raise.payment.clientSecret, GOOD_CARD);
    await ok(t.app, confirmCoverRaise, {
      params: { id: order.id },
      body: { changeId: first.raise.changeId },
    });
    await settle(t);
    expect(t.courierSimulator!.calls().coverRaises[courierReference]).toEqual([70]);
    expect((await paymentsOf(t, order.id)).map((p) => [p.kind, p.status, p.amount_pence])).toEqual([
      ['order', 'captured', expect.any(Number)],
      ['cover', 'captured', 40],
    ]);
  });

  it('another amount replaces a raise still waiting for its card, whose payment is released', async () => {
    const { order } = await bookedWithReference(t);
    const first = await ask(order.id, '70');
    t.clock.set('2026-11-23T10:01:00Z');
    const second = await ask(order.id, '90');
    expect(second.json<{ changeId: string }>().changeId).not.toBe(
      first.json<{ changeId: string }>().changeId,
    );
    // The first payment, paid late in another tab, is released: its raise has ended.
    await payWithCard(
      t.app,
      first.json<{ payment: { clientSecret: string } }>().payment.clientSecret,
      GOOD_CARD,
    );
    await settle(t);
    const changes = (await view(order.id)).changes;
    expect(changes.map((c) => [c.kind, c.status])).toEqual([
      ['cover', 'cancelled'],
      ['cover', 'awaiting_payment'],
    ]);
    expect((await paymentsOf(t, order.id)).map((p) => [p.kind, p.status])).toEqual([
      ['order', 'captured'],
      ['cover', 'cancelled'],
      ['cover', 'requires_payment_method'],
    ]);
  });

  it('the courier refusing (boxes collected) releases the hold: nothing charged, the customer told', async () => {
    const { order, courierReference } = await bookedWithReference(t);
    const { raise } = await raiseAndPay(order.id, '90');
    // Our tracking has not heard of the collection yet; the courier has the boxes.
    t.clock.set(londonAt(order.collectionDate ?? '', '12:00'));
    await settle(t);
    expect(t.courierSimulator!.calls().coverRaises[courierReference]).toBeUndefined();
    const after = await view(order.id);
    expect(after.changes.find((c) => c.id === raise.changeId)).toMatchObject({
      status: 'refused',
      courierAnswer: expect.stringMatching(/collected/),
    });
    expect((await paymentsOf(t, order.id)).map((p) => [p.kind, p.status])).toEqual([
      ['order', 'captured'],
      ['cover', 'cancelled'],
    ]);
    expect((await t.app.services.orders.findById(order.id))?.coverPence).toBeNull();
    expect(await mailSubjects(t, order.id)).toContain(
      `Your cover is not raised: ${order.reference}`,
    );
    // Once our tracking knows, the page says why no raise is offered.
    await t.app.services.tracking.pollDue();
    expect((await view(order.id)).cover).toMatchObject({ allowed: false, reason: M.collected });
    expect((await ask(order.id, '90')).statusCode).toBe(409);
  });

  it('cancelling after a raise refunds both payments in full, once', async () => {
    const { order } = await bookedWithReference(t);
    await raiseAndPay(order.id, '90');
    await settle(t);
    const cancel = () =>
      call(t.app, cancelBooking, {
        params: { id: order.id },
        body: { requestKey: randomUUID() },
      });
    expect((await cancel()).statusCode).toBe(202);
    expect((await cancel()).statusCode).toBe(202);
    await settle(t);
    const payments = await paymentsOf(t, order.id);
    expect(payments.map((p) => [p.kind, p.status])).toEqual([
      ['order', 'refunded'],
      ['cover', 'refunded'],
    ]);
    expect(await refundsOf(t, order.id)).toEqual([
      { status: 'succeeded', amount_pence: 80 },
      { status: 'succeeded', amount_pence: payments[0]?.amount_pence },
    ]);
    const money = (await checkoutStatus(t.app, order.id)).money;
    expect(money?.netPence).toBe(0);
    // The cancellation's email counts both refunds.
    const subject = `Your booking is cancelled: ${order.reference}`;
    for (let round = 0; round < 5; round++) await t.mail.worker.runOnce();
    const delivered = (await t.mail.mailbox!.list()).find((m) => m.subject === subject);
    const message = await t.mail.mailbox!.get(delivered!.id);
    const total = ((payments[0]?.amount_pence ?? 0) + 80) / 100;
    expect(message!.parsed.text).toContain(`A full refund of £${total.toFixed(2)} is on its way`);
  });

  it('cancelling while a raise waits for its card ends the raise; a late payment is released, never charged', async () => {
    const { order } = await bookedWithReference(t);
    const res = await ask(order.id, '90');
    const raise = res.json<{ changeId: string; payment: { clientSecret: string } }>();
    t.clock.set('2026-11-23T10:01:00Z');
    await call(t.app, cancelBooking, {
      params: { id: order.id },
      body: { requestKey: randomUUID() },
    });
    await payWithCard(t.app, raise.payment.clientSecret, GOOD_CARD);
    await ok(t.app, confirmCoverRaise, {
      params: { id: order.id },
      body: { changeId: raise.changeId },
    });
    await settle(t);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('cancelled');
    const after = await view(order.id);
    expect(after.changes.map((c) => [c.kind, c.status])).toEqual([
      ['cover', 'cancelled'],
      ['cancel', 'done'],
    ]);
    expect((await paymentsOf(t, order.id)).map((p) => [p.kind, p.status])).toEqual([
      ['order', 'refunded'],
      ['cover', 'cancelled'],
    ]);
    expect(await refundsOf(t, order.id)).toHaveLength(1);
  });
  it('a raise that costs nothing (cover at 0 %) asks for no card: the courier is told at once', async () => {
    // The booking is priced while the console sells extra cover at 0 %.
    const { browser: admin } = await signedInAdmin(t);
    const before = (await ok(admin, getAdminCoverSettings)).current!.id;
    const free = await ok(admin, saveAdminCoverSettings, {
      body: { percent: '0', maxCover: '2000', note: 'Cover free', basedOnVersionId: before },
    });
    let booking: Awaited<ReturnType<typeof bookedWithReference>>;
    try {
      booking = await bookedWithReference(t);
    } finally {
      await ok(admin, restoreCoverSettings, {
        params: { id: before },
        body: { basedOnVersionId: free.version.id },
      });
    }
    const { order, courierReference } = booking;
    const key = randomUUID();
    const res = await ask(order.id, '90', key);
    expect(res.statusCode, res.body).toBe(200);
    const raise = res.json<{ changeId: string; pricePence: number; payment: unknown }>();
    expect(raise).toMatchObject({ coverPence: 9_000, pricePence: 0, payment: null });
    expect((await view(order.id)).cover.pending).toMatchObject({
      changeId: raise.changeId,
      status: 'pending',
      pricePence: 0,
    });
    // The same request again is the same raise; no payment is ever made for it.
    expect((await ask(order.id, '90', key)).json<{ changeId: string }>().changeId).toBe(
      raise.changeId,
    );
    await settle(t);
    expect(t.courierSimulator!.calls().coverRaises[courierReference]).toEqual([90]);
    expect((await paymentsOf(t, order.id)).map((p) => [p.kind, p.status])).toEqual([
      ['order', 'captured'],
    ]);
    expect((await t.app.services.orders.findById(order.id))?.coverPence).toBe(9_000);
    expect((await view(order.id)).changes.map((c) => [c.status, c.summary])).toEqual([
      ['done', 'Raised the cover from £50 to £90 (no charge)'],
    ]);
    const status = await checkoutStatus(t.app, order.id);
    expect(status.receipt?.coverPence).toBe(9_000);
    expect(status.money?.paid.parts.map((p) => p.what)).toEqual(['booking']);
    const subject = `Your cover is raised to £90: ${order.reference}`;
    expect(await mailSubjects(t, order.id)).toContain(subject);
    for (let round = 0; round < 5; round++) await t.mail.worker.runOnce();
    const delivered = (await t.mail.mailbox!.list()).find((m) => m.subject === subject);
    const message = await t.mail.mailbox!.get(delivered!.id);
    expect(message!.parsed.text).toContain('It costs nothing more');
    expect(message!.parsed.text).not.toContain('card');
  });
  it("an operator's refund takes the booking's payment first, then the raise's; up to both together", async () => {
    const { order } = await bookedWithReference(t);
    await raiseAndPay(order.id, '90');
    await settle(t);
    const { browser: admin } = await signedInAdmin(t);
    const booking = (await paymentsOf(t, order.id))[0]?.amount_pence ?? 0;
    expect((await ok(admin, getAdminOrder, { params: { id: order.id } })).refundablePence).toBe(
      booking + 80,
    );
    const refund = (amount: string, requestKey = randomUUID()) =>
      call(admin, refundAdminOrder, {
        params: { id: order.id },
        body: { amount, requestKey, reason: 'Customer asked' },
      });
    // More than both together: refused with what is left.
    const tooMuch = await refund(((booking + 81) / 100).toFixed(2));
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      error: {
        fields: {
          amount: `At most £${((booking + 80) / 100).toFixed(2)} is left to refund on this payment`,
        },
      },
    });
    // All of the booking's payment and 50p of the raise: two refunds, one request.
    const key = randomUUID();
    const first = await refund(((booking + 50) / 100).toFixed(2), key);
    expect(first.statusCode, first.body).toBe(200);
    expect((await refund(((booking + 50) / 100).toFixed(2), key)).statusCode).toBe(200);
    await settle(t);
    expect(await refundsOf(t, order.id)).toEqual([
      { status: 'succeeded', amount_pence: 50 },
      { status: 'succeeded', amount_pence: booking },
    ]);
    expect((await paymentsOf(t, order.id)).map((p) => [p.kind, p.status])).toEqual([
      ['order', 'refunded'],
      ['cover', 'captured'],
    ]);
    const after = await ok(admin, getAdminOrder, { params: { id: order.id } });
    expect(after.refundablePence).toBe(30);
    // The rest, later that day: the raise is refunded too, and the customer's page nets to
    // nothing; the raise still reads as bought when it was, not when it was refunded.
    t.clock.set('2026-11-23T18:00:00Z');
    expect((await refund('0.30')).statusCode).toBe(200);
    await settle(t);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['refunded', 'refunded']);
    const money = (await checkoutStatus(t.app, order.id)).money;
    expect(money?.netPence).toBe(0);
    expect(money?.paid.parts[1]?.paidAt).toBe('2026-11-23T10:00:00.000Z');
    expect((await refund('0.01')).statusCode).toBe(409);
  });
  it('a raise paid for when the booking is cancelled waits: the cancellation refused, the raise is made and charged', async () => {
    const { order, courierReference } = await bookedWithReference(t);
    const { raise } = await raiseAndPay(order.id, '90');
    // Paid, not yet made: no other change may start meanwhile.
    const moved = await moveCollection(t.app, order.id, '2026-11-30');
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ error: { code: 'CHANGE_IN_PROGRESS' } });
    // The cancellation is asked while the raise is under way; the courier refuses it.
    t.courierSimulator!.control({ cancel: 'fail' });
    const cancel = await call(t.app, cancelBooking, {
      params: { id: order.id },
      body: { requestKey: randomUUID() },
    });
    expect(cancel.statusCode).toBe(202);
    expect((await view(order.id)).changes.find((c) => c.id === raise.changeId)?.status).toBe(
      'pending',
    );
    for (const minutes of [5, 30, 120]) {
      t.clock.set(new Date(Date.parse('2026-11-23T10:00:00Z') + minutes * 60_000).toISOString());
      await settle(t);
    }
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
    const after = await view(order.id);
    // Both asked in the same clock instant: compared in a fixed order.
    expect(after.changes.map((c) => `${c.kind} ${c.status}`).sort()).toEqual([
      'cancel refused',
      'cover done',
    ]);
    expect(t.courierSimulator!.calls().coverRaises[courierReference]).toEqual([90]);
    expect((await t.app.services.orders.findById(order.id))?.coverPence).toBe(9_000);
    expect((await paymentsOf(t, order.id)).map((p) => [p.kind, p.status])).toEqual([
      ['order', 'captured'],
      ['cover', 'captured'],
    ]);
  });
});
