// On PostgreSQL too: refunds requested at once, each under its own key and the order's lock.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import { signedInCustomer, useConsoleTestApp } from '#tests/support/operators.js';
import type { SandboxPaymentProvider } from '../../providers/payment/sandbox/sandbox-payments.js';
import { ProviderError } from '../../providers/provider-error.js';
import { checkoutStatus } from '#tests/support/checkout.js';
import {
  authorisedOrder,
  capturedOrder,
  realSandboxRefund,
  refundsUnreachable,
  sandbox,
  settle,
  useOperatorPayments,
} from '#tests/support/factories/payments.js';
import { call, ok } from '#tests/support/call.js';
import { listAuditLog } from '#src/domain/api/admin/audit-log.js';
import { getAdminOrder } from '#src/domain/api/admin/orders.js';
import { markAdminRefundOutside, retryAdminRefund } from '#src/domain/api/admin/payments.js';
import { getOrderTracking, getTracking } from '#src/domain/api/tracking.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import { formatPence } from '#src/domain/money.js';

/**
 * Refunds never block (decision 104): a refund whose job spends its retries ends `needs_action`,
 * the payment's other refunds go ahead, an operator retries it (the provider's key is the
 * refund's own, so nothing is refunded twice) or marks it refunded outside the site; the
 * customer's pages show what was paid and refunded.
 */

/** Three attempts per job, so a test spends them in a few rounds. */
const MAX_ATTEMPTS = 3;

// The clock moves hours on between an operator's requests; how long an operator's session
// lasts is sessions.test.ts's subject, not this file's.
const { t, operator } = useConsoleTestApp({
  jobQueue: { maxAttempts: MAX_ATTEMPTS },
  operatorSessions: { maxHours: 24 * 7, idleMinutes: 24 * 60 * 7 },
});
const { payments, sandboxRow, refund } = useOperatorPayments(t, operator);

const paidOrder = () => capturedOrder(t);
const refundedAtProvider = async (providerPaymentId: string) =>
  (await sandboxRow(providerPaymentId))?.amount_refunded_pence;
const detailOf = async (orderId: string) =>
  (await call(operator.browser, getAdminOrder, { params: { id: orderId } })).json();

/** Lets time pass (each job's backoff) and runs what is due, `rounds` times. */
async function laterAndSettle(rounds: number) {
  for (let i = 0; i < rounds; i += 1) {
    t.clock.set(new Date(t.clock.now().getTime() + 60 * 60_000));
    await settle(t);
  }
}

/**
 * The order's first refund, asked, its key put in `stuck` (the provider never answers it), and
 * its job's every attempt spent; answers the refund's id.
 */
async function firstRefundStuck(orderId: string, amount: string, stuck: Set<string>) {
  const first = await refund(orderId, amount);
  expect(first.statusCode, first.body).toBe(200);
  const id: string = first.json().refunds[0]!.id;
  stuck.add(`refund:${id}`);
  await settle(t);
  await laterAndSettle(MAX_ATTEMPTS);
  return id;
}

/** The provider cannot be reached for refunds with these keys; others go through. */
const unreachableFor = (keys: Set<string>, options: { refundsFirst: boolean }) =>
  refundsUnreachable(t, (key) => keys.has(key), options);

