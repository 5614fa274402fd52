import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import { signedInCustomer, useConsoleTestApp } from '#tests/support/operators.js';
import { ProviderError } from '../../providers/provider-error.js';
import { checkoutStatus } from '#tests/support/checkout.js';
import {
  authorisedOrder,
  capturedOrder,
  refundsUnreachable,
  sandbox,
  settle,
  useOperatorPayments,
} from '#tests/support/factories/payments.js';
import { call, untyped } from '#tests/support/call.js';
import { getAdminOrder } from '#src/domain/api/admin/orders.js';
import { cancelAdminOrderAuthorisation, refundAdminOrder } from '#src/domain/api/admin/payments.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import { OPERATOR_REASON_MESSAGE } from '#src/domain/api/admin/console.js';

const { t, operator, auditOf } = useConsoleTestApp();
const { payments, sandboxRow, refund } = useOperatorPayments(t, operator);

/** Booked and its payment captured. */
const paidOrder = async () => (await capturedOrder(t)).order;
async function mailTo(reference: string) {
  return t.database.query<{ subject: string; text_body: string }>(
    `SELECT subject, text_body FROM mail WHERE to_address = 'ada@example.com'
       AND subject LIKE $1 ORDER BY created_at`,
    [`%${reference}`],
  );
}

describe('who may act', () => {
  it('answers 401 signed out and 403 to a customer, and changes nothing', async () => {
    const order = await paidOrder();
    const params = { id: order.id };
    const requestKey = randomUUID();
    const requests = [
      (as: TestBrowser) =>
        call(as, refundAdminOrder, { params, body: { amount: '1.00', requestKey, reason: 'x' } }),
      (as: TestBrowser) =>
        call(as, cancelAdminOrderAuthorisation, { params, body: { reason: 'x' } }),
    ];
    const customer = await signedInCustomer(t);
    for (const send of requests) {
      expect((await send(new TestBrowser(t.app))).statusCode).toBe(401);
      expect((await send(customer)).statusCode).toBe(403);
    }
    await settle(t);
    expect(
      await t.database.query('SELECT id FROM payment_refunds WHERE order_id = $1', [order.id]),
    ).toEqual([]);
    expect(await auditOf(order.reference)).toEqual([]);
  });
});

