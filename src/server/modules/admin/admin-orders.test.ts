import { CHANGES_POLICY } from '#src/domain/booking-changes-policy.js';
import { describe, expect, it } from 'vitest';
import { useConsoleTestApp } from '#tests/support/operators.js';
import { NEEDS_ATTENTION_MESSAGE } from '#src/domain/checkout.js';
import { samplePdf } from '../../dev/sample-mail.js';
import { checkoutStatus, confirm, payWithCard, startPayment } from '#tests/support/checkout.js';
import { quoteBody, readyOrder } from '#tests/support/factories/orders.js';
import {
  orderPayments,
  sandboxPaymentRow,
  settle,
  settledOrder,
} from '#tests/support/factories/payments.js';
import { call, ok, type CallInput } from '#tests/support/call.js';
import { listAuditLog } from '#src/domain/api/admin/audit-log.js';
import { getAdminDashboard, getAdminOrder, listAdminOrders } from '#src/domain/api/admin/orders.js';
import {
  listAdminOrderDocuments,
  uploadAdminOrderDocument,
  resendAdminConfirmation,
} from '#src/domain/api/admin/order-extras.js';
import { resolveAdminOrder } from '#src/domain/api/admin/payments.js';
import { createOrder } from '#src/domain/api/orders.js';
import { createContactMessage } from '#src/domain/api/contact.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';

const { t, operator } = useConsoleTestApp();

/** An operator's answer for an order whose booking outcome is unknown. */
const resolve = (id: string, body: CallInput<typeof resolveAdminOrder>['body']) =>
  call(operator.browser, resolveAdminOrder, { params: { id }, body });

/**
 * An order whose BookShipment answered HTTP 500 and whose courier refuses the look-up by our
 * reference: booked or not, nobody knows.
 */
async function needsAttentionOrder() {
  t.courierSimulator!.control({ book: 'http500', find: 'fail' });
  const { order, status } = await settledOrder(t);
  t.courierSimulator!.control({ reset: true });
  expect(status.status).toBe('needs_attention');
  return order;
}

const payments = (orderId: string) => orderPayments(t, orderId);
const sandboxStatus = async (id: string) => (await sandboxPaymentRow(t, id))?.status;
/** The short emails about an order to this address, or (`confirmation`) its confirmations. */
async function mailTo(email: string, reference: string, confirmation = false) {
  return t.database.query<{ subject: string; text_body: string; kind: string }>(
    `SELECT subject, text_body, kind FROM mail WHERE to_address = $1
       AND (kind = 'booking-confirmation') = $3 AND subject LIKE $2 ORDER BY created_at`,
    [email, `%${reference}`, confirmation],
  );
}

