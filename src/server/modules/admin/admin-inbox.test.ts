// On PostgreSQL too: two operators retry one failed email at once; one wins.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '#tests/support/browser-session.js';
import { TestBrowser as Browser } from '#tests/support/browser-session.js';
import { useSignedInAdmin, signedInCustomer } from '#tests/support/operators.js';
import { useTestApp } from '#tests/support/test-app.js';

import { readyOrder } from '#tests/support/factories/orders.js';
import { bookedOrder } from '#tests/support/factories/payments.js';
import { call, untyped, type CallArgs } from '#tests/support/call.js';
import { listAuditLog } from '#src/domain/api/admin/audit-log.js';
import { getAdminDashboard } from '#src/domain/api/admin/orders.js';
import {
  listAdminOrderDocuments,
  addAdminOrderNote,
  listAdminOrderNotes,
  resendAdminConfirmation,
} from '#src/domain/api/admin/order-extras.js';
import { listAdminMail, retryAdminMail } from '#src/domain/api/admin/mail.js';
import { listAdminMessages, markAdminMessage } from '#src/domain/api/admin/messages.js';
import { createContactMessage } from '#src/domain/api/contact.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import type { ApiRoute } from '#src/domain/api/route.js';

const t = useTestApp({ rateLimits: { contact: { max: 1000, windowSeconds: 900 } } });
const operator = useSignedInAdmin(t);
let customer: TestBrowser;
beforeAll(async () => {
  customer = await signedInCustomer(t);
});

/** 401 signed out, 403 for a customer: nothing is read or changed for either. */
async function refusedToOthers<R extends ApiRoute>(route: R, ...input: CallArgs<R>) {
  const anonymous = await call(new Browser(t.app), route, ...input);
  expect(anonymous.statusCode).toBe(401);
  const refused = await call(customer, route, ...input);
  expect(refused.statusCode).toBe(403);
}

async function audit(subject: string) {
  return (await call(operator.browser, listAuditLog, { query: { subject } })).json().entries as {
    action: string;
    adminEmail: string;
    details: Record<string, unknown>;
  }[];
}

