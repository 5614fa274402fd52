// On PostgreSQL too: two tabs rebook at once and the poll claims shipments under the order's lock.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { call, ok } from '#tests/support/call.js';
import { bookedOrder, settle } from '#tests/support/factories/payments.js';
import { ScriptedCourier, useScriptedCourierApp } from '#tests/support/scripted-courier.js';
import {
  getOrderTracking,
  getTracking,
  lookUpTracking,
  getEmailSettings,
  rebookMissedCollection,
  setEmailSettings,
  setOrderTrackingEmails,
  TRACKING_LINK_EXPIRED,
} from '#src/domain/api/tracking.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import { londonAt } from '#src/domain/london-time.js';
import { DEFAULT_TRACKING_SETTINGS } from './tracking.service.js';
import { pollShipmentsJob } from './jobs/poll-shipments.job.js';
import type { TrackingStatus } from '#src/domain/tracking.js';
import { fixedClock } from '../../clock.js';
import type { CourierTrackingEvent } from '../../providers/courier/courier-provider.js';

/**
 * Tracking against a courier whose TrackOrder answers are scripted (docs/tracking.md): orders are
 * booked through the courier simulator, then each poll reads what the test says the courier
 * knows, at the time the test's clock says.
 */

const clock = fixedClock('2026-11-23T10:00:00Z');
const scripted = new ScriptedCourier();
const logged: { level: number; msg: string; courierCode?: string }[] = [];
// Booking and routes through the simulator; tracking and rebooking as the test scripts them.
const t = useScriptedCourierApp(clock, scripted, () => ({
  logger: pino(
    { level: 'warn' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          logged.push(JSON.parse(line));
        done();
      },
    }),
  ),
  rateLimits: { trackingLookups: { max: 4, windowSeconds: 900 } },
  // A rebooking's request waits for the courier this long (8 s on the site).
  changeAnswerWithinMs: 300,
}));

function event(
  courierCode: string,
  status: TrackingStatus,
  at: string,
  extra: Partial<CourierTrackingEvent> = {},
): CourierTrackingEvent {
  return {
    courierCode,
    status,
    recognised: true,
    description: courierCode,
    at: new Date(at),
    ...extra,
  };
}

/** A booked order, its courier reference and the boxes the scripted courier knows of. */
async function booked(boxes = 2) {
  const { order } = await bookedOrder(t, { small: boxes, large: 0 });
  const shipment = await t.app.services.tracking.view(order.id);
  expect(shipment).not.toBeNull();
  const reference = (await t.app.services.orders.findById(order.id))?.courierReference ?? '';
  const parcels = Array.from({ length: boxes }, (_, i) => ({
    parcelReference: `${reference}-${i + 1}`,
    events: [event('BOOKED', 'booked', '2026-11-23T10:00:00Z')],
  }));
  scripted.tracking.set(reference, parcels);
  return { order, reference, parcels, collectionDate: order.collectionDate ?? '' };
}

async function at(time: Date | string) {
  clock.set(time);
  return t.app.services.tracking.pollDue();
}

/** The subjects of the emails about this order to the person who booked it. */
async function mailSubjects(reference: string): Promise<string[]> {
  const rows = await t.database.query<{ subject: string }>(
    `SELECT subject FROM mail WHERE subject LIKE $1 AND to_address = 'ada@example.com' ORDER BY created_at`,
    [`%${reference}%`],
  );
  return rows.map((r) => r.subject);
}

/** The token of the order's email-settings link, as its emails' "turn off" link carries it. */
function emailsToken(orderId: string): string {
  return t.app.services.tracking.emailSettingsUrl(orderId).split('/').pop() ?? '';
}

/** The tracking emails to the customer who booked (the recipient gets a customs hold too). */
async function trackingEmails(orderId: string) {
  const mail = await t.mail.outbox.listForOrder(orderId);
  return mail
    .filter((m) => m.kind.startsWith('tracking-') && m.to === 'ada@example.com')
    .map((m) => m.kind)
    .sort();
}