describe('an order whose booking outcome is unknown', () => {
  it('shows the customer a sentence written for them, never the courier’s text', async () => {
    const order = await needsAttentionOrder();
    const status = await checkoutStatus(t.app, order.id);
    expect(status.error).toEqual({
      code: 'BOOKING_OUTCOME_UNKNOWN',
      message: NEEDS_ATTENTION_MESSAGE,
    });
    expect(status.error?.message).not.toMatch(/HTTP|BookShipment/);
    // The operator still sees what the courier said.
    const detail = (
      await call(operator.browser, getAdminOrder, { params: { id: order.id } })
    ).json();
    expect(detail.order.failureMessage).toMatch(/500/);
  });

  it('resolved as booked: reference stored, money captured, customer emailed, action recorded', async () => {
    const order = await needsAttentionOrder();
    const res = await resolve(order.id, { outcome: 'booked', courierReference: ' TG-998877 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'booked',
      courierReference: 'TG-998877',
      failureCode: null,
    });
    await settle(t);
    const [payment] = await payments(order.id);
    expect(payment?.status).toBe('captured');
    expect(await sandboxStatus(payment!.provider_payment_id)).toBe('captured');
    const status = await checkoutStatus(t.app, order.id);
    expect(status).toMatchObject({ status: 'booked', result: 'SUCCESS', error: null });
    const [mail] = await mailTo('ada@example.com', order.reference, true);
    // The booking confirmation, as a booking the courier made at once sends it.
    expect(mail?.kind).toBe('booking-confirmation');
    expect(mail?.subject).toBe(`Your booking was successful: ${order.reference}`);
    expect(mail?.text_body).toContain('Courier reference: TG-998877');
    // The courier has no labels for that reference: the email says they are not in it.
    expect(mail?.text_body).toContain('Your labels are not attached to this email');
    // Its tracking link and the cancel and change rules, as every confirmation has them.
    expect(mail?.text_body).toMatch(/Track your parcels: http\S+\/track\//);
    expect(mail?.text_body).toContain(CHANGES_POLICY.cancel);
    expect(mail?.text_body).toContain(CHANGES_POLICY.change);
    const audit = (await call(operator.browser, getAdminOrder, { params: { id: order.id } })).json()
      .audit;
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'order.resolve.booked',
        subject: order.reference,
        adminEmail: operator.email,
        // (The record now also says whether the courier gave the labels, and why not.)
        details: {
          status: 'booked',
          courierReference: 'TG-998877',
          labels: 0,
          labelsMissing: expect.stringMatching(/Order not found/),
        },
      }),
    ]);

    // Only once: a second answer is refused and changes nothing.
    const again = await resolve(order.id, { outcome: 'not_booked' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiErrorBody>().error.code).toBe('ORDER_NOT_WAITING');
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
  });

  it('resolved as booked with a reference the courier knows: its labels are fetched, stored, attached to the confirmation (Reply-To the business), and the console can resend it', async () => {
    // A shipment the courier booked: the reference an operator finds on the courier's side.
    const other = await readyOrder(t.app);
    const { clientSecret } = await startPayment(t.app, other.id);
    await payWithCard(t.app, clientSecret, '4242 4242 4242 4242');
    await confirm(t.app, other.id);
    await settle(t);
    const [{ courier_reference: courierReference } = { courier_reference: '' }] =
      await t.database.query<{ courier_reference: string }>(
        'SELECT courier_reference FROM orders WHERE id = $1',
        [other.id],
      );
    expect(courierReference).toMatch(/^GB\d+$/);

    const order = await needsAttentionOrder();
    const res = await resolve(order.id, { outcome: 'booked', courierReference });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'booked', courierReference });
    const documents = (
      await call(operator.browser, listAdminOrderDocuments, { params: { id: order.id } })
    ).json().documents as { kind: string }[];
    expect(documents.filter((d) => d.kind === 'label')).toHaveLength(2);

    // The customer's email is the booking confirmation itself, with the labels attached.
    const [confirmation] = await t.database.query<{ id: string; reply_to: string | null }>(
      `SELECT id, reply_to FROM mail WHERE kind = 'booking-confirmation' AND order_id = $1`,
      [order.id],
    );
    expect(confirmation?.reply_to).toBe('sales@boxabroad.test');
    expect(await mailTo('ada@example.com', order.reference)).toEqual([]);
    const status = async () =>
      (
        await t.database.query<{ status: string }>('SELECT status FROM mail WHERE id = $1', [
          confirmation!.id,
        ])
      )[0]?.status;
    for (let round = 0; round < 5 && (await status()) !== 'sent'; round++) {
      await t.mail.worker.runOnce();
    }
    const delivered = (await t.mail.mailbox!.list()).find((m) =>
      m.subject.endsWith(order.reference),
    );
    const message = await t.mail.mailbox!.get(delivered!.id);
    expect(message!.parsed.replyTo?.text).toBe('sales@boxabroad.test');
    expect(message!.parsed.attachments.map((a) => a.filename)).toEqual(
      expect.arrayContaining(['labels-a4.pdf', 'labels-thermal.pdf']),
    );
    expect(message!.parsed.text).toContain('Print a label for each parcel');
    expect(message!.parsed.text).not.toContain('not attached');

    // The console can send it again.
    const again = await call(operator.browser, resendAdminConfirmation, {
      params: { id: order.id },
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('resolved as booked where the courier has no labels: the operator uploads the PDF, then sends the confirmation with it', async () => {
    const order = await needsAttentionOrder();
    const resolved = await resolve(order.id, { outcome: 'booked', courierReference: 'TG-112233' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const params = { id: order.id };
    const early = await call(operator.browser, resendAdminConfirmation, { params });
    expect(early.statusCode).toBe(409);
    expect(early.json<ApiErrorBody>().error.code).toBe('NO_CONFIRMATION_EMAIL');

    const notPdf = await call(operator.browser, uploadAdminOrderDocument, {
      params,
      body: {
        kind: 'label',
        type: 'A4',
        pdfBase64: Buffer.from('<html>not a label</html>').toString('base64'),
      },
    });
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json<ApiErrorBody>().error.code).toBe('NOT_A_PDF');
    const label = await samplePdf('Label', ['Large parcel 1']);
    const added = await call(operator.browser, uploadAdminOrderDocument, {
      params,
      body: { kind: 'label', type: 'A4', pdfBase64: label.toString('base64') },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().documents).toEqual([
      expect.objectContaining({ kind: 'label', title: 'Label (A4)' }),
    ]);

    const sent = await call(operator.browser, resendAdminConfirmation, { params });
    expect(sent.statusCode, sent.body).toBe(200);
    const [attachment] = await t.database.query<{ filename: string; content: Uint8Array }>(
      'SELECT filename, content FROM mail_attachments WHERE mail_id = $1',
      [sent.json().mailId],
    );
    expect(attachment?.filename).toBe('labels-a4.pdf');
    expect(Buffer.from(attachment!.content).equals(label)).toBe(true);
    const [mail] = await t.database.query<{ text_body: string; reply_to: string }>(
      'SELECT text_body, reply_to FROM mail WHERE id = $1',
      [sent.json().mailId],
    );
    expect(mail?.reply_to).toBe('sales@boxabroad.test');
    expect(mail?.text_body).toContain('it is attached to this email as a PDF file');
    // The courier gave no tracking page; ours exists for every booked order (docs/tracking.md).
    expect(mail?.text_body).toMatch(
      /Track your parcels: http:\/\/localhost:3000\/track\/[\w-]{44}\n/,
    );
  });

  it('resolved as not booked: the authorisation is cancelled, the customer emailed and may pay again', async () => {
    const order = await needsAttentionOrder();
    const res = await resolve(order.id, { outcome: 'not_booked' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.status).toBe('booking_failed');
    await settle(t);
    const [payment] = await payments(order.id);
    expect(payment?.status).toBe('cancelled');
    expect(await sandboxStatus(payment!.provider_payment_id)).toBe('cancelled');
    const status = await checkoutStatus(t.app, order.id);
    expect(status).toMatchObject({ notCharged: true, canRetryPayment: true });
    const [mail] = await mailTo('ada@example.com', order.reference);
    expect(mail?.text_body).toContain('you have not been charged');
    expect(res.json().audit[0]).toMatchObject({ action: 'order.resolve.not_booked' });
  });

  it('refuses a booking without a reference, and an order that is not waiting', async () => {
    const order = await needsAttentionOrder();
    const bad = await resolve(order.id, { outcome: 'booked', courierReference: ' ' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<ApiErrorBody>().error.fields!)).toEqual(['courierReference']);
    const draft = await readyOrder(t.app);
    const notWaiting = await resolve(draft.id, { outcome: 'not_booked' });
    expect(notWaiting.statusCode).toBe(409);
    expect(
      (await call(operator.browser, listAuditLog, { query: { subject: draft.reference } })).json(),
    ).toEqual({
      entries: [],
    });
    const missing = await call(operator.browser, getAdminOrder, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('order list and search', () => {
  it('finds orders by status, reference, email and postcode, newest first, page by page', async () => {
    const waiting = await needsAttentionOrder();
    const list = (query: CallInput<typeof listAdminOrders>['query']) =>
      ok(operator.browser, listAdminOrders, { query });
    const attention = await list({ status: 'needs_attention' });
    expect(attention.orders.map((o) => o.id)).toContain(waiting.id);
    expect(attention.orders.every((o) => o.status === 'needs_attention')).toBe(true);

    expect((await list({ q: waiting.reference.toLowerCase() })).orders.map((o) => o.id)).toEqual([
      waiting.id,
    ]);
    const byEmail = await list({ q: 'ADA@example.com' });
    expect(byEmail.orders.map((o) => o.id)).toContain(waiting.id);
    const byPostcode = await list({ q: 'sw1a1aa' });
    expect(byPostcode.orders.map((o) => o.id)).toContain(waiting.id);
    expect((await list({ q: '75001' })).orders.map((o) => o.id)).toContain(waiting.id);
    expect((await list({ q: 'nobody@example.com' })).orders).toEqual([]);

    // More than a page: the keyset cursor walks every order once, newest first.
    for (let i = 0; i < 26; i += 1) {
      await call(t.app, createOrder, { body: { quote: quoteBody(), service: 'express' } });
    }
    const [{ n }] = (await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders',
    )) as [{ n: number }];
    const seen: string[] = [];
    let next: string | null = '';
    while (next !== null) {
      const page = await list(next ? { after: next } : {});
      expect(page.orders.length).toBeLessThanOrEqual(25);
      seen.push(...page.orders.map((o) => o.id));
      next = page.next;
    }
    expect(seen).toHaveLength(n);
    expect(new Set(seen).size).toBe(n);

    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await list({ from: today, to: today })).orders.length).toBeGreaterThan(0);
    expect((await list({ from: '2020-01-01', to: '2020-01-02' })).orders).toEqual([]);
    expect(
      (await call(operator.browser, listAdminOrders, { query: { from: '23-11-2026' } })).statusCode,
    ).toBe(422);
    expect(
      (await call(operator.browser, listAdminOrders, { query: { after: 'garbage' } })).statusCode,
    ).toBe(422);
  });
});

describe('the dashboard', () => {
  it('counts what needs a person and charts the last 30 days', async () => {
    const waiting = await needsAttentionOrder();
    const sent = await call(t.app, createContactMessage, {
      body: {
        firstName: 'Grace',
        email: 'grace@example.com',
        message: 'Do you collect on Saturdays?',
      },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await t.database.query(
      `UPDATE mail SET status = 'failed' WHERE id = (SELECT id FROM mail ORDER BY created_at LIMIT 1)`,
    );
    const res = await call(operator.browser, getAdminDashboard);
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json();
    expect(board.attention.count).toBeGreaterThanOrEqual(1);
    expect(board.attention.orders.map((o: { id: string }) => o.id)).toContain(waiting.id);
    expect(board.days).toHaveLength(30);
    const today = board.days.at(-1)!;
    expect(today.day).toBe('2026-11-23');
    expect(today.orders).toBeGreaterThanOrEqual(1);
    expect(today.revenuePence).toBeGreaterThanOrEqual(waiting.pricePence!);
    expect(board.days[0]!.day).toBe('2026-10-25');
    expect(board.mail.failed).toBeGreaterThanOrEqual(1);
    expect(board.unreadMessages).toBeGreaterThanOrEqual(1);
  });
});
