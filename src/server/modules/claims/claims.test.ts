// On PostgreSQL too: two approvals race each other under the claim's row lock.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import { call, ok } from '#tests/support/call.js';
import { mailSubjects, paymentsOf, refundsOf } from '#tests/support/booking-changes.js';
import { bookedOrder, sandbox, settle } from '#tests/support/factories/payments.js';
import {
  deliveredOrderForClaims,
  leaveOnCard,
  openClaimBody as openBody,
  trackBox,
} from '#tests/support/factories/claims.js';
import { signedInAdmin } from '#tests/support/operators.js';
import { useTestApp } from '#tests/support/test-app.js';
import { getAdminOrder } from '#src/domain/api/admin/orders.js';
import { markAdminRefundOutside } from '#src/domain/api/admin/payments.js';
import {
  answerClaim,
  approveClaim,
  askClaimInfo,
  declineClaim,
  getAdminClaim,
  getAdminClaims,
  getClaimOptions,
  giveClaimBankDetails,
  listClaims,
  openClaim,
  quoteClaim,
  recordClaimBankPayment,
  sendClaimToCourier,
} from '#src/domain/api/claims.js';
import { CLAIM_RULES } from '#src/domain/claims.js';
import type { SandboxPaymentProvider } from '../../providers/payment/sandbox/sandbox-payments.js';
import { ProviderError } from '../../providers/provider-error.js';

/**
 * Claims for a lost or damaged box (docs/claims.md) on a booked order: one small box declaring
 * four books at £12.50 and two jumpers at £20 (£90), with the included £50 of cover. The box's
 * tracking is written as the courier would report it.
 */
const t = useTestApp();
let admin: TestBrowser;
/** Signs an operator in at the clock's time now (a session made days earlier has ended). */
async function signInOperator() {
  ({ browser: admin } = await signedInAdmin(t));
}
beforeEach(() => {
  t.clock.set('2026-11-23T10:00:00Z');
  t.courierSimulator!.control({ reset: true });
});

const track = (orderId: string, what: Parameters<typeof trackBox>[2]) => trackBox(t, orderId, what);

const refundOfSandbox = () =>
  Object.getPrototypeOf(sandbox(t)).refund as SandboxPaymentProvider['refund'];

/** A booked order whose box was delivered on 27 November, with its items' ids. */
async function deliveredOrder() {
  const delivered = await deliveredOrderForClaims(t);
  await signInOperator();
  return delivered;
}

function open(orderId: string, body: Parameters<typeof openBody>[0]) {
  return call(t.app, openClaim, { params: { id: orderId }, body: openBody(body) });
}

const reason = 'Photos show the damage';

function approve(claimId: string, amountPence: number, extent: 'full' | 'part' = 'full') {
  return call(admin, approveClaim, {
    params: { claimId },
    body: { extent, amountPence, reason },
  });
}

async function claimSubjects(orderId: string, start: string) {
  return (await mailSubjects(t, orderId)).filter((s) => s.startsWith(start));
}