describe('the tracking job', () => {
  it('stores each event once when the courier repeats it, and follows each box', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const { order, parcels, collectionDate } = await booked(2);
    await at('2026-11-23T10:00:01Z');
    parcels[0]?.events.push(event('COLLECTED', 'collected', `${collectionDate}T14:00:00Z`));
    parcels[1]?.events.push(event('COLLECTED', 'collected', `${collectionDate}T14:02:00Z`));
    await at(londonAt(collectionDate, '15:00'));
    await at(londonAt(collectionDate, '16:30'));
    await at(londonAt(collectionDate, '17:50'));
    const view = await ok(t.app, getOrderTracking, { params: { id: order.id } });
    expect(view.tracking?.status).toBe('collected');
    expect(view.tracking?.boxes.map((b) => b.events.length)).toEqual([2, 2]);
    expect(view.tracking?.missedCollection).toBeNull();
    // One box held by customs: the order shows the hold, and is not delivered while it lasts.
    parcels[0]?.events.push(event('DELIVERED', 'delivered', `2026-11-27T12:00:00Z`));
    parcels[1]?.events.push(
      event('CUSTOMS_HOLD', 'customs_hold', `2026-11-27T09:00:00Z`, { reason: 'Invoice needed' }),
    );
    await at('2026-11-27T13:00:00Z');
    const held = await t.app.services.tracking.view(order.id);
    expect(held?.status).toBe('customs_hold');
    expect(held?.boxes.map((b) => [b.status, b.reason])).toEqual([
      ['delivered', null],
      ['customs_hold', 'Invoice needed'],
    ]);
    expect(await trackingEmails(order.id)).toEqual(['tracking-collected', 'tracking-customs-hold']);
  });

  it('stops polling once every box is delivered, and emails delivered once', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const { order, reference, parcels } = await booked(2);
    await at('2026-11-23T10:00:01Z');
    for (const [i, parcel] of parcels.entries()) {
      parcel.events.push(
        event('COLLECTED', 'collected', '2026-11-24T14:00:00Z'),
        event('OUT', 'out_for_delivery', '2026-11-26T08:00:00Z'),
        event('DELIVERED', 'delivered', `2026-11-26T1${i}:00:00Z`),
      );
    }
    await at('2026-11-26T12:00:00Z');
    const shipment = await t.app.services.tracking.adminTracking(order.id);
    expect(shipment.tracking?.status).toBe('delivered');
    expect(shipment.polling?.stoppedAt).not.toBeNull();
    expect(shipment.polling?.nextPollAt).toBeNull();
    const calls = scripted.trackCalls.filter((r) => r === reference).length;
    await at('2026-12-10T12:00:00Z');
    expect(scripted.trackCalls.filter((r) => r === reference)).toHaveLength(calls);
    // A backlog arriving at once sends the furthest step only.
    expect(await trackingEmails(order.id)).toEqual(['tracking-delivered']);
  });

  it('brings the polling job forward when an order is booked: its first poll is at once', async () => {
    clock.set('2026-11-23T10:00:00Z');
    await t.app.services.jobs.schedule(pollShipmentsJob);
    try {
      // The job's next round is a minute away; the booking's jobs run at 10:00:30.
      await t.database.query(`UPDATE jobs SET run_at = $1 WHERE key = $2`, [
        new Date('2026-11-23T10:01:00Z'),
        pollShipmentsJob.key({}),
      ]);
      clock.set('2026-11-23T10:00:30Z');
      const { order } = await booked(1);
      expect((await t.app.services.tracking.view(order.id))?.lastCheckedAt).toBe(
        '2026-11-23T10:00:30.000Z',
      );
    } finally {
      // The other tests run the job by hand.
      await t.database.query(`DELETE FROM jobs WHERE key = $1`, [pollShipmentsJob.key({})]);
    }
  });

  it('asks the courier about at most TRACKING_CONCURRENCY shipments at a time', async () => {
    clock.set('2026-11-23T10:00:00Z');
    for (let i = 0; i < 4; i += 1) await booked(1);
    scripted.trackDelayMs = 30;
    scripted.maxTrackInFlight = 0;
    const before = scripted.trackCalls.length;
    const round = await at('2026-11-23T10:00:02Z');
    scripted.trackDelayMs = 0;
    expect(scripted.trackCalls.length - before).toBeGreaterThanOrEqual(4);
    expect(round.failed).toBe(0);
    expect(scripted.maxTrackInFlight).toBe(2);
  });

  it('stores a code it does not know as exception, logs it and flags the shipment', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const { order, parcels, collectionDate } = await booked(1);
    parcels[0]?.events.push(
      event('COLLECTED', 'collected', `${collectionDate}T11:00:00Z`),
      event('ZX9', 'exception', `${collectionDate}T19:00:00Z`, {
        recognised: false,
        description: 'Shipment on hold: address query',
      }),
    );
    await at(londonAt(collectionDate, '20:00'));
    const view = await t.app.services.tracking.view(order.id);

    expect(view?.status).toBe('exception');
    expect(view?.boxes[0]?.events.at(-1)).toMatchObject({
      status: 'exception',
      description: 'Shipment on hold: address query',
    });
    expect((await t.app.services.tracking.adminTracking(order.id)).polling?.flag).toBe('exception');
    expect(logged.some((l) => l.courierCode === 'ZX9' && l.level === 40)).toBe(true);
    expect(await trackingEmails(order.id)).toContain('tracking-exception');
  });
});

