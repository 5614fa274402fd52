import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestBrowser } from '#tests/support/browser-session.js';
import { call, ok } from '#tests/support/call.js';
import { checkoutStatus, confirm, payWithCard, startPayment } from '#tests/support/checkout.js';
import { customer } from '#tests/support/factories/accounts.js';
import { readyOrder } from '#tests/support/factories/orders.js';
import { GOOD_CARD, settle } from '#tests/support/factories/payments.js';
import { signedInAdmin } from '#tests/support/operators.js';
import { useTestApp } from '#tests/support/test-app.js';
import { listAdminOrders } from '#src/domain/api/admin/orders.js';
import {
  cancelBooking,
  changeCollectionContact,
  confirmCoverRaise,
  raiseCover,
} from '#src/domain/api/booking-changes.js';
import {
  acceptTerms,
  confirmDeclaration,
  setPersonalEffects,
} from '#src/domain/api/declaration.js';
import { emailKindText } from '#src/domain/email-kinds.js';
import { IMPORT_CHARGES } from '#src/domain/import-charges.js';
import { londonAt, londonDate } from '#src/domain/london-time.js';

/**
 * Who receives each email about an order (docs/email.md, "Who receives what"): after the
 * collection contact changes, the person who booked and the account holder still hear about
 * their money and their booking, once each; the new contact gets the hand-over; the console
 * finds the order by the account's email; customs holds reach the recipient, who must act.
 */

const t = useTestApp();
beforeEach(() => {
  t.clock.set('2026-11-23T10:00:00Z');
  t.courierSimulator!.control({ reset: true });
});

/** The order's emails: address and kind of each, as the outbox holds them. */
async function mailOf(orderId: string) {
  return (await t.mail.outbox.listForOrder(orderId)).map((m) => ({
    to: m.to.toLowerCase(),
    kind: m.kind,
    subject: m.subject,
    id: m.id,
  }));
}

async function textOf(id: string): Promise<string> {
  const [row] = await t.database.query<{ text_body: string }>(
    'SELECT text_body FROM mail WHERE id = $1',
    [id],
  );
  return row?.text_body ?? '';
}

/** An order booked and paid for by a signed-in customer in their own browser. */
async function bookedBy(browser: TestBrowser, prepare?: (orderId: string) => Promise<void>) {
  const order = await readyOrder(browser);
  await prepare?.(order.id);
  const { clientSecret } = await startPayment(browser, order.id);
  await payWithCard(browser, clientSecret, GOOD_CARD);
  await confirm(browser, order.id);
  await settle(t);
  expect((await checkoutStatus(browser, order.id)).status).toBe('booked');
  return order;
}

