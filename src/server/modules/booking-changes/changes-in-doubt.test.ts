import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bookingChangesOf,
  changeContact,
  changeStatuses,
  moveCollection,
  NEW_CONTACT,
} from '#tests/support/booking-changes.js';
import { call } from '#tests/support/call.js';
import { checkoutStatus } from '#tests/support/checkout.js';
import { bookedOrder, settle } from '#tests/support/factories/payments.js';
import { runRecurringJobNow, simulatorClient, useTestApp } from '#tests/support/test-app.js';
import { cancelBooking } from '#src/domain/api/booking-changes.js';
import { BOOKING_CHANGE_MESSAGES } from '#src/domain/booking-changes.js';
import { checkBookingChangesJob } from './index.js';
import { CALL_ABANDONED_MS } from './booking-changes.service.js';
import { ProviderError } from '../../providers/provider-error.js';
import { TransglobalCourier } from '../../providers/courier/transglobal/transglobal.client.js';

/**
 * A date change whose courier answer never comes (docs/booking-changes.md, "When the courier does
 * not answer"; decisions 138 and 139): the request answers at once, the change is `checking`, and
 * the check asks the courier what it has and ends the change as the courier has it, with one
 * email. The simulator's `lost` makes the rebooking and never answers; `hang` never makes it.
 * Needs poppler-utils' pdftotext (the labels served after a move).
 */

// The client gives up on a rebooking or a cancellation after 2 × 1.5 s; a date change's request
// answers after 0.5 s.
const t = useTestApp({ changeAnswerWithinMs: 500 }, undefined, {
  rebookMs: 1_500,
  cancelMs: 1_500,
});
const dir = mkdtempSync(join(tmpdir(), 'boxabroad-in-doubt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => {
  t.clock.set('2026-11-23T10:00:00Z');
  t.courierSimulator!.control({ reset: true });
});

async function booked() {
  const { order } = await bookedOrder(t);
  const view = await bookingChangesOf(t.app, order.id);
  const newDate = view.change.dates.at(-1) ?? '';
  expect(newDate).not.toBe(order.collectionDate);
  const row = await t.app.services.orders.findById(order.id);
  return {
    order,
    from: order.collectionDate ?? '',
    newDate,
    reference: row?.courierReference ?? '',
  };
}

/** The order's emails not among `before` (their ids), each with its count of attachments. */
async function mailsOf(orderId: string, before: string[] = []) {
  const rows = await t.database.query<{
    id: string;
    subject: string;
    text_body: string;
    attachments: number;
  }>(
    `SELECT id, subject, text_body,
            (SELECT count(*)::int FROM mail_attachments a WHERE a.mail_id = m.id) AS attachments
       FROM mail m WHERE order_id = $1`,
    [orderId],
  );
  return rows.filter((m) => !before.includes(m.id));
}

async function mailIds(orderId: string): Promise<string[]> {
  return (await mailsOf(orderId)).map((m) => m.id);
}

async function pdfText(url: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  const file = join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, response.rawPayload);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function servedLabels(orderId: string): Promise<string[]> {
  const { documents } = await checkoutStatus(t.app, orderId);
  const labels = documents.filter((d) => d.kind === 'label');
  expect(labels.length).toBeGreaterThan(0);
  return Promise.all(labels.map((label) => pdfText(label.url)));
}

/** Asks for the move as the page does; the answer and how long it took. */
async function askToMove(orderId: string, collectionDate: string) {
  const started = performance.now();
  const res = await moveCollection(t.app, orderId, collectionDate);
  return { res, ms: performance.now() - started };
}