describe('a refund whose job spends its retries', () => {
  it('ends needs_action; a second refund of the payment is accepted and completes; never more than was paid', async () => {
    const { order, payment } = await paidOrder();
    const price = payment.amount_pence;
    const stuck = new Set<string>();
    const calls = unreachableFor(stuck, { refundsFirst: false });
    // Every refund of this test whose key is in `stuck` fails to reach the provider.
    const firstId = await firstRefundStuck(order.id, '20.00', stuck);
    let detail = await detailOf(order.id);
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        id: firstId,
        status: 'needs_action',
        lastError: 'The card provider could not be reached',
        settledAt: null,
      }),
    ]);
    expect(calls.filter((k) => k === `refund:${firstId}`)).toHaveLength(MAX_ATTEMPTS);
    // Its £20 may have gone: it is not left to refund.
    expect(detail.refundablePence).toBe(price - 2000);
    const tooMuch = await refund(order.id, formatPence(price - 2000 + 1));
    expect(tooMuch.statusCode).toBe(422);

    // The rest goes ahead and completes.
    t.clock.set(new Date(t.clock.now().getTime() + 1_000));
    const rest = await refund(order.id, formatPence(price - 2000));
    expect(rest.statusCode, rest.body).toBe(200);
    await settle(t);
    detail = await detailOf(order.id);
    expect(detail.refunds.map((r: { status: string }) => r.status)).toEqual([
      'needs_action',
      'succeeded',
    ]);
    expect(detail.refundablePence).toBe(0);
    expect(await refundedAtProvider(payment.provider_payment_id)).toBe(price - 2000);
    expect((await payments(order.id))[0]?.status).toBe('captured');

    // The operator retries the stuck one: a new job, the same key at the provider.
    stuck.clear();
    const retried = await call(operator.browser, retryAdminRefund, {
      params: { id: order.id, refundId: firstId },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().refunds[0]).toMatchObject({ status: 'pending', retries: 1 });
    await settle(t);
    detail = await detailOf(order.id);
    expect(detail.refunds.map((r: { status: string }) => r.status)).toEqual([
      'succeeded',
      'succeeded',
    ]);
    expect(await refundedAtProvider(payment.provider_payment_id)).toBe(price);
    expect((await payments(order.id))[0]?.status).toBe('refunded');
    // Each refund reached the provider's books once.
    const [{ n }] = (await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sandbox_refunds WHERE payment_id = $1',
      [payment.provider_payment_id],
    )) as [{ n: number }];
    expect(n).toBe(2);
    // A retry of a settled refund is refused and changes nothing.
    const again = await call(operator.browser, retryAdminRefund, {
      params: { id: order.id, refundId: firstId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiErrorBody>().error.code).toBe('REFUND_NOT_ACTIONABLE');
    const audit = (
      await call(operator.browser, listAuditLog, { query: { subject: order.reference } })
    ).json().entries as { action: string; adminEmail: string }[];
    expect(audit.map((a) => a.action).sort()).toEqual([
      'order.refund',
      'order.refund',
      'order.refund.retry',
    ]);
  });

  it('an operator retry of one whose first attempt did go through refunds it once (the key finds it)', async () => {
    const { order, payment } = await paidOrder();
    const stuck = new Set<string>();
    // The provider refunds, then its reply is lost; afterwards it cannot be reached at all.
    const calls = unreachableFor(stuck, { refundsFirst: true });
    const realFind = Object.getPrototypeOf(sandbox(t)).findRefund.bind(
      sandbox(t),
    ) as SandboxPaymentProvider['findRefund'];
    let lookups = 0;
    sandbox(t).findRefund = async (id, key) => {
      lookups += 1;
      if (stuck.has(key) && lookups > 1) {
        throw new ProviderError(
          'payment',
          'NETWORK',
          true,
          'The card provider could not be reached',
        );
      }
      return realFind(id, key);
    };
    try {
      const id = await firstRefundStuck(order.id, '5.00', stuck);
      let detail = await detailOf(order.id);
      expect(detail.refunds).toEqual([
        expect.objectContaining({
          status: 'needs_action',
          lastError: 'The card provider could not be reached',
        }),
      ]);
      expect(calls).toEqual([`refund:${id}`]);
      expect(await refundedAtProvider(payment.provider_payment_id)).toBe(500);
      // No email yet: nobody knows the refund went through.
      expect(await refundMails(order.reference)).toEqual([]);

      // The provider is back; the operator retries: the lookup by key finds the first refund.
      stuck.clear();
      const retried = await call(operator.browser, retryAdminRefund, {
        params: { id: order.id, refundId: id },
      });
      expect(retried.statusCode, retried.body).toBe(200);
      await settle(t);
      detail = await detailOf(order.id);
      expect(detail.refunds).toEqual([
        expect.objectContaining({ status: 'succeeded', lastError: null, retries: 1 }),
      ]);
      expect(calls).toEqual([`refund:${id}`]);
      expect(await refundedAtProvider(payment.provider_payment_id)).toBe(500);
      expect(await refundMails(order.reference)).toHaveLength(1);
      // The timeline says who sent it again.
      expect(detail.timeline.map((e: { text: string }) => e.text)).toContainEqual(
        expect.stringMatching(
          new RegExp(`^${operator.email.replace(/[.+]/g, '\\$&')}: order\\.refund\\.retry`),
        ),
      );
    } finally {
      sandbox(t).findRefund = realFind;
    }
  });

  it('a refund the provider refused can be retried, but not beyond what is left', async () => {
    const { order, payment } = await paidOrder();
    const price = payment.amount_pence;
    sandbox(t).refund = async () => {
      throw new ProviderError('payment', 'INVALID_REQUEST', false, 'Charge ch_1 is disputed.');
    };
    const first = await refund(order.id, formatPence(price));
    const id = first.json().refunds[0]!.id;
    await settle(t);
    expect((await detailOf(order.id)).refunds[0]).toMatchObject({ status: 'failed' });
    sandbox(t).refund = realSandboxRefund(t);
    // Meanwhile £1 is refunded: the refused whole no longer fits.
    t.clock.set(new Date(t.clock.now().getTime() + 1_000));
    expect((await refund(order.id, '1.00')).statusCode).toBe(200);
    const refused = await call(operator.browser, retryAdminRefund, {
      params: { id: order.id, refundId: id },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>().error.code).toBe('NOT_REFUNDABLE');
    expect((await detailOf(order.id)).refunds[0]).toMatchObject({ status: 'failed', retries: 0 });
    await settle(t);
    expect(await refundedAtProvider(payment.provider_payment_id)).toBe(100);
  });
});