describe('cancel an authorisation before the booking', () => {
  it('releases the card, never books, emails the customer and records it; once', async () => {
    const order = await authorisedOrder(t);
    const books = t.courierSimulator!.calls().book;
    // Without a reason (or with only spaces), nothing happens.
    for (const body of [{}, { reason: '   ' }]) {
      const refused = await call(operator.browser, cancelAdminOrderAuthorisation, {
        params: { id: order.id },
        body: untyped(body),
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json<ApiErrorBody>().error.fields).toEqual({
        reason: OPERATOR_REASON_MESSAGE,
      });
    }
    const res = await call(operator.browser, cancelAdminOrderAuthorisation, {
      params: { id: order.id },
      body: { reason: 'The customer phoned: sending next month instead' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'booking_failed',
      failureCode: 'CANCELLED_BY_OPERATOR',
    });
    const again = await call(operator.browser, cancelAdminOrderAuthorisation, {
      params: { id: order.id },
      body: { reason: 'Again' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiErrorBody>().error.code).toBe('ORDER_NOT_CANCELLABLE');
    await settle(t);
    // The queued booking job found the order cancelled and called nobody.
    expect(t.courierSimulator!.calls().book).toBe(books);
    const [payment] = await payments(order.id);
    expect(payment?.status).toBe('cancelled');
    expect((await sandboxRow(payment!.provider_payment_id))?.status).toBe('cancelled');
    const status = await checkoutStatus(t.app, order.id);
    expect(status).toMatchObject({ status: 'booking_failed', notCharged: true });
    const mails = await mailTo(order.reference);
    expect(mails.map((m) => m.subject)).toEqual([`Your booking is cancelled: ${order.reference}`]);
    expect(mails[0]?.text_body).toContain('you have not been charged');
    expect(await auditOf(order.reference)).toEqual([
      expect.objectContaining({
        action: 'order.authorisation.cancel',
        adminEmail: operator.email,
        details: expect.objectContaining({
          reason: 'The customer phoned: sending next month instead',
        }),
      }),
    ]);
  });

  it('is refused for a booked order (refund it instead)', async () => {
    const order = await paidOrder();
    const res = await call(operator.browser, cancelAdminOrderAuthorisation, {
      params: { id: order.id },
      body: { reason: 'Customer asked' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiErrorBody>().error.message).toMatch(/refund it instead/);
    expect((await payments(order.id))[0]?.status).toBe('captured');
  });
});

describe('refund a captured payment', () => {
  it('refunds part, then the rest: provider, payment, email and audit; a repeated request refunds once', async () => {
    const order = await paidOrder();
    const [payment] = await payments(order.id);
    const price = payment!.amount_pence;
    const key = randomUUID();
    const first = await refund(order.id, '10.00', key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().refunds).toEqual([
      expect.objectContaining({ amountPence: 1000, status: 'pending', adminEmail: operator.email }),
    ]);
    expect(first.json().refundablePence).toBe(price - 1000);
    // The double click: same key, same refund.
    const double = await refund(order.id, '10.00', key);
    expect(double.statusCode).toBe(200);
    expect(double.json().refunds).toHaveLength(1);
    await settle(t);
    expect((await sandboxRow(payment!.provider_payment_id))?.amount_refunded_pence).toBe(1000);
    expect((await payments(order.id))[0]?.status).toBe('captured');
    const detail = (
      await call(operator.browser, getAdminOrder, { params: { id: order.id } })
    ).json();
    expect(detail.refunds).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(detail.refundablePence).toBe(price - 1000);
    // Sent again after it was confirmed: still one refund, nothing more refunded.
    expect((await refund(order.id, '10.00', key)).json().refunds).toHaveLength(1);
    await settle(t);
    expect((await sandboxRow(payment!.provider_payment_id))?.amount_refunded_pence).toBe(1000);

    // A minute later (the test clock is frozen): the two refund emails are queued in order.
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    const rest = (price - 1000) / 100;
    const second = await refund(order.id, `£${rest.toFixed(2)}`);
    expect(second.statusCode, second.body).toBe(200);
    await settle(t);
    expect((await sandboxRow(payment!.provider_payment_id))?.amount_refunded_pence).toBe(price);
    expect((await payments(order.id))[0]?.status).toBe('refunded');
    expect(
      (await call(operator.browser, getAdminOrder, { params: { id: order.id } })).json()
        .refundablePence,
    ).toBe(0);

    const mails = await mailTo(order.reference);
    const refundMails = mails.filter((m) => m.subject.startsWith('We have refunded'));
    expect(refundMails.map((m) => m.subject)).toEqual([
      `We have refunded £10.00: ${order.reference}`,
      `We have refunded £${rest.toFixed(2)}: ${order.reference}`,
    ]);
    expect(refundMails[1]?.text_body).toContain('That is the whole of the');
    const audit = await auditOf(order.reference);
    expect(audit.map((a) => a.action)).toEqual(['order.refund', 'order.refund']);
    expect(audit.map((a) => (a.details as { amountPence: number }).amountPence).sort()).toEqual(
      [1000, price - 1000].sort(),
    );
    // The reason is kept with each, and the order's timeline says it.
    expect(audit.map((a) => (a.details as { reason: string }).reason)).toEqual([
      'Customer asked',
      'Customer asked',
    ]);
    const timeline = (
      await call(operator.browser, getAdminOrder, { params: { id: order.id } })
    ).json<{
      timeline: { text: string }[];
    }>().timeline;
    expect(
      timeline.filter(
        (e) => e.text.includes('order.refund') && e.text.endsWith('. Reason: Customer asked'),
      ),
    ).toHaveLength(2);

    const more = await refund(order.id, '0.01');
    expect(more.statusCode).toBe(409);
    expect(more.json<ApiErrorBody>().error.code).toBe('NOT_REFUNDABLE');
  });

  it('refuses an amount that is not positive, not whole pence, or more than is left; nothing changes', async () => {
    const order = await paidOrder();
    const [payment] = await payments(order.id);
    for (const [amount, message] of [
      ['0', 'Enter an amount above £0'],
      ['-5', 'Enter an amount above £0'],
      ['1.005', 'Use at most 2 decimal places (whole pence)'],
      ['ten', 'Enter an amount in pounds, like 12.50'],
      // A comma for pence was read as thousands: £100 refunded for "1,00".
      ['1,00', 'Use a full stop for pence, like 12.50'],
      ['12,5', 'Use a full stop for pence, like 12.50'],
      ['1,0000', 'Enter an amount in pounds, like 12.50'],
      [((payment!.amount_pence + 1) / 100).toFixed(2), 'At most'],
    ] as const) {
      const res = await refund(order.id, amount);
      expect(res.statusCode, amount).toBe(422);
      expect(res.json<ApiErrorBody>().error.fields!.amount).toContain(message);
    }
    const badKey = await call(operator.browser, refundAdminOrder, {
      params: { id: order.id },
      body: {
        amount: '1.00',
        requestKey: 'click-1',
        reason: 'Customer asked',
      },
    });
    expect(badKey.statusCode).toBe(422);
    // A refund needs its reason.
    const noReason = await call(operator.browser, refundAdminOrder, {
      params: { id: order.id },
      body: { amount: '1.00', requestKey: randomUUID(), reason: '' },
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json<ApiErrorBody>().error.fields).toEqual({
      reason: OPERATOR_REASON_MESSAGE,
    });
    await settle(t);
    expect((await sandboxRow(payment!.provider_payment_id))?.amount_refunded_pence).toBe(0);
    expect(await auditOf(order.reference)).toEqual([]);
    // Nothing captured yet: nothing to refund.
    const held = await authorisedOrder(t);
    const early = await refund(held.id, '1.00');
    expect(early.statusCode).toBe(409);
    expect(early.json<ApiErrorBody>().error.code).toBe('NOT_REFUNDABLE');
    await settle(t);
  });

  it('a provider failure leaves a pending refund a person can see, retried with one key: refunded once', async () => {
    const order = await paidOrder();
    const [payment] = await payments(order.id);
    // The provider refunds, then the connection drops before its answer reaches us.
    const calls = refundsUnreachable(t, () => true, { refundsFirst: true });
    const res = await refund(order.id, '5.00');
    expect(res.statusCode, res.body).toBe(200);
    await settle(t);
    let detail = (await call(operator.browser, getAdminOrder, { params: { id: order.id } })).json();
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        status: 'pending',
        lastError: 'The card provider could not be reached',
      }),
    ]);
    expect(
      await mailTo(order.reference).then((m) =>
        m.filter((x) => x.subject.startsWith('We have refunded')),
      ),
    ).toEqual([]);
    // While it is with the provider a second refund of the payment is accepted (decision 104):
    // the first one's £5.00 counts against what is left, since it may have gone. (A second later:
    // the test clock is frozen, and the refunds are listed by when they were asked.)
    t.clock.set(new Date(t.clock.now().getTime() + 1_000));
    const meanwhile = await refund(order.id, '1.00');
    expect(meanwhile.statusCode, meanwhile.body).toBe(200);
    expect(meanwhile.json().refunds).toEqual([
      expect.objectContaining({ amountPence: 500, status: 'pending' }),
      expect.objectContaining({ amountPence: 100, status: 'pending' }),
    ]);
    expect(meanwhile.json().refundablePence).toBe(payment!.amount_pence - 600);
    await settle(t);
    expect(calls).toHaveLength(2);

    // Each job's retry finds its own refund at the provider by its key and does not ask again.
    t.clock.set(new Date(t.clock.now().getTime() + 10 * 60_000));
    await settle(t);
    expect(calls).toHaveLength(2);
    expect((await sandboxRow(payment!.provider_payment_id))?.amount_refunded_pence).toBe(600);
    detail = (await call(operator.browser, getAdminOrder, { params: { id: order.id } })).json();
    expect(detail.refunds).toEqual([
      expect.objectContaining({ amountPence: 500, status: 'succeeded', lastError: null }),
      expect.objectContaining({ amountPence: 100, status: 'succeeded', lastError: null }),
    ]);
    expect(detail.refundablePence).toBe(payment!.amount_pence - 600);
    const mails = (await mailTo(order.reference)).filter((m) =>
      m.subject.startsWith('We have refunded'),
    );
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `We have refunded £1.00: ${order.reference}`,
      `We have refunded £5.00: ${order.reference}`,
    ]);
  });

  it('a refund the provider refuses ends failed, visibly, and refunds nothing', async () => {
    const order = await paidOrder();
    const [payment] = await payments(order.id);
    sandbox(t).refund = async () => {
      throw new ProviderError('payment', 'INVALID_REQUEST', false, 'Charge ch_1 is disputed.');
    };
    expect((await refund(order.id, '3.00')).statusCode).toBe(200);
    await settle(t);
    const detail = (
      await call(operator.browser, getAdminOrder, { params: { id: order.id } })
    ).json();
    expect(detail.refunds).toEqual([
      expect.objectContaining({ status: 'failed', lastError: 'Charge ch_1 is disputed.' }),
    ]);
    expect(detail.refundablePence).toBe(payment!.amount_pence);
    expect((await sandboxRow(payment!.provider_payment_id))?.amount_refunded_pence).toBe(0);
    expect((await payments(order.id))[0]?.status).toBe('captured');
  });
});