describe('a date change whose courier answer never comes', () => {
  it('answers within 10 s, is `checking`, and ends moved when the courier moved it: new labels, one email', async () => {
    const { order, from, newDate } = await booked();
    expect(
      (await servedLabels(order.id)).every((text) => text.includes(`Collection: ${from}`)),
    ).toBe(true);
    const before = await mailIds(order.id);
    t.courierSimulator!.control({ rebook: 'lost' });

    const { res, ms } = await askToMove(order.id, newDate);
    expect(res.statusCode).toBe(200);
    expect(ms).toBeLessThan(10_000);
    // Answered before the courier call ended: the current day, and the change being confirmed.
    const answered = res.json();
    expect(answered.collectionDate).toBe(from);
    expect(answered.change).toMatchObject({ allowed: false });
    expect(answered.changes.at(-1)?.status).toBe('pending');

    await t.app.services.bookingChanges.idle();
    const waiting = await bookingChangesOf(t.app, order.id);
    expect(waiting.changes.map((c) => c.status)).toEqual(['checking']);
    expect(waiting.change.reason).toBe(BOOKING_CHANGE_MESSAGES.confirming);
    expect(waiting.collectionDate).toBe(from);
    expect(await mailsOf(order.id, before)).toEqual([]);

    await runRecurringJobNow(t, checkBookingChangesJob);
    const settled = await bookingChangesOf(t.app, order.id);
    expect(settled.changes.map((c) => c.status)).toEqual(['done']);
    expect(settled.collectionDate).toBe(newDate);
    expect((await t.app.services.tracking.view(order.id))?.collectionDate).toBe(newDate);
    const mails = await mailsOf(order.id, before);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Collection rebooked for/),
    ]);
    expect(mails[0]?.text_body).toContain('New labels are attached');
    expect(mails[0]?.attachments).toBeGreaterThan(0);
    const labels = await servedLabels(order.id);
    expect(labels.every((text) => text.includes(`Collection: ${newDate}`))).toBe(true);
    expect(labels.some((text) => text.includes(from))).toBe(false);

    // Checked again: nothing more happens, nothing more is sent.
    await runRecurringJobNow(t, checkBookingChangesJob);
    expect(await mailsOf(order.id, before)).toHaveLength(1);
  });

  it('ends not moved when the courier did not move it: the old day kept, one email saying so', async () => {
    const { order, from, newDate } = await booked();
    const before = await mailIds(order.id);
    t.courierSimulator!.control({ rebook: 'hang' });

    const { res, ms } = await askToMove(order.id, newDate);
    expect(res.statusCode).toBe(200);
    expect(ms).toBeLessThan(10_000);
    await t.app.services.bookingChanges.idle();
    expect(await changeStatuses(t.app, order.id)).toEqual(['checking']);

    await runRecurringJobNow(t, checkBookingChangesJob);
    const settled = await bookingChangesOf(t.app, order.id);
    expect(settled.changes.map((c) => c.status)).toEqual(['failed']);
    expect(settled.changes[0]?.courierAnswer).toBe(`the courier still collects on ${from}`);
    expect(settled.collectionDate).toBe(from);
    expect(settled.change.allowed).toBe(true);
    const mails = await mailsOf(order.id, before);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your booking has not changed: ${order.reference}`,
    ]);
    expect(mails[0]?.text_body).toContain('The courier did not move your collection');
    expect(
      (await servedLabels(order.id)).every((text) => text.includes(`Collection: ${from}`)),
    ).toBe(true);
  });

  it('a refusal that comes after the request answered is emailed: nothing changed', async () => {
    const { order, from, newDate } = await booked();
    const before = await mailIds(order.id);
    t.courierSimulator!.control({ rebook: 'hold' });
    const { res } = await askToMove(order.id, newDate);
    expect(res.json().changes.map((c) => c.status)).toEqual(['pending']);
    // The courier answers at last, and says no.
    t.courierSimulator!.control({ rebook: 'fail' });
    await t.app.services.bookingChanges.idle();
    const settled = await bookingChangesOf(t.app, order.id);
    expect(settled.changes.map((c) => c.status)).toEqual(['refused']);
    expect(settled.collectionDate).toBe(from);
    const mails = await mailsOf(order.id, before);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your booking has not changed: ${order.reference}`,
    ]);
    expect(mails[0]?.text_body).toContain('The courier could not make the change');
  });

  it('a change left `pending` by a process stopped during the call is found and settled', async () => {
    const { order, newDate, reference } = await booked();
    // The stopped process had claimed the change and the courier had moved the day.
    const asked = new Date(t.clock.now().getTime() - CALL_ABANDONED_MS - 1_000);
    await t.database.query(
      `INSERT INTO booking_changes (id, order_id, kind, status, by_kind, details, request_key, created_at, updated_at)
       VALUES ($1, $2, 'collection_date', 'pending', 'customer', $3, $4, $5, $5)`,
      [
        randomUUID(),
        order.id,
        JSON.stringify({ from: order.collectionDate, to: newDate }),
        randomUUID(),
        asked,
      ],
    );
    await simulatorClient(t.courierSimulator!.url).rebookCollection({
      courierReference: reference,
      collectionDate: newDate,
      readyFrom: '09:00',
    });
    await runRecurringJobNow(t, checkBookingChangesJob);
    const settled = await bookingChangesOf(t.app, order.id);
    expect(settled.changes.map((c) => c.status)).toEqual(['done']);
    expect(settled.collectionDate).toBe(newDate);
  });
});

