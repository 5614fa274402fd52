import { describe, expect, it } from 'vitest';
import { PaymentSessionSchema } from '#src/domain/checkout.js';
import { TestBrowser } from '#tests/support/browser-session.js';
import { signedInCustomer, useConsoleTestApp } from '#tests/support/operators.js';
import { checkoutStatus, confirm, payWithCard, startPayment } from '#tests/support/checkout.js';
import { readyOrder } from '#tests/support/factories/orders.js';
import { sandbox, settle, settledOrder } from '#tests/support/factories/payments.js';
import { call, untyped } from '#tests/support/call.js';
import { askAdminOrderPayAgain } from '#src/domain/api/admin/order-extras.js';
import { getAdminOrder } from '#src/domain/api/admin/orders.js';
import { getOrder } from '#src/domain/api/orders.js';
import { openBookingLink } from '#src/domain/api/my-orders.js';
import {
  confirmPayment,
  getCheckoutStatus,
  startPayment as startPaymentRoute,
} from '#src/domain/api/checkout.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';

const { t, operator, auditOf } = useConsoleTestApp();

/** Paid for, refused by the courier: `booking_failed`, the card hold released. */
async function failedOrder() {
  t.courierSimulator!.control({ book: 'fail' });
  const { order, status } = await settledOrder(t);
  expect(status).toMatchObject({
    status: 'booking_failed',
    notCharged: true,
  });
  t.courierSimulator!.control({ reset: true });
  return order;
}

const ask = (browser: TestBrowser, id: string) =>
  call(browser, askAdminOrderPayAgain, { params: { id }, body: untyped({}) });

async function mailOf(orderId: string) {
  return t.database.query<{ id: string; subject: string; text_body: string; html_body: string }>(
    `SELECT id, subject, text_body, html_body FROM mail
      WHERE order_id = $1 AND idempotency_key LIKE 'order-update:%:pay-again:%'
      ORDER BY created_at, id`,
    [orderId],
  );
}

describe('ask the customer to try again', () => {
  it('answers 401 signed out and 403 to a customer, and sends nothing', async () => {
    const order = await failedOrder();
    expect((await ask(new TestBrowser(t.app), order.id)).statusCode).toBe(401);
    expect((await ask(await signedInCustomer(t), order.id)).statusCode).toBe(403);
    expect(await mailOf(order.id)).toEqual([]);
    expect(await auditOf(order.reference)).toEqual([]);
  });

  it('emails a link that gives another browser the order back, to pay again and be booked', async () => {
    const order = await failedOrder();
    const res = await ask(operator.browser, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as { mailId: string; to: string; linkExpiresAt: string };
    expect(reply.to).toBe('ada@example.com');
    expect(new Date(reply.linkExpiresAt).getTime() - t.clock.now().getTime()).toBe(
      7 * 24 * 60 * 60_000,
    );

    // The audit record, in the action's transaction.
    expect(await auditOf(order.reference)).toEqual([
      expect.objectContaining({
        action: 'order.ask_to_pay_again',
        adminEmail: operator.email,
        details: expect.objectContaining({ mailId: reply.mailId, to: 'ada@example.com' }),
      }),
    ]);

    // The outbox row: what happened, not charged, and the link.
    const [mail, ...more] = await mailOf(order.id);
    expect(more).toEqual([]);
    expect(mail?.id).toBe(reply.mailId);
    expect(mail?.subject).toBe(`Your booking did not go through: ${order.reference}`);
    expect(mail?.text_body).toContain('You have not been charged');
    const link = /http:\/\/localhost:3000\/manage-booking\?token=([\w-]+)/.exec(
      mail?.text_body ?? '',
    );
    expect(link, mail?.text_body).not.toBeNull();
    expect(mail?.html_body).toContain(`href="${link![0]}"`);

    // The timeline shows the email and the operator's action.
    const detail = (
      await call(operator.browser, getAdminOrder, { params: { id: order.id } })
    ).json() as {
      timeline: { kind: string; text: string; email?: { subject: string } }[];
    };
    expect(detail.timeline.some((e) => e.email?.subject === mail?.subject)).toBe(true);
    expect(detail.timeline.some((e) => e.text.includes('order.ask_to_pay_again'))).toBe(true);

    // The customer, in a browser that never had the order, uses the link once.
    const customer = new TestBrowser(t.app);
    expect((await call(customer, getOrder, { params: { id: order.id } })).statusCode).toBe(404);
    const opened = await call(customer, openBookingLink, { body: { token: link![1]! } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ orderId: order.id, reference: order.reference });
    const again = await call(new TestBrowser(t.app), openBookingLink, {
      body: { token: link![1]! },
    });
    expect(again.statusCode).toBe(410);

    // Their order page says it can be paid again, and paying books it.
    const status = await call(customer, getCheckoutStatus, { params: { id: order.id } });
    expect(status.json()).toMatchObject({ status: 'booking_failed', canRetryPayment: true });
    const pay = await call(customer, startPaymentRoute, { params: { id: order.id } });
    expect(pay.statusCode, pay.body).toBe(200);
    const session = PaymentSessionSchema.parse(pay.json());
    await payWithCard(t.app, session.clientSecret, '4242 4242 4242 4242');
    expect((await call(customer, confirmPayment, { params: { id: order.id } })).statusCode).toBe(
      200,
    );
    await settle(t);
    expect(
      (await call(customer, getCheckoutStatus, { params: { id: order.id } })).json(),
    ).toMatchObject({
      status: 'booked',
    });
  });

  it('each request sends its own email with its own link', async () => {
    const order = await failedOrder();
    expect((await ask(operator.browser, order.id)).statusCode).toBe(200);
    expect((await ask(operator.browser, order.id)).statusCode).toBe(200);
    const mails = await mailOf(order.id);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text_body).not.toBe(mails[1]?.text_body);
    expect((await auditOf(order.reference)).map((a) => a.action)).toEqual([
      'order.ask_to_pay_again',
      'order.ask_to_pay_again',
    ]);
  });

  it('is refused with 409 for any other status, sending nothing and recording nothing', async () => {
    const draft = await readyOrder(t.app);
    const authorised = await readyOrder(t.app);
    const { clientSecret } = await startPayment(t.app, authorised.id);
    await payWithCard(t.app, clientSecret, '4242 4242 4242 4242');
    await confirm(t.app, authorised.id);
    await sandbox(t).idle();
    expect((await checkoutStatus(t.app, authorised.id)).status).toBe('authorised');
    const cases = [
      { order: draft, status: 'draft' },
      { order: authorised, status: 'authorised' },
    ];
    for (const { order, status } of cases) {
      const res = await ask(operator.browser, order.id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<ApiErrorBody>().error).toEqual({
        code: 'ORDER_NOT_BOOKING_FAILED',
        message: `Only an order whose booking failed can be offered another try; this order is ${status}. Reload the order to see where it stands.`,
      });
    }
    // The same order once booked.
    await settle(t);
    expect((await checkoutStatus(t.app, authorised.id)).status).toBe('booked');
    const booked = await ask(operator.browser, authorised.id);
    expect(booked.statusCode).toBe(409);
    expect(booked.json<ApiErrorBody>().error.message).toMatch(/this order is booked\./);
    for (const { order } of cases) {
      expect(await mailOf(order.id)).toEqual([]);
      expect(await auditOf(order.reference)).toEqual([]);
    }
  });

  it('answers 404 for an order that does not exist', async () => {
    const res = await ask(operator.browser, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
  });
});
