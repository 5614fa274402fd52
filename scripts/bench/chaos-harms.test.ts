import { readFileSync } from 'node:fs';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courierHarms,
  exitCode,
  HARMS,
  harmTable,
  NOTED,
  reconcileMail,
  type HarmCounts,
} from './chaos-harms.js';
import { ChaosSmtpServer } from './chaos-smtp.js';
import { markdownTable } from '../../tests/support/markdown.js';

const noHarm = Object.fromEntries(HARMS.map(([name]) => [name, 0])) as HarmCounts;
const noted = Object.fromEntries(NOTED.map(([name]) => [name, 0])) as Record<
  (typeof NOTED)[number][0],
  number
>;

describe('the chaos run’s mail count', () => {
  const outbox = [
    { messageId: '<a@boxabroad>', status: 'sent' },
    { messageId: '<b@boxabroad>', status: 'sent' },
    { messageId: '<c@boxabroad>', status: 'unknown' },
    { messageId: '<d@boxabroad>', status: 'unknown' },
    { messageId: '<e@boxabroad>', status: 'failed' },
    { messageId: '<f@boxabroad>', status: 'pending' },
  ];

  it('finds messages received twice, marked sent and never received, never sent, and lists unknown ones', () => {
    const got = reconcileMail(outbox, ['<a@boxabroad>', 'a@boxabroad', '<c@boxabroad>', '<z@x>']);
    expect(got.receivedTwice).toEqual(['a@boxabroad']);
    expect(got.sentNotReceived).toEqual(['b@boxabroad']);
    expect(got.neverSent).toEqual(['e@boxabroad', 'f@boxabroad']);
    expect(got.unknownReceived).toEqual(['c@boxabroad']);
    expect(got.unknownNotReceived).toEqual(['d@boxabroad']);
    expect(got.receivedNotInOutbox).toEqual(['z@x']);
  });

  it('finds nothing when each sent message was received once', () => {
    const got = reconcileMail(outbox.slice(0, 2), ['<a@boxabroad>', '<b@boxabroad>']);
    expect(Object.values(got).every((ids) => ids.length === 0)).toBe(true);
  });
});

describe('the chaos run’s courier count', () => {
  const siteStatus = new Map([
    ['BA-1', 'booked'],
    ['BA-2', 'needs_attention'],
    ['BA-3', 'booking_failed'],
    ['BA-4', 'cancelled'],
    ['BA-5', 'booked'],
  ]);

  it('counts double bookings, confirmations the site lost, lost answers and bookings the courier lacks', () => {
    const got = courierHarms({
      bookShipments: [
        { reference: 'BA-1', success: true, delivered: true },
        { reference: 'BA-1', success: true, delivered: true },
        { reference: 'BA-2', success: true, delivered: false },
        { reference: 'BA-3', success: true, delivered: false },
        { reference: 'BA-4', success: true, delivered: true },
        { reference: 'BA-5', success: false, delivered: true },
      ],
      simulatorBookings: ['BA-1', 'BA-2', 'BA-3', 'BA-4'],
      siteStatus,
    });
    expect(got).toEqual({
      doubleBookings: 1,
      confirmedNotBooked: 0,
      unheard: 2,
      unheardNotBeforeAnOperator: 1,
      bookedOnSiteNotAtCourier: 1,
    });
  });
});

describe('the chaos run’s exit decision', () => {
  it('is 0 with every harm at 0 and 1 with any one above', () => {
    expect(exitCode(noHarm)).toBe(0);
    for (const [name] of HARMS) expect(exitCode({ ...noHarm, [name]: 1 })).toBe(1);
  });

  it('has every harm in docs/operations.md’s table, and nothing else there', () => {
    const doc = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    const documented = markdownTable(doc, '## Chaos').map((row) => row[0]?.replace(/`/g, ''));
    expect(documented).toEqual(HARMS.map(([name]) => name));
  });

  it('prints every harm and noted count per database', () => {
    const table = harmTable([
      { database: 'pglite', harms: noHarm, noted },
      { database: 'postgres', harms: { ...noHarm, refundsLost: 2 }, noted },
    ]);
    for (const [name] of [...HARMS, ...NOTED]) expect(table).toContain(name);
    expect(table).toMatch(/harm {2}refundsLost +0 +2/);
    expect(table).toMatch(/exit +none +harm/);
  });
});

describe('the chaos mail server', () => {
  const smtp = new ChaosSmtpServer();
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  const send = (messageId: string, socketTimeout = 5_000) =>
    createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, socketTimeout }).sendMail({
      from: 'shop@boxabroad.test',
      to: 'ada@example.com',
      subject: 'Booked',
      text: 'Booked.',
      messageId,
    });

  it('keeps a whole message it never answers while silent, and CHAOS_INJECT’s resend makes a harm', async () => {
    await send('<one@boxabroad>');
    smtp.silent();
    await expect(send('<two@boxabroad>', 300)).rejects.toThrow();
    smtp.answer();
    expect(smtp.received.map((m) => m.messageId)).toEqual(['<one@boxabroad>', '<two@boxabroad>']);
    expect(smtp.unanswered).toBe(1);

    const outbox = [
      { messageId: '<one@boxabroad>', status: 'sent' },
      { messageId: '<two@boxabroad>', status: 'unknown' },
    ];
    const before = reconcileMail(
      outbox,
      smtp.received.map((m) => m.messageId),
    );
    expect(before.receivedTwice).toEqual([]);
    expect(before.unknownReceived).toEqual(['two@boxabroad']);
    const first = smtp.received[0];
    if (!first) throw new Error('nothing received');
    await smtp.sendAgain(first);
    const after = reconcileMail(
      outbox,
      smtp.received.map((m) => m.messageId),
    );
    expect(after.receivedTwice).toEqual(['one@boxabroad']);
    expect(exitCode({ ...noHarm, mailReceivedTwice: after.receivedTwice.length })).toBe(1);
  });
});