describe('a contact change whose courier answer never comes', () => {
  it('is `checking`, then saved when the courier has the new contact, and emailed as one', async () => {
    const { order } = await booked();
    const before = await mailIds(order.id);
    t.courierSimulator!.control({ rebook: 'lost' });
    const started = performance.now();
    const res = await changeContact(t.app, order.id, NEW_CONTACT);
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(res.json().contact.email).not.toBe(NEW_CONTACT.email);
    await t.app.services.bookingChanges.idle();
    expect(await changeStatuses(t.app, order.id)).toEqual(['checking']);

    await runRecurringJobNow(t, checkBookingChangesJob);
    const settled = await bookingChangesOf(t.app, order.id);
    expect(settled.changes.map((c) => c.status)).toEqual(['done']);
    expect(settled.contact).toMatchObject({
      email: 'new.contact@example.com',
      instructions: 'Ring the side door',
    });
    const subjects = (await mailsOf(order.id, before)).map((m) => m.subject);
    expect(subjects.every((s) => s.startsWith('Your collection contact is updated'))).toBe(true);
    expect(subjects.length).toBeGreaterThan(0);
  });
});

describe('a cancellation whose courier answer never comes', () => {
  /** Asks to cancel, then runs the cancel job's last attempt with the courier switched to `mode`. */
  async function cancelWithoutAnswer(mode: 'lost' | 'hang') {
    const { order } = await booked();
    const asked = await call(t.app, cancelBooking, {
      params: { id: order.id },
      body: { requestKey: randomUUID() },
    });
    expect(asked.statusCode).toBe(202);
    const [change] = (await bookingChangesOf(t.app, order.id)).changes;
    t.courierSimulator!.control({ cancel: mode });
    await t.app.services.bookingChanges.runCancel(change!.id, { lastAttempt: true });
    expect(await changeStatuses(t.app, order.id)).toEqual(['checking']);
    // Neither refunded nor given up: the booking stays `cancelling` until the courier says.
    expect((await checkoutStatus(t.app, order.id)).status).toBe('cancelling');
    const refunds = await t.database.query('SELECT 1 FROM payment_refunds WHERE order_id = $1', [
      order.id,
    ]);
    expect(refunds).toEqual([]);
    t.courierSimulator!.control({ cancel: 'normal' });
    await runRecurringJobNow(t, checkBookingChangesJob);
    await settle(t);
    return { order, view: await bookingChangesOf(t.app, order.id) };
  }

  it('is cancelled and refunded once the courier’s tracking shows it cancelled', async () => {
    const { order, view } = await cancelWithoutAnswer('lost');
    expect(view.changes.map((c) => c.status)).toEqual(['done']);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('cancelled');
    const subjects = (await mailsOf(order.id)).map((m) => m.subject);
    expect(subjects.filter((s) => s.startsWith('Your booking is cancelled'))).toHaveLength(1);
  });

  it('stands when the courier did not cancel it: booked again, nothing refunded, told so', async () => {
    const { order, view } = await cancelWithoutAnswer('hang');
    expect(view.changes.map((c) => c.status)).toEqual(['failed']);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
    const mails = (await mailsOf(order.id)).filter((m) => m.subject.startsWith('We could not'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain('The courier has not cancelled booking');
  });
});

describe('the labels after a move', () => {
  it('come by a job of their own, with an email, when the courier could not give them at the move', async () => {
    const { order, from, newDate } = await booked();
    const before = await mailIds(order.id);
    const documents = vi
      .spyOn(TransglobalCourier.prototype, 'getShipmentDocuments')
      .mockRejectedValueOnce(new ProviderError('simulator', 'TIMEOUT', true, 'no answer'));
    try {
      const { res } = await askToMove(order.id, newDate);
      expect(res.json().collectionDate).toBe(newDate);
      const moved = await mailsOf(order.id, before);
      expect(moved.map((m) => m.subject)).toEqual([expect.stringMatching(/^Collection rebooked/)]);
      expect(moved[0]?.text_body).toContain('we will email you new labels');
      expect(moved[0]?.attachments).toBe(0);
      expect((await servedLabels(order.id)).every((text) => text.includes(from))).toBe(true);

      await settle(t);
      const labels = await servedLabels(order.id);
      expect(labels.every((text) => text.includes(`Collection: ${newDate}`))).toBe(true);
      const sent = (await mailsOf(order.id, before)).filter((m) =>
        m.subject.startsWith('New labels'),
      );
      expect(sent).toHaveLength(1);
      expect(sent[0]?.attachments).toBeGreaterThan(0);
    } finally {
      documents.mockRestore();
    }
  });
});
