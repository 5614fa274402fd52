// On PostgreSQL too: a booking job and its retries racing for the order under faults.
import { pino } from 'pino';
import { NEEDS_ATTENTION_MESSAGE } from '#src/domain/checkout.js';
import { Writable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anotherProcess, useTestApp } from '#tests/support/test-app.js';
import { TransglobalCourier } from '../../providers/courier/transglobal/transglobal.client.js';
import { OrdersService } from '../orders/orders.service.js';
import { CheckoutRepository } from './checkout.repository.js';
import { checkoutStatus, useBookCallCount } from '#tests/support/checkout.js';
import { settle, authorisedOrder, orderPayments } from '#tests/support/factories/payments.js';

/**
 * Faults around BookShipment: the database failing after the courier confirmed, a worker taken
 * over while its call is in flight, a worker that stopped before or during the call.
 */
const lines: Record<string, unknown>[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  }),
);
const t = useTestApp({ logger, checkout: { replyWriteWindowMs: 2_000 } });
const bookCalls = useBookCallCount(t);
beforeEach(() => {
  lines.length = 0;
});

const jobs = () => t.app.services.jobs;
const paymentStatuses = async (orderId: string) =>
  (await orderPayments(t, orderId)).map((r) => r.status);
async function keptReply(orderId: string) {
  const [row] = await t.database.query<{ courier_reference: string }>(
    'SELECT courier_reference FROM courier_booking_replies WHERE order_id = $1',
    [orderId],
  );
  return row;
}
/** The booking job's lease runs out, as if its worker were cut off from the database. */
async function expireBookingLease(orderId: string) {
  await t.database.query(`UPDATE jobs SET locked_until = $2 WHERE key LIKE $1`, [
    `book-shipment:${orderId}:%`,
    new Date('2026-11-23T09:00:00Z'),
  ]);
}

describe('the courier confirmed: the booking is never lost', () => {
  it('a failed database write after SUCCESS is retried; the reply was kept and logged first; the order ends booked', async () => {
    const order = await authorisedOrder(t);
    let failures = 0;
    const insert = CheckoutRepository.prototype.insertDocuments;
    vi.spyOn(CheckoutRepository.prototype, 'insertDocuments').mockImplementation(async function (
      this: CheckoutRepository,
      ...args: Parameters<CheckoutRepository['insertDocuments']>
    ) {
      if (failures < 2) {
        failures += 1;
        throw new Error('Connection terminated unexpectedly');
      }
      return insert.apply(this, args);
    });
    await settle(t);
    expect(failures).toBe(2);
    const status = await checkoutStatus(t.app, order.id);
    expect(status.status).toBe('booked');
    expect(bookCalls()).toBe(1);
    expect(await paymentStatuses(order.id)).toEqual(['captured']);
    expect((await keptReply(order.id))?.courier_reference).toBe(status.courierReference);
    const confirmed = lines.find((l) => l.msg === 'courier confirmed the booking');
    expect(confirmed?.courierReference).toBe(status.courierReference);
  });

  it('a database down for longer than the retry window: the kept reply completes the booking when the job resumes', async () => {
    const order = await authorisedOrder(t);
    const down = vi
      .spyOn(CheckoutRepository.prototype, 'insertDocuments')
      .mockRejectedValue(new Error('terminating connection due to administrator command'));
    await jobs().runOnce();
    expect(down).toHaveBeenCalled();
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booking');
    const kept = await keptReply(order.id);
    expect(kept?.courier_reference).toMatch(/^GB\d{7}$/);
    down.mockRestore();
    // The job's retry, on this process or another.
    t.clock.set('2026-11-23T10:10:00Z');
    const other = await anotherProcess(t);
    try {
      await other.services.jobs.drain();
    } finally {
      await other.close();
    }
    await settle(t);
    const status = await checkoutStatus(t.app, order.id);
    expect(status).toMatchObject({ status: 'booked', courierReference: kept!.courier_reference });
    expect(status.documents.map((d) => d.kind)).toEqual(['label', 'label', 'document']);
    expect(bookCalls()).toBe(1);
    expect(await paymentStatuses(order.id)).toEqual(['captured']);
  });
});

/**
 * Holds the courier client's BookShipment calls until `release()`: `called` settles once the
 * first call has started; each then goes to the courier as usual.
 */