async function contactMessage(
  firstName: string,
  message = 'Can you collect 3 boxes from Leeds next Tuesday?',
) {
  const res = await call(t.app, createContactMessage, {
    body: {
      firstName,
      lastName: 'Lovelace',
      email: `${firstName.toLowerCase()}@example.co.uk`,
      message,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('contact messages', () => {
  it('lists them with read state; marking read and unread is recorded and counted', async () => {
    const id = await contactMessage('Grace');
    await refusedToOthers(listAdminMessages, { query: {} });
    await refusedToOthers(markAdminMessage, { params: { id }, body: { read: true } });

    const before = await call(operator.browser, listAdminMessages, { query: { filter: 'unread' } });
    expect(before.statusCode).toBe(200);
    const unreadBefore = before.json().unread as number;
    expect(before.json().messages).toContainEqual(
      expect.objectContaining({
        id,
        firstName: 'Grace',
        email: 'grace@example.co.uk',
        readAt: null,
      }),
    );

    const read = await call(operator.browser, markAdminMessage, {
      params: { id },
      body: { read: true },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id, readAt: '2026-11-23T10:00:00.000Z' });
    const after = (
      await call(operator.browser, listAdminMessages, { query: { filter: 'unread' } })
    ).json();
    expect(after.unread).toBe(unreadBefore - 1);
    expect(after.messages.map((m: { id: string }) => m.id)).not.toContain(id);
    const readList = (
      await call(operator.browser, listAdminMessages, { query: { filter: 'read' } })
    ).json();
    expect(readList.messages.map((m: { id: string }) => m.id)).toContain(id);
    expect((await call(operator.browser, getAdminDashboard)).json().unreadMessages).toBe(
      after.unread,
    );

    const unread = await call(operator.browser, markAdminMessage, {
      params: { id },
      body: { read: false },
    });
    expect(unread.json().readAt).toBeNull();
    expect(await audit(id)).toEqual([
      expect.objectContaining({ action: 'message.unread', adminEmail: operator.email }),
      expect.objectContaining({
        action: 'message.read',
        adminEmail: operator.email,
        details: { from: 'grace@example.co.uk' },
      }),
    ]);
  });

  it('links each order a message names by its reference, however it is typed, and only those that exist', async () => {
    const order = await readyOrder(t.app);
    const id = await contactMessage(
      'Mary',
      `About ${order.reference.toLowerCase()} (and BA-ZZZZZZZZ, which is no order): ${order.reference} again.`,
    );
    const listed = (await call(operator.browser, listAdminMessages, { query: {} })).json()
      .messages as {
      id: string;
      orders: unknown;
    }[];
    expect(listed.find((m) => m.id === id)?.orders).toEqual([
      { id: order.id, reference: order.reference },
    ]);
    const marked = await call(operator.browser, markAdminMessage, {
      params: { id },
      body: { read: true },
    });
    expect(marked.json().orders).toEqual([{ id: order.id, reference: order.reference }]);
  });

  it('answers 404 for a message that does not exist, and refuses an unknown filter', async () => {
    const missing = await call(operator.browser, markAdminMessage, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: { read: true },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ApiErrorBody>().error.code).toBe('MESSAGE_NOT_FOUND');
    expect(
      (await call(operator.browser, listAdminMessages, { query: { filter: untyped('starred') } }))
        .statusCode,
    ).toBe(422);
  });
});

describe('the mail outbox', () => {
  async function mailRow(id: string) {
    const [row] = await t.database.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM mail WHERE id = $1',
      [id],
    );
    return row;
  }

  /** A contact message's email, delivered to a domain the local mailbox refuses: failed. */
  async function failedMail() {
    const id = await contactMessage('Failing');
    const [row] = await t.database.query<{ id: string }>(
      `UPDATE mail SET to_address = 'sales@boxabroad.invalid'
       WHERE idempotency_key = $1 RETURNING id`,
      [`contact-message:${id}`],
    );
    await t.mail.worker.runOnce();
    expect(await mailRow(row!.id)).toMatchObject({ status: 'failed', attempts: 1 });
    return row!.id;
  }

  it('lists mail by state with counts, and retries a failed email once for a double click', async () => {
    const id = await failedMail();
    await refusedToOthers(listAdminMail, { query: {} });
    await refusedToOthers(retryAdminMail, { params: { id }, body: { expected: 'failed' } });

    const failed = await call(operator.browser, listAdminMail, { query: { filter: 'failed' } });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().counts.failed).toBeGreaterThanOrEqual(1);
    const listed = failed.json().mail.find((m: { id: string }) => m.id === id);
    expect(listed).toMatchObject({ status: 'failed', to: 'sales@boxabroad.invalid', attempts: 1 });
    expect(listed!.lastError).toMatch(/550/);
    expect(
      (await call(operator.browser, listAdminMail, { query: { filter: 'sent' } }))
        .json()
        .mail.map((m: { id: string }) => m.id),
    ).not.toContain(id);

    // Two clicks at once: one is queued, the other refused, and it is attempted once more only.
    const [a, b] = await Promise.all([
      call(operator.browser, retryAdminMail, { params: { id }, body: { expected: 'failed' } }),
      call(operator.browser, retryAdminMail, { params: { id }, body: { expected: 'failed' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ok = a.statusCode === 200 ? a : b;
    const refused = a.statusCode === 200 ? b : a;
    expect(ok.json()).toMatchObject({ id, status: 'pending' });
    expect(refused.json<ApiErrorBody>().error.code).toBe('MAIL_NOT_RETRYABLE');
    expect(
      (await call(operator.browser, listAdminMail, { query: { filter: 'waiting' } }))
        .json()
        .mail.map((m: { id: string }) => m.id),
    ).toContain(id);
    await t.mail.worker.runOnce();
    await t.mail.worker.runOnce();
    expect(await mailRow(id)).toMatchObject({ status: 'failed', attempts: 2 });
    expect((await audit(id)).map((e) => e.action)).toEqual(['mail.retry']);
  });

  it('sends an unknown email again only when asked for that state and told it may arrive twice, and delivers it', async () => {
    const id = await contactMessage('Unknown');
    const [row] = await t.database.query<{ id: string }>(
      `UPDATE mail SET status = 'unknown', attempts = 1, committed_at = $2
       WHERE idempotency_key = $1 RETURNING id`,
      [`contact-message:${id}`, new Date()],
    );
    const mailId = row!.id;
    expect(
      (await call(operator.browser, listAdminMail, { query: { filter: 'unknown' } })).json().mail,
    ).toContainEqual(expect.objectContaining({ id: mailId, status: 'unknown' }));
    // A retry meant for a failed email does not resend one whose delivery is unknown.
    const wrong = await call(operator.browser, retryAdminMail, {
      params: { id: mailId },
      body: { expected: 'failed' },
    });
    expect(wrong.statusCode).toBe(409);
    expect((await mailRow(mailId))?.status).toBe('unknown');

    // Sending it again may deliver it twice: the operator must say they accept that.
    const unconfirmed = await call(operator.browser, retryAdminMail, {
      params: { id: mailId },
      body: {
        expected: 'unknown',
      },
    });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json<ApiErrorBody>().error).toMatchObject({
      code: 'MAIL_MAY_ARRIVE_TWICE',
      message: expect.stringMatching(/two copies/),
    });
    expect((await mailRow(mailId))?.status).toBe('unknown');
    expect(await audit(mailId)).toEqual([]);

    const again = await call(operator.browser, retryAdminMail, {
      params: { id: mailId },
      body: {
        expected: 'unknown',
        mayArriveTwice: true,
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    await t.mail.worker.runOnce();
    expect(await mailRow(mailId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await audit(mailId)).toEqual([
      expect.objectContaining({
        action: 'mail.send_again',
        details: expect.objectContaining({ was: 'unknown', kind: 'contact-message' }),
      }),
    ]);
    const missing = await call(operator.browser, retryAdminMail, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: { expected: 'failed' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('an order’s documents, notes and confirmation email', () => {
  const confirmations = (reference: string) =>
    t.database.query<{ id: string; idempotency_key: string; to_address: string }>(
      `SELECT m.id, m.idempotency_key, m.to_address FROM mail m
       WHERE m.kind = 'booking-confirmation' AND m.subject LIKE $1 ORDER BY m.created_at, m.id`,
      [`%${reference}`],
    );

  it('lists the labels and serves them to operators only', async () => {
    const { order } = await bookedOrder(t);
    await refusedToOthers(listAdminOrderDocuments, { params: { id: order.id } });
    const res = await call(operator.browser, listAdminOrderDocuments, { params: { id: order.id } });
    expect(res.statusCode).toBe(200);
    const docs = res.json().documents;
    expect(docs.some((d) => d.kind === 'label')).toBe(true);
    const first = docs[0]!;
    expect(first.url).toMatch(new RegExp(`^/api/v1/admin/orders/${order.id}/documents/`));
    // The document's URL as the list gave it: refused to the same two.
    expect((await new Browser(t.app).get(first.url)).statusCode).toBe(401);
    expect((await customer.get(first.url)).statusCode).toBe(403);
    const pdf = await operator.browser.get(first.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(first.filename);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('adds internal notes with who and when, recorded in the audit log', async () => {
    const order = await readyOrder(t.app);
    const params = { id: order.id };
    await refusedToOthers(listAdminOrderNotes, { params });
    await refusedToOthers(addAdminOrderNote, { params, body: { body: 'Customer phoned' } });
    expect((await call(operator.browser, listAdminOrderNotes, { params })).json()).toEqual({
      notes: [],
    });

    const empty = await call(operator.browser, addAdminOrderNote, {
      params,
      body: { body: '   ' },
    });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json<ApiErrorBody>().error.fields!)).toEqual(['body']);

    const added = await call(operator.browser, addAdminOrderNote, {
      params,
      body: { body: '  Customer phoned: collect after 2pm  ' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().notes).toEqual([
      {
        id: expect.any(String),
        at: '2026-11-23T10:00:00.000Z',
        adminEmail: operator.email,
        body: 'Customer phoned: collect after 2pm',
      },
    ]);
    expect(
      (await call(operator.browser, listAdminOrderNotes, { params })).json().notes,
    ).toHaveLength(1);
    expect(await audit(order.reference)).toEqual([
      expect.objectContaining({
        action: 'order.note',
        adminEmail: operator.email,
        details: { noteId: added.json().notes[0]!.id },
      }),
    ]);
    const missing = await call(operator.browser, addAdminOrderNote, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: { body: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('resends a booked order’s confirmation through the outbox as a new email', async () => {
    const { order } = await bookedOrder(t);
    await refusedToOthers(resendAdminConfirmation, { params: { id: order.id } });
    expect(await confirmations(order.reference)).toHaveLength(1);

    const res = await call(operator.browser, resendAdminConfirmation, { params: { id: order.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mailId: expect.any(String), to: 'ada@example.com' });
    const mails = await confirmations(order.reference);
    expect(mails).toHaveLength(2);
    // The clock is frozen: both have the same time, so find the copy by its id.
    const copy = mails.find((m) => m.id === res.json().mailId);
    const first = mails.find((m) => m.id !== res.json().mailId);
    expect(copy).toMatchObject({ to_address: 'ada@example.com' });
    expect(first?.idempotency_key).toBe(`booking-confirmation:${order.reference}`);
    expect(copy!.idempotency_key).toMatch(
      new RegExp(`^booking-confirmation:${order.reference}:again:`),
    );
    const [attachments] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM mail_attachments WHERE mail_id = $1',
      [res.json().mailId],
    );
    expect(attachments!.n).toBeGreaterThan(0);
    expect(await audit(order.reference)).toEqual([
      expect.objectContaining({
        action: 'order.resend_confirmation',
        details: { mailId: res.json().mailId, to: 'ada@example.com' },
      }),
    ]);
    const status = async () =>
      (
        await t.database.query<{ status: string }>('SELECT status FROM mail WHERE id = $1', [
          res.json().mailId,
        ])
      )[0]?.status;
    // Other tests' mail may be due too: a few rounds deliver everything due.
    for (let round = 0; round < 5 && (await status()) !== 'sent'; round++) {
      await t.mail.worker.runOnce();
    }
    expect(await status()).toBe('sent');
  });

  it('refuses to resend for an order that is not booked, and records nothing', async () => {
    const order = await readyOrder(t.app);
    const res = await call(operator.browser, resendAdminConfirmation, { params: { id: order.id } });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiErrorBody>().error.code).toBe('ORDER_NOT_BOOKED');
    expect(await confirmations(order.reference)).toHaveLength(0);
    expect(await audit(order.reference)).toEqual([]);
  });
});