describe('who receives each email about an order', () => {
  it('after a contact change, the booker and the account holder get every money and booking email once; the new contact the hand-over', async () => {
    const account = await customer(t);
    const order = await bookedBy(account.browser);
    const booker = order.collectionAddress?.email.toLowerCase() ?? '';
    expect(booker).toBe('ada@example.com');
    expect(account.email.toLowerCase()).not.toBe(booker);
    const holder = account.email.toLowerCase();
    const contact = 'new.contact@example.com';

    const changed = await call(account.browser, changeCollectionContact, {
      params: { id: order.id },
      body: {
        phoneNumber: '07400 123456',
        email: contact,
        instructions: '',
        requestKey: randomUUID(),
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await settle(t);

    // The cover raised, with a payment of its own.
    const asked = await call(account.browser, raiseCover, {
      params: { id: order.id },
      body: { cover: '90', requestKey: randomUUID() },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const raise = asked.json<{ changeId: string; payment: { clientSecret: string } }>();
    await payWithCard(account.browser, raise.payment.clientSecret, GOOD_CARD);
    await ok(account.browser, confirmCoverRaise, {
      params: { id: order.id },
      body: { changeId: raise.changeId },
    });
    await settle(t);

    // The evening before the collection: the reminder.
    t.clock.set(londonAt(londonDate(new Date('2026-11-23T10:00:00Z')), '18:00'));
    await t.app.services.tracking.pollDue();
    expect(order.collectionDate).toBe('2026-11-24');

    // Cancelled before the courier comes: both payments refunded.
    const cancelled = await call(account.browser, cancelBooking, {
      params: { id: order.id },
      body: { requestKey: randomUUID() },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(202);
    await settle(t);
    expect((await checkoutStatus(account.browser, order.id)).status).toBe('cancelled');

    const mail = await mailOf(order.id);
    const to = (kind: string) =>
      mail
        .filter((m) => m.kind === kind)
        .map((m) => m.to)
        .sort();
    // Money and booking emails: the booker, the account holder and the contact, each once.
    expect(to('contact-changed')).toEqual([booker, holder, contact].sort());
    expect(to('cover-raised')).toEqual([booker, holder, contact].sort());
    expect(to('booking-cancelled')).toEqual([booker, holder, contact].sort());
    // Two refunds (the booking's payment and the raise's), each to the three of them once.
    expect(to('refund')).toEqual([booker, booker, holder, holder, contact, contact].sort());
    // The hand-over: the new contact, and the person who booked.
    expect(to('tracking-reminder')).toEqual([booker, holder, contact].sort());
    // The confirmation went to the booker and the account holder before the change.
    expect(to('booking-confirmation')).toEqual([booker, holder].sort());
    // No address got the same email twice.
    const keys = mail.map((m) => `${m.kind}|${m.to}|${m.subject}`);
    expect(new Set(keys).size).toBe(keys.length);

    // The console finds the order by the account's email, the booker's and the contact's.
    const { browser: admin } = await signedInAdmin(t);
    for (const q of [account.email.toUpperCase(), booker, contact]) {
      const found = await ok(admin, listAdminOrders, { query: { q } });
      expect(found.orders.map((o) => o.id)).toContain(order.id);
    }
  });

  it('a customs hold reaches the recipient, with what to send and the personal effects checklist; the reminder repeats it', async () => {
    const account = await customer(t);
    const order = await bookedBy(account.browser, async (orderId) => {
      await ok(account.browser, setPersonalEffects, {
        params: { id: orderId },
        body: { personalEffects: true },
      });
      await ok(account.browser, confirmDeclaration, { params: { id: orderId } });
      await ok(account.browser, acceptTerms, {
        params: { id: orderId },
        body: { accepted: true },
      });
    });
    const recipient = order.deliveryAddress?.email.toLowerCase() ?? '';
    expect(recipient).not.toBe('');
    const row = await t.app.services.orders.findById(order.id);
    t.courierSimulator!.control({
      scenario: { order: row?.courierReference ?? '', name: 'customs_hold' },
    });
    // Day by day at noon until the hold is reported (the simulator's boxes arrive days later).
    t.clock.set(londonAt('2026-11-23', '18:00'));
    await t.app.services.tracking.pollDue();
    for (let day = 24; day <= 30; day += 1) {
      t.clock.set(londonAt(`2026-11-${day}`, '12:00'));
      await t.app.services.tracking.pollDue();
      if ((await mailOf(order.id)).some((m) => m.kind === 'tracking-customs-hold')) break;
    }
    const mail = await mailOf(order.id);
    const holds = mail.filter((m) => m.kind === 'tracking-customs-hold');
    expect(holds.map((m) => m.to).sort()).toEqual(
      [order.collectionAddress?.email.toLowerCase(), account.email.toLowerCase(), recipient].sort(),
    );
    const toRecipient = await textOf(holds.find((m) => m.to === recipient)!.id);
    expect(toRecipient).toContain('Customs need you to send the courier’s clearance team');
    expect(toRecipient).toContain('held by customs in France');
    for (const document of IMPORT_CHARGES.FR.personalEffects.checklist) {
      expect(toRecipient).toContain(document);
    }
    const toSender = await textOf(holds.find((m) => m.to !== recipient)!.id);
    expect(toSender).toContain('The recipient should send the courier’s clearance team');
    const reminder = mail.find((m) => m.kind === 'tracking-reminder');
    expect(reminder).toBeDefined();
    const reminderText = await textOf(reminder!.id);
    expect(reminderText).toContain('Before the courier comes');
    for (const document of IMPORT_CHARGES.FR.personalEffects.checklist) {
      expect(reminderText).toContain(document);
    }
    // The console's tracking table lists each copy by the kind the outbox stored, named in words.
    const shown = await t.app.services.tracking.adminTracking(order.id);
    const listed = shown.emails.filter((e) => e.kind === 'tracking-customs-hold');
    expect(listed.map((e) => e.to.toLowerCase()).sort()).toEqual(holds.map((m) => m.to).sort());
    expect(emailKindText(listed[0]!.kind)).toBe('Held by customs');
    // The recipient gets the customs hold alone: the hand-over and progress are the sender's.
    expect(mail.filter((m) => m.to === recipient).map((m) => m.kind)).toEqual([
      'tracking-customs-hold',
    ]);
  });
});
