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
  restoreHarms,
  type HarmCounts,
  type RoundTripFacts,
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

describe('the chaos run’s backup-restore-start round trip count', () => {
  const mail = (messageId: string, to: string, subject: string) => ({
    messageId,
    to: [to],
    subject,
  });
  const clean: RoundTripFacts = {
    bookedBefore: ['BA-1', 'BA-2'],
    bookedAfter: ['BA-3'],
    capturesAsked: [{ id: 'pi_3', before: 'authorised' }],
    mailBefore: [mail('<a@boxabroad>', 'ada@example.com', 'Booked BA-1')],
    mailAfter: [mail('<c@boxabroad>', 'cy@example.com', 'Booked BA-3')],
    pending: ['o1', 'o2', 'o3', 'o4'],
    statusAfter: new Map([
      ['o1', 'booked'],
      ['o2', 'cancelled'],
      ['o3', 'booked'],
      ['o4', 'needs_attention'],
    ]),
    listed: new Set(['o1', 'o4']),
  };

  it('finds no harm when the restored site repeats nothing and lists what it did not finish', () => {
    const got = restoreHarms(clean);
    expect({ harms: got.harms, noted: got.noted }).toEqual({
      harms: {
        restoreSecondBookings: 0,
        restoreSecondCaptures: 0,
        restoreMailSentAgain: 0,
        restorePendingNotListed: 0,
      },
      noted: { restorePendingFinished: 3, restorePendingForAnOperator: 1, restoreFirstBookings: 1 },
    });
  });

  it('counts second bookings and captures, emails sent again and pending orders left unlisted', () => {
    const got = restoreHarms({
      ...clean,
      bookedAfter: ['BA-1', 'BA-3', 'BA-4', 'BA-4'],
      capturesAsked: [
        { id: 'pi_1', before: 'captured' },
        { id: 'pi_3', before: 'authorised' },
      ],
      mailAfter: [
        // The same Message-ID, and the same email written again under a new one.
        mail('a@boxabroad', 'ada@example.com', 'Booked BA-1'),
        mail('<b2@boxabroad>', 'ada@example.com', 'Booked BA-1'),
        mail('<c@boxabroad>', 'cy@example.com', 'Booked BA-3'),
      ],
      pending: [...clean.pending, 'o5', 'o6', 'o7'],
      statusAfter: new Map([...clean.statusAfter, ['o5', 'needs_attention'], ['o6', 'booking']]),
    });
    expect(got.harms).toEqual({
      restoreSecondBookings: 2,
      restoreSecondCaptures: 1,
      restoreMailSentAgain: 2,
      // o5 before an operator without being listed, o6 still booking, o7 gone.
      restorePendingNotListed: 3,
    });
    expect(got.found.restorePendingNotListed).toEqual([
      'o5 (needs_attention)',
      'o6 (booking)',
      'o7 (missing)',
    ]);
    expect(exitCode({ ...noHarm, ...got.harms })).toBe(1);
  });

  it('counts every order not finished when the reconciliation never finished', () => {
    expect(restoreHarms({ ...clean, listed: null }).harms.restorePendingNotListed).toBe(1);
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

  it('prints what a run did not measure as -, and decides on what it measured', () => {
    const restoreOnly = { restoreSecondBookings: 0, restoreMailSentAgain: 1 };
    const table = harmTable([
      { database: 'pglite', harms: noHarm, noted },
      { database: 'restore (pglite)', harms: restoreOnly, noted: {} },
    ]);
    expect(table).toMatch(/harm {2}doubleBookings +0 +-/);
    expect(table).toMatch(/harm {2}restoreMailSentAgain +0 +1/);
    expect(table).toMatch(/exit +none +harm/);
    expect(exitCode({ restoreSecondBookings: 0 })).toBe(0);
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

  it('keeps each message’s Subject, and CHAOS_INJECT’s resend after a restore is an email sent again', async () => {
    const before = smtp.received.length;
    await send('<three@boxabroad>');
    const third = smtp.received.at(-1);
    if (!third) throw new Error('nothing received');
    expect(third.subject).toBe('Booked');
    const seen = (from: number, to?: number) =>
      smtp.received
        .slice(from, to)
        .map((m) => ({ messageId: m.messageId, to: m.to, subject: m.subject }));
    const mark = smtp.received.length;
    await smtp.sendAgain(third);
    const got = restoreHarms({
      bookedBefore: [],
      bookedAfter: [],
      capturesAsked: [],
      mailBefore: seen(before, mark),
      mailAfter: seen(mark),
      pending: [],
      statusAfter: new Map(),
      listed: new Set(),
    });
    expect(got.harms.restoreMailSentAgain).toBe(1);
    expect(exitCode(got.harms)).toBe(1);
  });
});