describe('a missed collection', () => {
  it('is flagged at the end of the day, emailed with new dates and rebooked at no charge, once', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const { order, reference, collectionDate } = await booked(2);
    await at('2026-11-23T10:00:01Z');
    // The evening before: the reminder.
    await at(londonAt('2026-11-23', '18:00'));
    expect(await trackingEmails(order.id)).toEqual(['tracking-reminder']);
    await at(londonAt(collectionDate, '12:00'));
    expect((await t.app.services.tracking.view(order.id))?.status).toBe('booked');
    await at(londonAt(collectionDate, '17:45'));
    const missed = await t.app.services.tracking.view(order.id);
    expect(missed?.status).toBe('collection_missed');
    expect(missed?.boxes.map((b) => b.status)).toEqual(['collection_missed', 'collection_missed']);
    const newDates = missed?.missedCollection?.newDates ?? [];
    expect(newDates.length).toBe(5);
    expect(await trackingEmails(order.id)).toEqual([
      'tracking-collection-missed',
      'tracking-reminder',
    ]);
    const email = (await t.mail.outbox.listForOrder(order.id)).find(
      (m) => m.kind === 'tracking-collection-missed',
    );
    expect(email?.subject).toContain('choose a new date');

    const token = missed?.token ?? '';
    const notOffered = await call(t.app, rebookMissedCollection, {
      params: { token },
      body: { collectionDate: '2027-06-01' },
    });
    expect(notOffered.statusCode).toBe(422);
    const payments = await t.database.query('SELECT count(*)::int AS n FROM payments');
    // Two tabs at once: one rebooks, the other is told.
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        call(t.app, rebookMissedCollection, {
          params: { token },
          body: { collectionDate: newDates[1] ?? '' },
        }),
      ),
    );
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
    expect(scripted.rebookings.filter((r) => r.courierReference === reference)).toEqual([
      { courierReference: reference, collectionDate: newDates[1], readyFrom: '09:00' },
    ]);
    const rebooked = await ok(t.app, getTracking, { params: { token } });
    expect(rebooked.status).toBe('booked');
    expect(rebooked.collectionDate).toBe(newDates[1]);
    expect(rebooked.missedCollection).toBeNull();
    expect((await t.app.services.orders.findById(order.id))?.collectionDate).toBe(newDates[1]);
    expect(await t.database.query('SELECT count(*)::int AS n FROM payments')).toEqual(payments);
    expect(await trackingEmails(order.id)).toContain('tracking-collection-rebooked');
  });

  it('is refused with the reason when the courier refuses, and nothing changes', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const { order, collectionDate } = await booked(1);
    await at(londonAt(collectionDate, '17:45'));
    const view = await t.app.services.tracking.view(order.id);
    scripted.rebookRefusal = 'No collections on that day';
    const refused = await call(t.app, rebookMissedCollection, {
      params: { token: view?.token ?? '' },
      body: { collectionDate: view?.missedCollection?.newDates[0] ?? '' },
    });
    scripted.rebookRefusal = undefined;
    expect(refused.statusCode).toBe(502);
    const after = await t.app.services.tracking.view(order.id);
    expect(after?.status).toBe('collection_missed');
    expect(after?.collectionDate).toBe(collectionDate);
  });

  it('a rebooking answers within its limit while the courier is slow, and ends when the courier does', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const { order, collectionDate } = await booked(1);
    await at(londonAt(collectionDate, '17:45'));
    const view = await t.app.services.tracking.view(order.id);
    const newDate = view?.missedCollection?.newDates[0] ?? '';
    let answer = () => {};
    scripted.rebookAnswer = new Promise<void>((resolve) => (answer = resolve));
    const started = performance.now();
    const asked = await ok(t.app, rebookMissedCollection, {
      params: { token: view?.token ?? '' },
      body: { collectionDate: newDate },
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(asked).toMatchObject({ rebookingUnconfirmed: true, collectionDate: newDate });
    // The courier answers after the request did: the rebooking is written and emailed then.
    answer();
    scripted.rebookAnswer = undefined;
    await t.app.services.tracking.idle();
    await settle(t);
    const settled = await ok(t.app, getTracking, { params: { token: view?.token ?? '' } });
    expect(settled).toMatchObject({
      status: 'booked',
      collectionDate: newDate,
      rebookingUnconfirmed: false,
    });
    expect(await trackingEmails(order.id)).toEqual([
      'tracking-collection-missed',
      'tracking-collection-rebooked',
    ]);
  });

  it('a rebooking the courier does not answer is being confirmed, then settled from the courier’s account and emailed, whether it moved or not', async () => {
    for (const courierMoved of [true, false]) {
      clock.set('2026-11-23T10:00:00Z');
      const { order, reference, collectionDate } = await booked(1);
      await at(londonAt(collectionDate, '17:45'));
      const view = await t.app.services.tracking.view(order.id);
      const newDate = view?.missedCollection?.newDates[0] ?? '';
      // The courier takes the new day (or not) but its answer never comes back to us.
      if (courierMoved) scripted.collectionsInForce.set(reference, newDate);
      scripted.down = true;
      const answer = await ok(t.app, rebookMissedCollection, {
        params: { token: view?.token ?? '' },
        body: { collectionDate: newDate },
      });
      scripted.down = false;
      // Not a refusal and not a success: being confirmed, and no new dates offered meanwhile.
      expect(answer).toMatchObject({
        status: 'collection_missed',
        collectionDate: newDate,
        rebookingUnconfirmed: true,
        missedCollection: null,
      });
      expect(await trackingEmails(order.id)).toEqual(['tracking-collection-missed']);
      // The check asks the courier which day it has, and settles to it.
      clock.set(new Date(clock.now().getTime() + 31_000));
      await settle(t);
      const settled = await ok(t.app, getTracking, { params: { token: view?.token ?? '' } });
      expect(settled.rebookingUnconfirmed).toBe(false);
      if (courierMoved) {
        expect(settled).toMatchObject({ status: 'booked', collectionDate: newDate });
        expect(await trackingEmails(order.id)).toEqual([
          'tracking-collection-missed',
          'tracking-collection-rebooked',
        ]);
      } else {
        expect(settled.status).toBe('collection_missed');
        expect(settled.missedCollection?.newDates.length).toBeGreaterThan(0);
        const subjects = await mailSubjects(order.reference);
        expect(subjects.filter((x) => x.startsWith('Your collection is not rebooked yet'))).toEqual(
          [`Your collection is not rebooked yet: choose a date again (booking ${order.reference})`],
        );
      }
    }
  });
});

