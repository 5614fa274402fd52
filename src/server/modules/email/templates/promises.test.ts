import { describe, expect, it } from 'vitest';
import { fixedClock } from '#src/server/clock.js';
import { sampleBooking } from '#src/server/dev/sample-mail.js';
import { Emails } from '../emails.js';
import type { MailMessage, MailOutbox } from '../outbox.js';
import {
  renderBookingConfirmation,
  type BookingConfirmationInput,
} from './booking-confirmation.js';

const context = { siteUrl: 'https://boxabroad.test', now: new Date('2026-11-23T10:00:00Z') };
const REPLY_TO = 'help@boxabroad.test';

function pdf(title: string, filename: string) {
  return { title, filename, url: `https://boxabroad.test/f/${filename}`, pdf: new Uint8Array([1]) };
}

function booking(overrides: Partial<BookingConfirmationInput> = {}): BookingConfirmationInput {
  return sampleBooking({
    receipt: { amountPence: 9399, paidAt: context.now, description: 'Express collection' },
    labels: [
      pdf('Labels for A4 paper', 'labels-a4.pdf'),
      pdf('Labels for a thermal label printer (4 × 6 in)', 'labels-thermal.pdf'),
    ],
    documents: [pdf('Commercial invoice', 'commercial-invoice.pdf')],
    ...overrides,
  });
}

/** Words that say a file travels with the email. */
const SAYS_ATTACHED =
  /\b(is|are) attached\b|attached to this email as|also attached|labels are attached/i;

function promisesAttachment(mail: { html: string; text: string }): boolean {
  return SAYS_ATTACHED.test(mail.text) || SAYS_ATTACHED.test(mail.html);
}

describe('no email promises an attachment it lacks', () => {
  const cases: [string, Partial<BookingConfirmationInput>][] = [
    ['two label formats and a customs invoice', {}],
    [
      'one label format, no customs documents',
      { labels: [pdf('Labels', 'labels-a4.pdf')], documents: [] },
    ],
    ['no labels yet', { labels: [], documents: [] }],
    ['no labels yet, a customs invoice', { labels: [] }],
  ];
  for (const [name, overrides] of cases) {
    it(`booking confirmation with ${name}`, () => {
      const input = booking(overrides);
      const mail = renderBookingConfirmation(input, context);
      const files = mail.attachments.map((a) => a.filename);
      expect(files).toEqual([...input.labels, ...input.documents].map((d) => d.filename));
      // Every file it names as attached is there; it says "attached" only when something is.
      expect(promisesAttachment(mail)).toBe(files.length > 0);
      if (input.labels.length === 0) {
        expect(mail.text).toContain('Your labels are not attached to this email');
        expect(mail.html).not.toMatch(/labels are attached/i);
      } else {
        expect(mail.text).toContain('Print a label for each parcel');
        expect(mail.text).not.toContain('not attached');
      }
      if (input.labels.length === 1) expect(mail.text).not.toMatch(/\bBoth\b/);
    });
  }
});

describe('Reply-To', () => {
  /** The email service over an outbox that keeps what it is given. */
  function service() {
    const queued: MailMessage[] = [];
    const outbox = {
      enqueue: async (_tx: unknown, message: MailMessage) => {
        queued.push(message);
        return { id: 'm', messageId: '<m@x>', created: true };
      },
    } as unknown as MailOutbox;
    const emails = new Emails(outbox, fixedClock('2026-11-23T10:00:00Z'), {
      salesEmail: 'sales@boxabroad.test',
      replyTo: REPLY_TO,
      siteUrl: context.siteUrl,
    });
    return { emails, queued };
  }

  it('every email that invites a reply carries one the business reads; the others come from no-reply only', async () => {
    const { emails, queued } = service();
    const tx = {} as never;
    const order = {
      id: '00000000-0000-4000-8000-000000000001',
      reference: 'BA-7K2M9Q',
      userId: null,
      bookerEmail: 'jane@example.com',
      destinationCountryId: 1,
      personalEffects: false,
      collectionAddress: { firstName: 'Jane', email: 'jane@example.com' },
      deliveryAddress: { firstName: 'Jean', email: 'jean@example.com' },
    };
    await emails.send(tx, 'booking-confirmation', order, booking());
    await emails.send(tx, 'booking-confirmation', order, {
      ...booking({ labels: [], documents: [] }),
      copy: 'no-labels',
    });
    await emails.send(tx, 'cancel-not-made', order, { outcome: 'failed', changeId: 'c1' });
    await emails.sendTo(tx, 'contact-message', {
      id: 'c1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      message: 'Hello',
      receivedAt: context.now,
    });
    await emails.sendTo(tx, 'password-reset', {
      email: 'jane@example.com',
      resetUrl: 'https://boxabroad.test/reset?token=x',
      requestId: 'r1',
      expiresAt: new Date('2026-11-23T11:00:00Z'),
    });
    await emails.sendTo(tx, 'verify-email', {
      email: 'jane@example.com',
      url: 'https://boxabroad.test/verify?token=x',
      requestId: 'v1',
    });

    const invites = (m: MailMessage) => /reply to this email/i.test(m.text);
    const inviting = queued.filter(invites);
    expect(inviting.map((m) => m.kind).sort()).toEqual([
      'booking-confirmation',
      'booking-confirmation',
      'cancel-not-made',
      'contact-message',
    ]);
    for (const m of inviting) {
      // The contact message goes to the sales mailbox: a reply goes to the visitor.
      expect(m.replyTo).toBe(m.kind === 'contact-message' ? 'ada@example.com' : REPLY_TO);
    }
    for (const m of queued.filter((q) => !invites(q))) expect(m.replyTo).toBeUndefined();
  });
});