describe('what can be claimed', () => {
  it('says per box whether lost or damaged can be claimed now and why not, with the items and cover', async () => {
    const { order } = await bookedOrder(t);
    await track(order.id, { deliveredOn: '2026-11-27' });
    t.clock.set('2026-11-30T10:00:00Z');
    const options = await ok(t.app, getClaimOptions, { params: { id: order.id } });
    expect(options.boxes).toHaveLength(1);
    expect(options.boxes[0]).toMatchObject({
      number: 1,
      deliveredOn: '2026-11-27',
      damaged: { eligible: true, rule: null },
      lost: {
        eligible: false,
        rule: 'lost-but-delivered',
        reason: CLAIM_RULES['lost-but-delivered'],
      },
    });
    expect(options.coverPence).toBe(5000);
    expect(options.coverLeftPence).toBe(5000);
    const lines = options.items.map((i) => [i.name, i.units, i.declaredPence]);
    expect(lines.sort()).toEqual([
      ['Books', 4, 5000],
      ['Jumper', 2, 4000],
    ]);
    // 15 days after delivery: too late for damage.
    t.clock.set('2026-12-12T10:00:00Z');
    const late = await ok(t.app, getClaimOptions, { params: { id: order.id } });
    expect(late.boxes[0]!.damaged).toMatchObject({ eligible: false, rule: 'damage-too-late' });
  });

  it('a box the courier says is lost can be claimed as lost, not as damaged', async () => {
    const { order } = await bookedOrder(t);
    await track(order.id, { lost: true });
    const options = await ok(t.app, getClaimOptions, { params: { id: order.id } });
    expect(options.boxes[0]).toMatchObject({
      courierSaysLost: true,
      lost: { eligible: true },
      damaged: { eligible: false, rule: 'damage-not-delivered' },
    });
  });

  it('a box with no movement is lost 10 working days after its expected delivery, not before', async () => {
    const { order } = await bookedOrder(t);
    const [shipment] = await t.database.query<{ expected_delivery: string }>(
      "SELECT to_char(expected_delivery, 'YYYY-MM-DD') AS expected_delivery FROM shipments WHERE order_id = $1",
      [order.id],
    );
    const options = await ok(t.app, getClaimOptions, { params: { id: order.id } });
    const from = options.boxes[0]!.lost.from!;
    expect(options.boxes[0]).toMatchObject({
      expectedDelivery: shipment!.expected_delivery,
      lost: { eligible: false, rule: 'lost-too-soon' },
    });
    expect(from > shipment!.expected_delivery).toBe(true);
    t.clock.set(`${from}T10:00:00Z`);
    const then = await ok(t.app, getClaimOptions, { params: { id: order.id } });
    expect(then.boxes[0]!.lost).toMatchObject({ eligible: true });
  });

  it('quotes the server’s amount for the chosen items, capped by the cover left', async () => {
    const { order, items } = await deliveredOrder();
    const quote = await ok(t.app, quoteClaim, {
      params: { id: order.id },
      body: { items: [{ itemId: items.books, units: 2 }] },
    });
    expect(quote).toMatchObject({ itemsPence: 2500, payablePence: 2500, cappedBy: null });
    const all = await ok(t.app, quoteClaim, {
      params: { id: order.id },
      body: { items: [{ itemId: items.books }, { itemId: items.jumper }] },
    });
    expect(all).toMatchObject({ itemsPence: 9000, payablePence: 5000, cappedBy: 'over-cover' });
    const wrong = await call(t.app, quoteClaim, {
      params: { id: order.id },
      body: { items: [{ itemId: items.books, units: 5 }] },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ error: { message: string } }>().error.message).toBe(
      'Choose from 1 to 4 of Books.',
    );
  });

  it('is only for whoever may open the order', async () => {
    const { order } = await deliveredOrder();
    const stranger = new TestBrowser(t.app);
    for (const answer of [
      await call(stranger, getClaimOptions, { params: { id: order.id } }),
      await call(stranger, listClaims, { params: { id: order.id } }),
      await call(stranger, openClaim, {
        params: { id: order.id },
        body: openBody({ items: [{ itemId: randomUUID() }] }),
      }),
    ]) {
      expect(answer.statusCode).toBe(404);
    }
    // The tracking page's link (shared with the recipient) opens no claim.
    const tracking = await t.app.services.tracking.view(order.id);
    const withToken = await stranger.get(
      `/api/v1/orders/${order.id}/claim-options?access=${encodeURIComponent(tracking!.token)}`,
    );
    expect(withToken.statusCode).toBe(404);
    expect(await t.database.query('SELECT id FROM claims WHERE order_id = $1', [order.id])).toEqual(
      [],
    );
  });
});

describe('opening a claim', () => {
  it('works out the amount on the server, once per request key, and emails once', async () => {
    const { order, items } = await deliveredOrder();
    const requestKey = randomUUID();
    const first = await open(order.id, { items: [{ itemId: items.books }], requestKey });
    expect(first.statusCode).toBe(201);
    const claim = first.json();
    expect(claim).toMatchObject({ state: 'submitted', payablePence: 5000, itemsPence: 5000 });
    const again = await open(order.id, { items: [{ itemId: items.jumper }], requestKey });
    expect(again.json().id).toBe(claim.id);
    // Another claim for the same box while this one is open: refused.
    const second = await open(order.id, { items: [{ itemId: items.jumper }] });
    expect(second.statusCode).toBe(409);
    expect(second.json<{ error: { code: string } }>().error.code).toBe('CLAIM_OPEN');
    const { claims } = await ok(t.app, listClaims, { params: { id: order.id } });
    expect(claims.map((c) => [c.id, c.events.length])).toEqual([[claim.id, 1]]);
    expect(await claimSubjects(order.id, 'We have your claim')).toHaveLength(1);
  });

  it('refuses outside the time limit with the rule’s sentence (422)', async () => {
    const { order, items } = await deliveredOrder();
    t.clock.set('2026-12-14T10:00:00Z');
    const late = await open(order.id, { items: [{ itemId: items.books }] });
    expect(late.statusCode).toBe(422);
    expect(late.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'CLAIM_NOT_ELIGIBLE',
      message: CLAIM_RULES['damage-too-late'],
    });
    const lost = await open(order.id, { items: [{ itemId: items.books }], kind: 'lost' });
    expect(lost.json<{ error: { message: string } }>().error.message).toBe(
      CLAIM_RULES['lost-but-delivered'],
    );
    expect(await t.database.query('SELECT id FROM claims WHERE order_id = $1', [order.id])).toEqual(
      [],
    );
  });
});