describe('marking a refund refunded outside the site', () => {
  it('needs a note; settles it; the payment is refunded once that covers the rest; audited and on the timeline', async () => {
    const { order, payment } = await paidOrder();
    const price = payment.amount_pence;
    const stuck = new Set<string>();
    unreachableFor(stuck, { refundsFirst: false });
    const id = await firstRefundStuck(order.id, formatPence(price), stuck);
    expect((await detailOf(order.id)).refunds[0]).toMatchObject({ status: 'needs_action' });

    const params = { id: order.id, refundId: id };
    for (const note of ['', '   ', 'x'.repeat(501)]) {
      const res = await call(operator.browser, markAdminRefundOutside, { params, body: { note } });
      expect(res.statusCode, note).toBe(422);
      expect(res.json<ApiErrorBody>().error.fields?.note).toBe(
        'Say how it was refunded, in at most 500 characters',
      );
    }
    // A refund of another order is not this order's.
    const other = await paidOrder();
    const wrong = await call(operator.browser, markAdminRefundOutside, {
      params: { id: other.order.id, refundId: id },
      body: { note: 'Bank transfer' },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json<ApiErrorBody>().error.code).toBe('REFUND_NOT_FOUND');

    const note = 'Bank transfer from our account, ref BT-778';
    const res = await call(operator.browser, markAdminRefundOutside, { params, body: { note } });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        status: 'refunded_outside',
        note,
        resolvedByEmail: operator.email,
        resolvedAt: t.clock.now().toISOString(),
        settledAt: t.clock.now().toISOString(),
      }),
    ]);
    expect(detail.refundablePence).toBe(0);
    expect((await payments(order.id))[0]?.status).toBe('refunded');
    // Nothing was asked of the provider for it.
    expect(await refundedAtProvider(payment.provider_payment_id)).toBe(0);
    expect(detail.timeline.map((e: { text: string }) => e.text)).toContainEqual(
      `Refund of ${formatPence(price)} marked refunded outside the site by ${operator.email}: ${note}`,
    );
    const audit = (
      await call(operator.browser, listAuditLog, { query: { subject: order.reference } })
    ).json().entries as { action: string; adminEmail: string; details: Record<string, unknown> }[];
    expect(audit.find((a) => a.action === 'order.refund.outside')).toMatchObject({
      adminEmail: operator.email,
      details: { refundId: id, amountPence: price, note, payment: 'refunded' },
    });
    // Twice: refused, nothing changes.
    const twice = await call(operator.browser, markAdminRefundOutside, {
      params,
      body: { note: 'again' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ApiErrorBody>().error.code).toBe('REFUND_NOT_ACTIONABLE');
    // The customer's page: refunded by other means, nothing paid net.
    const status = await checkoutStatus(t.app, order.id);
    expect(status.money?.refunds).toEqual([
      expect.objectContaining({
        state: 'refunded_outside',
        words: 'Refunded by other means on 23 Nov',
      }),
    ]);
    expect(status.money?.netPence).toBe(0);
  });
});

describe('who may act on a refund', () => {
  it('answers 401 signed out and 403 to a customer, and changes nothing', async () => {
    const params = { id: randomUUID(), refundId: randomUUID() };
    const customer = await signedInCustomer(t);
    for (const [as, status] of [
      [new TestBrowser(t.app), 401],
      [customer, 403],
    ] as const) {
      expect((await call(as, retryAdminRefund, { params })).statusCode).toBe(status);
      expect(
        (await call(as, markAdminRefundOutside, { params, body: { note: 'x' } })).statusCode,
      ).toBe(status);
    }
  });
});