describe('the tracking page', () => {
  it('opens by reference and either postcode; a wrong one of each gets the same answer, then 429', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const { order } = await booked(1);
    const row = await t.app.services.orders.findById(order.id);
    const found = await ok(t.app, lookUpTracking, {
      body: {
        reference: order.reference.toLowerCase(),
        postcode: (row?.destinationPostcode ?? '').toLowerCase(),
      },
    });
    expect((await ok(t.app, getTracking, { params: { token: found.token } })).reference).toBe(
      order.reference,
    );
    const wrongPostcode = await call(t.app, lookUpTracking, {
      body: { reference: order.reference, postcode: 'ZZ1 1ZZ' },
    });
    const wrongReference = await call(t.app, lookUpTracking, {
      body: { reference: 'BA-NOSUCH1', postcode: row?.collectionPostcode ?? '' },
    });
    expect(wrongPostcode.statusCode).toBe(404);
    expect(wrongReference.statusCode).toBe(404);
    expect(wrongPostcode.json()).toEqual(wrongReference.json());
    const limited = await call(t.app, lookUpTracking, {
      body: { reference: order.reference, postcode: row?.collectionPostcode ?? '' },
    });
    expect(limited.statusCode).toBe(200);
    const refused = await call(t.app, lookUpTracking, {
      body: { reference: order.reference, postcode: row?.collectionPostcode ?? '' },
    });
    expect(refused.statusCode).toBe(429);
    // A token we did not sign, or one for another order altered, opens nothing.
    const forged = `${found.token.slice(0, 22)}${'A'.repeat(22)}`;
    expect((await call(t.app, getTracking, { params: { token: forged } })).statusCode).toBe(404);
  });

  it(`stops working ${DEFAULT_TRACKING_SETTINGS.linkDays} days after the delivery, and then says so`, async () => {
    clock.set('2026-11-23T10:00:00Z');
    const { order, parcels } = await booked(1);
    await at('2026-11-23T10:00:01Z');
    const token = (await t.app.services.tracking.view(order.id))!.token;
    parcels[0]!.events.push(
      event('COLLECTED', 'collected', '2026-11-24T14:00:00Z'),
      event('DELIVERED', 'delivered', '2026-11-26T10:00:00Z'),
    );
    // Delivered at this poll: the link's days count from here.
    const deliveredAt = new Date('2026-11-26T12:00:00Z');
    await at(deliveredAt);
    const days = (n: number) => new Date(deliveredAt.getTime() + n * 86_400_000);
    clock.set(days(DEFAULT_TRACKING_SETTINGS.linkDays - 1));
    expect((await ok(t.app, getTracking, { params: { token } })).status).toBe('delivered');
    clock.set(days(DEFAULT_TRACKING_SETTINGS.linkDays));
    const expired = await call(t.app, getTracking, { params: { token } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      error: {
        code: TRACKING_LINK_EXPIRED.code,
        message: TRACKING_LINK_EXPIRED.message(DEFAULT_TRACKING_SETTINGS.linkDays),
      },
    });
    expect(expired.json<ApiErrorBody>().error.message).toContain('stop working 90 days after');
    const emails = await call(t.app, setEmailSettings, {
      params: { token: emailsToken(order.id) },
      body: { reminder: false, updates: false },
    });
    expect(emails.statusCode).toBe(410);
    // The order's own pages (its owner, signed in or by its browser) still show it.
    expect((await call(t.app, getOrderTracking, { params: { id: order.id } })).statusCode).toBe(
      200,
    );
  });

  it('turns the optional emails off by their own link, and problems still go', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const { order, parcels, collectionDate } = await booked(1);
    const view = await t.app.services.tracking.view(order.id);
    const trackingToken = view?.token ?? '';
    const token = emailsToken(order.id);
    // The shared page is for following the parcel: when it should arrive, no settings, no money.
    const shared = await ok(t.app, getTracking, { params: { token: trackingToken } });
    expect(shared.expectedDelivery).toEqual({
      from: expect.stringMatching(/^2026-1[12]-\d\d$/),
      to: expect.stringMatching(/^2026-1[12]-\d\d$/),
      delayed: false,
    });
    expect(shared.expectedDelivery!.from > collectionDate).toBe(true);
    expect(Object.keys(shared)).not.toContain('emails');
    expect(Object.keys(shared)).not.toContain('money');
    // Each link opens only what it was signed for: the shared tracking link changes no setting.
    expect(token).not.toBe(trackingToken);
    const off = { reminder: false, updates: false };
    const refused = [
      await call(t.app, setEmailSettings, { params: { token: trackingToken }, body: off }),
      await call(t.app, getEmailSettings, { params: { token: trackingToken } }),
      await call(t.app, getTracking, { params: { token } }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect(await ok(t.app, getEmailSettings, { params: { token } })).toEqual({
      reference: order.reference,
      emails: { reminder: true, updates: true },
    });
    // The order's own pages show and change the same choice.
    expect(
      await ok(t.app, setOrderTrackingEmails, {
        params: { id: order.id },
        body: { reminder: false, updates: true },
      }),
    ).toEqual({ reminder: false, updates: true });
    expect((await ok(t.app, getOrderTracking, { params: { id: order.id } })).emails).toEqual({
      reminder: false,
      updates: true,
    });
    await ok(t.app, setEmailSettings, { params: { token }, body: off });
    await at(londonAt('2026-11-23', '18:30'));
    parcels[0]?.events.push(
      event('COLLECTED', 'collected', `${collectionDate}T11:00:00Z`),
      event('HELD', 'customs_hold', `${collectionDate}T16:00:00Z`),
    );
    await at(londonAt(collectionDate, '17:45'));
    expect(await trackingEmails(order.id)).toEqual(['tracking-customs-hold']);
  });
});