describe('the console', () => {
  it('asks for more, the customer answers, sends to the courier, declines with a rule', async () => {
    const { order, items } = await deliveredOrder();
    const claim = (await open(order.id, { items: [{ itemId: items.books }] })).json();
    const asked = await call(admin, askClaimInfo, {
      params: { claimId: claim.id },
      body: { reason: 'Please send a photo of the box.' },
    });
    expect(asked.json().state).toBe('more_info_needed');
    // Answering twice: the second finds the claim submitted already.
    const answer = () =>
      call(t.app, answerClaim, {
        params: { id: order.id, claimId: claim.id },
        body: { message: 'Photo attached to my email.' },
      });
    expect((await answer()).json().state).toBe('submitted');
    expect((await answer()).statusCode).toBe(409);
    const sent = await call(admin, sendClaimToCourier, {
      params: { claimId: claim.id },
      body: { courierClaimReference: 'CR-123', reason: 'Courier needs to investigate' },
    });
    expect(sent.json()).toMatchObject({ state: 'with_courier', courierClaimReference: 'CR-123' });
    const declined = await call(admin, declineClaim, {
      params: { claimId: claim.id },
      body: { rule: 'not-covered', reason: 'The courier found the books were packed loose.' },
    });
    expect(declined.json()).toMatchObject({
      state: 'declined',
      decision: { rule: 'not-covered', ruleText: CLAIM_RULES['not-covered'] },
    });
    const noReason = await call(admin, approveClaim, {
      params: { claimId: claim.id },
      body: { extent: 'full', amountPence: 5000, reason: ' ' },
    });
    expect(noReason.statusCode).toBe(422);
    expect((await approve(claim.id, 5000)).statusCode).toBe(409);
    const { claims } = await ok(t.app, listClaims, { params: { id: order.id } });
    expect(claims[0]!.events.map((e) => [e.kind, e.state])).toEqual([
      ['state', 'submitted'],
      ['operator_request', null],
      ['state', 'more_info_needed'],
      ['customer_message', null],
      ['state', 'submitted'],
      ['state', 'with_courier'],
      ['state', 'declined'],
    ]);
    expect(await claimSubjects(order.id, 'We need more about your claim')).toHaveLength(1);
    expect(await claimSubjects(order.id, 'Your claim is declined')).toHaveLength(1);
    const page = await ok(admin, getAdminOrder, { params: { id: order.id } });
    const texts = page.timeline.map((e) => e.text);
    expect(texts.some((s) => s.includes('claim.decline') && s.includes('packed loose'))).toBe(true);
    expect(texts.some((s) => s.includes('the customer answered: Photo attached'))).toBe(true);
  });

  it('approves within what the claim can pay, never above', async () => {
    const { order, items } = await deliveredOrder();
    const claim = (await open(order.id, { items: [{ itemId: items.books, units: 2 }] })).json();
    for (const [amount, extent] of [
      [2600, 'full'],
      [2400, 'full'],
      [2500, 'part'],
    ] as const) {
      const refused = await approve(claim.id, amount, extent);
      expect(refused.statusCode).toBe(422);
    }
    expect((await approve(claim.id, 2000, 'part')).json()).toMatchObject({
      state: 'approved',
      decision: { extent: 'part', amountPence: 2000 },
    });
  });

  it('two approvals at once pay once, by a card refund, and the claim is paid when it succeeds', async () => {
    const { order, items } = await deliveredOrder();
    const claim = (await open(order.id, { items: [{ itemId: items.books }] })).json();
    const answers = await Promise.all([approve(claim.id, 5000), approve(claim.id, 5000)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const approved = answers.find((a) => a.statusCode === 200)!.json();
    expect(approved.payment).toMatchObject({ method: 'refund', paidAt: null });
    await settle(t);
    expect(await refundsOf(t, order.id)).toEqual([{ status: 'succeeded', amount_pence: 5000 }]);
    const paid = await ok(admin, getAdminClaim, { params: { claimId: claim.id } });
    expect(paid.state).toBe('paid');
    expect(paid.payment?.paidAt).not.toBeNull();
    // The operator weighs the claim against the order's whole declaration, not only what is claimed.
    expect(paid.declaration.map((item) => [item.itemId, item.units])).toEqual(
      expect.arrayContaining([
        [items.books, 4],
        [items.jumper, 2],
      ]),
    );
    expect(await claimSubjects(order.id, 'Your claim is approved')).toHaveLength(1);
    expect(await claimSubjects(order.id, 'Your claim is paid')).toHaveLength(1);
    // Paid: nothing more to do, and the cover is used.
    expect((await approve(claim.id, 5000)).statusCode).toBe(409);
    const options = await ok(t.app, getClaimOptions, { params: { id: order.id } });
    expect(options.coverLeftPence).toBe(0);
  });

  it('a claim refund the card provider refuses leaves it approved; marked refunded outside, it is paid', async () => {
    const { order, items } = await deliveredOrder();
    const claim = (await open(order.id, { items: [{ itemId: items.jumper, units: 1 }] })).json();
    sandbox(t).refund = async () => {
      throw new ProviderError('payment', 'INVALID_REQUEST', false, 'Charge is disputed.');
    };
    try {
      expect((await approve(claim.id, 2000)).statusCode).toBe(200);
      await settle(t);
    } finally {
      sandbox(t).refund = refundOfSandbox().bind(sandbox(t));
    }
    const approved = await ok(admin, getAdminClaim, { params: { claimId: claim.id } });
    expect(approved).toMatchObject({ state: 'approved', payment: { method: 'refund' } });
    const [refund] = await t.database.query<{ id: string }>(
      "SELECT id FROM payment_refunds WHERE order_id = $1 AND status = 'failed'",
      [order.id],
    );
    await ok(admin, markAdminRefundOutside, {
      params: { id: order.id, refundId: refund!.id },
      body: { note: 'Paid by cheque' },
    });
    expect((await ok(admin, getAdminClaim, { params: { claimId: claim.id } })).state).toBe('paid');
    expect(await claimSubjects(order.id, 'Your claim is paid')).toHaveLength(1);
  });

  it('above what is left to refund on the card, stays approved for a bank transfer, recorded once', async () => {
    const { order, items } = await deliveredOrder();
    const [payment] = await paymentsOf(t, order.id);
    // An earlier refund leaves £10 on the card.
    await leaveOnCard(t, order.id, 1000);
    const claim = (await open(order.id, { items: [{ itemId: items.books }] })).json();
    const approved = await approve(claim.id, 5000);
    expect(approved.json()).toMatchObject({ state: 'approved', payment: { method: 'bank' } });
    await settle(t);
    expect((await refundsOf(t, order.id)).map((r) => r.amount_pence)).toEqual([
      payment!.amount_pence - 1000,
    ]);
    const record = () =>
      call(admin, recordClaimBankPayment, {
        params: { claimId: claim.id },
        body: { bankReference: 'BACS-77', reason: 'Paid from the claims account' },
      });
    const queue = await ok(admin, getAdminClaims, { query: {} });
    expect(queue.claims.find((c) => c.id === claim.id)).toMatchObject({ paymentMethod: 'bank' });
    // The bank payment is recorded once the customer has given the account it goes to.
    await ok(t.app, giveClaimBankDetails, {
      params: { id: order.id, claimId: claim.id },
      body: { accountName: 'A Customer', sortCode: '089999', accountNumber: '66374958' },
    });
    expect((await record()).json()).toMatchObject({
      state: 'paid',
      payment: { method: 'bank', bankReference: 'BACS-77' },
    });
    expect((await record()).statusCode).toBe(409);
    expect(await claimSubjects(order.id, 'Your claim is paid')).toHaveLength(1);
  });

  it('lists open claims overdue first, then oldest', async () => {
    const first = await deliveredOrder();
    const a = (await open(first.order.id, { items: [{ itemId: first.items.books }] })).json();
    t.clock.set('2026-11-23T10:00:00Z');
    const second = await deliveredOrder();
    const b = (await open(second.order.id, { items: [{ itemId: second.items.books }] })).json();
    // Both submitted on Monday 30 November: due in 2 working days, by Wednesday 2 December.
    expect(a.dueBy).toBe('2026-12-02');
    await call(admin, askClaimInfo, { params: { claimId: a.id }, body: { reason: 'Photo?' } });
    // Thursday: b is overdue (submitted since Monday); a waits for the customer (14 days).
    t.clock.set('2026-12-03T10:00:00Z');
    await signInOperator();
    const { claims } = await ok(admin, getAdminClaims, { query: {} });
    const mine = claims.filter((c) => c.id === a.id || c.id === b.id);
    expect(mine.map((c) => [c.id, c.overdue])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
  });
});
