import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.js';
import { call, untyped } from '#tests/support/call.js';
import { createContactMessage } from '#src/domain/api/contact.js';
import { ApiErrorBodySchema } from '#src/domain/api-error.js';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  ContactMessageReceiptSchema,
} from '#src/domain/contact.js';
import { ContactRepository } from './contact.repository.js';

// Every message here comes from one address, more than the default per-address limit allows;
// the limit itself is tested in src/server/http/guard-rails.test.ts.
const t = useTestApp({ rateLimits: { contact: { max: 1000, windowSeconds: 900 } } });
let repository: ContactRepository;
beforeAll(() => {
  repository = new ContactRepository(t.database.db);
});

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines Ltd',
  email: 'ada@example.co.uk',
  phone: '+44 7700 900982',
  message: 'Can you collect 3 boxes from Leeds next Tuesday?',
  newsOptIn: true,
};

describe('POST /api/v1/contact-messages', () => {
  it('stores a valid message and answers with its id only', async () => {
    const res = await call(t.app, createContactMessage, { body: valid });
    expect(res.statusCode).toBe(201);
    const receipt = ContactMessageReceiptSchema.parse(res.json());
    expect(Object.keys(res.json() as object).sort()).toEqual(['id', 'receivedAt']);
    expect(receipt.receivedAt).toBe('2026-11-23T10:00:00.000Z');

    const stored = await repository.findById(receipt.id);
    expect(stored).toEqual({
      ...valid,
      id: receipt.id,
      receivedAt: new Date('2026-11-23T10:00:00Z'),
      // Unread until an operator opens it in the console.
      readAt: null,
    });
  });

  it('trims fields and stores the optional ones as empty', async () => {
    const res = await call(t.app, createContactMessage, {
      body: { firstName: '  Sam ', email: ' sam@example.com ', message: ' Hi ' },
    });
    expect(res.statusCode).toBe(201);
    const stored = await repository.findById(ContactMessageReceiptSchema.parse(res.json()).id);
    expect(stored).toMatchObject({
      firstName: 'Sam',
      lastName: '',
      company: '',
      email: 'sam@example.com',
      phone: '',
      message: 'Hi',
      newsOptIn: false,
    });
  });

  type Invalid = [what: string, change: Record<string, unknown>, field: string, message: string];
  /** `field` one character longer than its limit. */
  const overLimit = (what: string, field: string, limit: number, message: string): Invalid => [
    `${what} too long`,
    { [field]: 'a'.repeat(limit + 1) },
    field,
    message,
  ];
  const invalid: Invalid[] = [
    ['a missing first name', { firstName: '' }, 'firstName', CONTACT_MESSAGES.firstNameRequired],
    ['a blank first name', { firstName: '   ' }, 'firstName', CONTACT_MESSAGES.firstNameRequired],
    overLimit('a first name', 'firstName', CONTACT_LIMITS.name, CONTACT_MESSAGES.firstNameTooLong),
    overLimit('a last name', 'lastName', CONTACT_LIMITS.name, CONTACT_MESSAGES.lastNameTooLong),
    overLimit('a company', 'company', CONTACT_LIMITS.company, CONTACT_MESSAGES.companyTooLong),
    ['a missing email', { email: '' }, 'email', CONTACT_MESSAGES.emailRequired],
    ['an email without @', { email: 'ada.example.com' }, 'email', CONTACT_MESSAGES.emailInvalid],
    ['an email without domain', { email: 'ada@localhost' }, 'email', CONTACT_MESSAGES.emailInvalid],
    ['an email with spaces', { email: 'ada @example.com' }, 'email', CONTACT_MESSAGES.emailInvalid],
    ['a phone with letters', { phone: 'call me maybe' }, 'phone', CONTACT_MESSAGES.phoneInvalid],
    [
      'a phone too long',
      { phone: '0'.repeat(CONTACT_LIMITS.phone + 1) },
      'phone',
      CONTACT_MESSAGES.phoneInvalid,
    ],
    ['a missing message', { message: '' }, 'message', CONTACT_MESSAGES.messageRequired],
    overLimit('a message', 'message', CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
  ];

  for (const [what, change, field, message] of invalid) {
    it(`rejects ${what} with its message, storing nothing`, async () => {
      const before = (await repository.listRecent(1000)).length;
      const res = await call(t.app, createContactMessage, { body: { ...valid, ...change } });
      expect(res.statusCode).toBe(422);
      const body = ApiErrorBodySchema.parse(res.json());
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields).toEqual({ [field]: message });
      expect((await repository.listRecent(1000)).length).toBe(before);
    });
  }

  it('names every bad field at once', async () => {
    const res = await call(t.app, createContactMessage, {
      body: { firstName: '', email: 'nope', message: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).error.fields).toEqual({
      firstName: CONTACT_MESSAGES.firstNameRequired,
      email: CONTACT_MESSAGES.emailInvalid,
      message: CONTACT_MESSAGES.messageRequired,
    });
  });

  it('rejects a body that is not an object', async () => {
    const res = await call(t.app, createContactMessage, {
      headers: { 'content-type': 'application/json' },
      body: untyped('"hello"'),
    });
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('VALIDATION_FAILED');
  });

  it('rejects a 1 MB body with 413 before storing anything', async () => {
    const before = (await repository.listRecent(1000)).length;
    const res = await call(t.app, createContactMessage, {
      body: { ...valid, message: 'x'.repeat(1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await repository.listRecent(1000)).length).toBe(before);
  });

  it('stores HTML as the text typed and never echoes it', async () => {
    const markup = {
      ...valid,
      firstName: '<b>Ada</b>',
      company: '"><img src=x onerror=alert(1)>',
      message: '<script>alert("hi")</script>\nThanks & regards',
    };
    const res = await call(t.app, createContactMessage, { body: markup });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('<');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const stored = await repository.findById(ContactMessageReceiptSchema.parse(res.json()).id);
    expect(stored?.firstName).toBe('<b>Ada</b>');
    expect(stored?.company).toBe('"><img src=x onerror=alert(1)>');
    expect(stored?.message).toBe('<script>alert("hi")</script>\nThanks & regards');
  });

  it('does not echo markup in its error messages either', async () => {
    const res = await call(t.app, createContactMessage, {
      body: { ...valid, email: '<script>alert(1)</script>' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('<script>');
  });
});

describe('the email to the sales mailbox', () => {
  it('is queued with the message and delivered to SALES_EMAIL with Reply-To the visitor, escaped', async () => {
    const res = await call(t.app, createContactMessage, {
      body: {
        ...valid,
        firstName: '<img src=x onerror=alert(1)>',
        message: 'Hello <b>sales</b>',
      },
    });
    expect(res.statusCode).toBe(201);
    const { id } = ContactMessageReceiptSchema.parse(res.json());
    const queued = (await t.mail.outbox.list()).find(
      (m) => m.idempotencyKey === `contact-message:${id}`,
    );
    expect(queued).toMatchObject({ to: 'sales@boxabroad.test', status: 'pending' });

    await t.mail.worker.runOnce();
    const entries = await t.mail.mailbox!.list();
    const entry = entries.find((e) => e.messageId === queued!.messageId);
    expect(entry?.envelopeTo).toContain('sales@boxabroad.test');
    const message = await t.mail.mailbox!.get(entry!.id);
    expect(message!.parsed.replyTo?.text).toContain('ada@example.co.uk');
    expect(message!.parsed.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(message!.parsed.html).not.toContain('<img src=x');
    expect(message!.parsed.text).toContain('Hello <b>sales</b>');
  });
});