function holdBookShipment() {
  let release!: () => void;
  const slow = new Promise<void>((resolve) => {
    release = resolve;
  });
  let calling!: () => void;
  const called = new Promise<void>((resolve) => {
    calling = resolve;
  });
  const book = TransglobalCourier.prototype.bookShipment;
  vi.spyOn(TransglobalCourier.prototype, 'bookShipment').mockImplementation(async function (
    this: TransglobalCourier,
    ...args: Parameters<TransglobalCourier['bookShipment']>
  ) {
    calling();
    await slow;
    return book.apply(this, args);
  });
  return { called, release };
}

describe('a booking in flight on a worker that lost its job', () => {
  it('the worker that takes the job over waits for the call; the late SUCCESS books the order once', async () => {
    const order = await authorisedOrder(t);
    const { called, release } = holdBookShipment();
    const first = jobs().runOnce();
    await called;
    // The first worker's lease ran out (as if cut off from the database) and another took over.
    await expireBookingLease(order.id);
    const other = await anotherProcess(t);
    try {
      await other.services.jobs.drain();
      expect((await checkoutStatus(t.app, order.id)).status).toBe('booking');
    } finally {
      await other.close();
    }
    release();
    await first;
    await settle(t);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
    expect(bookCalls()).toBe(1);
    expect(await paymentStatuses(order.id)).toEqual(['captured']);
  });

  it('a reply later than the in-flight window is still kept and logged with its reference', async () => {
    // The courier refuses the look-up by our reference: only an operator can settle it.
    t.courierSimulator!.control({ find: 'fail' });
    const order = await authorisedOrder(t);
    const { called, release } = holdBookShipment();
    const first = jobs().runOnce();
    await called;
    t.clock.set('2026-11-23T10:30:00Z');
    await expireBookingLease(order.id);
    const other = await anotherProcess(t);
    try {
      await other.services.jobs.drain();
    } finally {
      await other.close();
    }
    expect((await checkoutStatus(t.app, order.id)).status).toBe('needs_attention');
    release();
    await first;
    const kept = await keptReply(order.id);
    expect(kept?.courier_reference).toMatch(/^GB\d{7}$/);
    const late = lines.find(
      (l) => typeof l.msg === 'string' && l.msg.includes('no longer in booking'),
    );
    expect(late?.courierReference).toBe(kept!.courier_reference);
    expect(bookCalls()).toBe(1);
    // Held for an operator: neither captured nor cancelled.
    expect(await paymentStatuses(order.id)).toEqual(['authorised']);
  });
});

describe('a worker that stopped', () => {
  it('before calling the courier: the job is simply run again and books once', async () => {
    const order = await authorisedOrder(t);
    const resolve = OrdersService.prototype.resolveCourierService;
    let crashed = false;
    vi.spyOn(OrdersService.prototype, 'resolveCourierService').mockImplementation(async function (
      this: OrdersService,
      ...args: Parameters<OrdersService['resolveCourierService']>
    ) {
      if (!crashed) {
        crashed = true;
        throw new Error('Connection terminated unexpectedly');
      }
      return resolve.apply(this, args);
    });
    await jobs().runOnce();
    expect(crashed).toBe(true);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('authorised');
    t.clock.set('2026-11-23T10:10:00Z');
    await settle(t);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
    expect(bookCalls()).toBe(1);
  });

  it('during the call, the courier refusing the look-up: needs attention, shown to the customer in a sentence written for them', async () => {
    t.courierSimulator!.control({ find: 'fail' });
    const order = await authorisedOrder(t);
    // As left by a process killed mid-call, long enough ago that no call can still be running.
    await t.database.query(
      `UPDATE orders SET status = 'booking', booking_started_at = $2 WHERE id = $1`,
      [order.id, new Date('2026-11-23T09:50:00Z')],
    );
    await jobs().drain();
    const status = await checkoutStatus(t.app, order.id);
    expect(status).toMatchObject({
      status: 'needs_attention',
      result: 'FAILED',
      error: { code: 'BOOKING_OUTCOME_UNKNOWN', message: NEEDS_ATTENTION_MESSAGE },
    });
    expect(status.error?.message).not.toMatch(/BookShipment|in flight/);
    expect(bookCalls()).toBe(0);
  });
});