describe('what the customer sees', () => {
  it('after a £20 refund: paid with the card ending, the refund sent, the net; the tracking page without the card', async () => {
    const { order, payment } = await paidOrder();
    const price = payment.amount_pence;
    expect(payment.card_last4).toBe('4242');
    // What was paid, as every view of the money below shows it.
    const paid = {
      amountPence: price,
      paidAt: expect.any(String),
      cardLast4: '4242',
      parts: [
        {
          what: 'booking',
          amountPence: price,
          paidAt: expect.any(String),
          words: expect.stringMatching(/^Your booking, paid on \d+ \w+$/),
        },
      ],
    };
    const before = await checkoutStatus(t.app, order.id);
    expect(before.money).toEqual({
      paid,
      refunds: [],
      refundedPence: 0,
      netPence: price,
    });
    expect((await refund(order.id, '20.00')).statusCode).toBe(200);
    const asked = await checkoutStatus(t.app, order.id);
    expect(asked.money?.refunds).toEqual([
      {
        amountPence: 2000,
        askedAt: t.clock.now().toISOString(),
        settledAt: null,
        state: 'pending',
        words: 'Refund being processed',
      },
    ]);
    expect(asked.money?.netPence).toBe(price);
    await settle(t);
    const status = await checkoutStatus(t.app, order.id);
    expect(status.money).toEqual({
      paid,
      refunds: [
        {
          amountPence: 2000,
          askedAt: t.clock.now().toISOString(),
          settledAt: t.clock.now().toISOString(),
          state: 'succeeded',
          words:
            'Refund sent to your card ending 4242 on 23 Nov; banks take up to 5 working days to show it',
        },
      ],
      refundedPence: 2000,
      netPence: price - 2000,
    });
    // The email says the same.
    const [mail] = await refundMails(order.reference);
    expect(mail?.text_body).toContain(
      `We have refunded £20.00 to your card ending 4242 on 23 Nov for booking ${order.reference}; banks take up to 5 working days to show it.`,
    );
    expect(mail?.text_body).toContain(
      `In all we have refunded £20.00 of the ${formatPence(price)} you paid, so you have paid ${formatPence(price - 2000)} net.`,
    );

    // The tracking views are for following the parcel (the link may be shared with the recipient):
    // no amounts, no refunds, no card; the order's own pages carry the money (above).
    const { tracking } = await ok(t.app, getOrderTracking, { params: { id: order.id } });
    expect(tracking).not.toBeNull();
    const byToken = await ok(t.app, getTracking, { params: { token: tracking!.token } });
    for (const view of [tracking!, byToken]) {
      expect(view).not.toHaveProperty('money');
      expect(JSON.stringify(view)).not.toMatch(/pence|refund/i);
      expect(JSON.stringify(view)).not.toContain('4242');
    }
  });
});

describe('refundInFull (the booking cancellation’s one call)', () => {
  it('refunds everything left in the caller’s transaction, once per request key; null when nothing is left', async () => {
    const { order, payment } = await paidOrder();
    const price = payment.amount_pence;
    const checkout = t.app.services.checkout;
    expect((await refund(order.id, '10.00')).statusCode).toBe(200);
    const key = `cancel:${order.id}`;
    const input = {
      requestKey: key,
      reason: 'Booking cancelled by the customer',
      by: { kind: 'customer' as const, email: 'ada@example.com' },
    };
    const run = () => t.database.db.transaction((tx) => checkout.refundInFull(order.id, input, tx));
    const first = await run();
    expect(first).toMatchObject({
      amountPence: price - 1000,
      status: 'pending',
      requestedBy: 'customer',
      requesterEmail: 'ada@example.com',
      adminEmail: null,
      reason: 'Booking cancelled by the customer',
    });
    const again = await run();
    expect(again?.id).toBe(first?.id);
    checkout.wake();
    await settle(t);
    expect(await refundedAtProvider(payment.provider_payment_id)).toBe(price);
    expect((await payments(order.id))[0]?.status).toBe('refunded');
    // A new key once everything is refunded: nothing left.
    expect(
      await t.database.db.transaction((tx) =>
        checkout.refundInFull(order.id, { ...input, requestKey: `${key}:2` }, tx),
      ),
    ).toBeNull();
    const timeline = (await detailOf(order.id)).timeline.map((e: { text: string }) => e.text);
    expect(timeline).toContainEqual(
      `Refund of ${formatPence(price - 1000)} asked by the customer (ada@example.com)`,
    );
  });

  it('is null when nothing was captured', async () => {
    const order = await authorisedOrder(t);
    const checkout = t.app.services.checkout;
    expect(
      await t.database.db.transaction((tx) =>
        checkout.refundInFull(
          order.id,
          { requestKey: randomUUID(), reason: 'x', by: { kind: 'system' } },
          tx,
        ),
      ),
    ).toBeNull();
    await settle(t);
  });
});

async function refundMails(reference: string) {
  return t.database.query<{ subject: string; text_body: string }>(
    `SELECT subject, text_body FROM mail WHERE subject LIKE $1 AND subject LIKE 'We have refunded%'
     ORDER BY created_at`,
    [`%${reference}`],
  );
}
