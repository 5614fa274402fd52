import { randomUUID } from 'node:crypto';
import type { RestoredChange } from '#src/domain/api/admin/restore.js';
import type { BookingChanges, CoverRaise } from '#src/domain/api/booking-changes.js';
import { COVER_MESSAGE } from '#src/domain/api/cover.js';
import { BOOKING_CHANGE_MESSAGES as M, coverRaisePricePence } from '#src/domain/booking-changes.js';
import { coverLimitWords, coverProblem } from '#src/domain/cover.js';
import { formatWholePounds } from '#src/domain/pricing.js';
import { readPounds } from '#src/domain/typed-pounds.js';
import type { DbTransaction } from '../../db/client.js';
import { errorMessage } from '../../error-message.js';
import { ApiError } from '../../http/errors.js';
import type { JobContext, JobOutcome } from '../../jobs/job-queue.js';
import { isProviderError } from '../../providers/provider-error.js';
import type { ChangePaymentHandler, PaymentRow } from '../checkout/index.js';
import type { OrderRow } from '../orders/index.js';
import type { BookingChangeRow } from './booking-changes.repository.js';
import type { BookingChangesDeps, ChangeActor } from './booking-changes.deps.js';
import { raiseCoverJob } from './jobs/raise-cover.job.js';

/** What the cover of a booked order is priced with (`OrdersService.bookedCover`). */
type BookedCover = Awaited<ReturnType<BookingChangesDeps['orders']['bookedCover']>>;

/** How often a paid raise looks again at a cancellation or another change under way. */
const WAIT_FOR_CHANGE_MS = 30_000;

/** A date or contact change still pending after this long was abandoned by its process. */
const CHANGE_ABANDONED_MS = 10 * 60_000;

/**
 * A change being made now: pending, and not a date or contact change abandoned by its process
 * (those are made within their request, and one left `pending` is checked with the courier), or
 * being checked with the courier (`checking`, until the courier's answer is known). A
 * cancellation or a paid cover raise is carried on by its job, however long the courier takes.
 * One change at a time reaches the courier: each call sends the booked day as it reads it.
 */
export function underWay(row: BookingChangeRow, now: Date): boolean {
  if (row.status === 'checking') return true;
  if (row.status !== 'pending') return false;
  if (row.kind === 'cancel' || row.kind === 'cover') return true;
  return now.getTime() - row.updatedAt.getTime() <= CHANGE_ABANDONED_MS;
}

/**
 * Raising the cover of a booked order until the courier collects it (docs/cover-and-import-
 * charges.md, "Raising the cover after payment"; decision 113). A raise is a `booking_changes`
 * row of kind `cover` with its own card payment:
 *
 * 1. asked (`awaiting_payment`), priced at the settings the booking was priced with, and a
 *    payment created for the difference (the order's own payment is never touched); a raise
 *    that costs nothing (a cover percentage of 0 %) has no payment and goes straight to 2;
 * 2. the card authorised (the confirm call, the provider's event or reconciliation, under the
 *    order's lock): `pending`, and the `raise-cover` job queued; a raise that ended meanwhile,
 *    or a booking no longer booked, releases the hold instead;
 * 3. the job tells the courier the new cover (RebookCollection, safe to repeat), then in one
 *    transaction: the raise `done`, the order's cover raised, the payment handed to the capture
 *    job (which never charges a booking being cancelled), the customer emailed. A courier
 *    refusal, or a courier still unreachable at the job's last attempt, releases the hold.
 */
export class CoverRaises implements ChangePaymentHandler {
  constructor(
    private readonly deps: BookingChangesDeps,
    private readonly refusalOf: (order: OrderRow, tx?: DbTransaction) => Promise<string | null>,
  ) {}

  /** The cover part of what the customer may still do with a booked order. */
  async view(order: OrderRow, rows: BookingChangeRow[]): Promise<BookingChanges['cover']> {
    const { settings, limits, coverPence } = await this.deps.orders.bookedCover(order.id);
    const { maxCoverPence } = limits;
    const open = rows.findLast(
      (r) => r.kind === 'cover' && (r.status === 'pending' || r.status === 'awaiting_payment'),
    );
    let reason = await this.refusalOf(order);
    if (!reason && coverPence >= maxCoverPence) {
      reason = M.coverAtMost(formatWholePounds(maxCoverPence), coverLimitWords(limits));
    }
    if (!reason && open?.status === 'pending') reason = M.changeInProgress;
    return {
      allowed: reason === null,
      reason,
      coverPence,
      declaredValuePence: limits.declaredValuePence,
      coveredValuePence: limits.coveredValuePence,
      maxCoverPence,
      exclusions: limits.exclusions,
      settings,
      pending: open
        ? {
            changeId: open.id,
            status: open.status === 'pending' ? 'pending' : 'awaiting_payment',
            coverPence: Number(open.details.to),
            pricePence: Number(open.details.pricePence),
          }
        : null,
    };
  }

  /**
   * Asks for more cover: checked and priced under the order's row lock, recorded as
   * `awaiting_payment` (a raise still waiting for its card with another amount is ended and its
   * payment released), then its payment created (once per raise and amount).
   */
  async ask(
    orderId: string,
    actor: ChangeActor,
    input: { cover: string; requestKey: string },
  ): Promise<CoverRaise> {
    const { orders, repository, jobs } = this.deps;
    const read = readPounds(input.cover);
    if ('problem' in read) {
      throw new ApiError(422, 'VALIDATION_FAILED', COVER_MESSAGE, { cover: COVER_MESSAGE });
    }
    // Read before the transaction: PGlite has one connection.
    const priced = await orders.bookedCover(orderId);
    const change = await repository.transaction((tx) =>
      this.recordAsk(
        tx,
        orderId,
        actor,
        { pence: read.pence, requestKey: input.requestKey },
        priced,
      ),
    );
    jobs.wake();
    return this.startPayment(orderId, change);
  }

  /**
   * Under the order's row lock: the raise asked, or the same request's raise again. Refused
   * while the booking cannot change, for an amount the cover rules refuse or not above the
   * current cover, and while another change is under way.
   */
  private async recordAsk(
    tx: DbTransaction,
    orderId: string,
    actor: ChangeActor,
    input: { pence: number; requestKey: string },
    priced: BookedCover,
  ): Promise<BookingChangeRow> {
    const { orders, repository } = this.deps;
    const order = await orders.lock(orderId, tx);
    if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    const earlier = await this.earlierAsk(orderId, input.requestKey, tx);
    if (earlier) return earlier;
    const current = await this.checkRaise(order, input.pence, priced, tx);
    const rows = await repository.list(orderId, tx);
    if (rows.some((r) => underWay(r, this.deps.clock.now()))) {
      throw new ApiError(409, 'CHANGE_IN_PROGRESS', M.changeInProgress);
    }
    const open = rows.filter((r) => r.kind === 'cover' && r.status === 'awaiting_payment');
    const same = open.find(
      (r) => Number(r.details.to) === input.pence && Number(r.details.from) === current,
    );
    if (same) return same;
    for (const r of open) await this.end(r, 'cancelled', 'Another amount was chosen', tx);
    const pricePence = coverRaisePricePence(current, input.pence, priced.settings);
    const made = await this.insertRaise(tx, orderId, actor, {
      from: current,
      to: input.pence,
      pricePence,
      requestKey: input.requestKey,
    });
    // Nothing to pay: the courier is asked at once.
    if (pricePence === 0) await this.enqueueRun(made, tx);
    return made;
  }

  /** The raise an earlier request with this key made, when it may be answered with it. */
  private async earlierAsk(
    orderId: string,
    requestKey: string,
    tx: DbTransaction,
  ): Promise<BookingChangeRow | undefined> {
    const earlier = await this.deps.repository.byRequestKey(requestKey, tx);
    if (!earlier) return undefined;
    if (earlier.orderId !== orderId || earlier.kind !== 'cover') {
      throw new ApiError(409, 'CHANGE_IN_PROGRESS', M.changeInProgress);
    }
    // A free raise is under way from the start: its repeat is answered with it.
    const free = Number(earlier.details.pricePence) === 0 && earlier.status === 'pending';
    if (earlier.status !== 'awaiting_payment' && !free) {
      throw new ApiError(409, 'CHANGE_IN_PROGRESS', M.changeInProgress);
    }
    return earlier;
  }

  /** The booking's current cover, once the raise to `pence` is allowed (409, 422 otherwise). */
  private async checkRaise(
    order: OrderRow,
    pence: number,
    priced: BookedCover,
    tx: DbTransaction,
  ): Promise<number> {
    const refusal = await this.refusalOf(order, tx);
    if (refusal) {
      throw new ApiError(
        409,
        refusal === M.collected ? 'BOOKING_COLLECTED' : 'NOT_BOOKED',
        refusal,
      );
    }
    const current = order.coverPence ?? priced.settings.includedPence;
    const problem =
      coverProblem(pence, priced.limits, priced.settings) ??
      (pence <= current ? M.coverNotHigher(formatWholePounds(current)) : undefined);
    if (problem) throw new ApiError(422, 'VALIDATION_FAILED', problem, { cover: problem });
    return current;
  }

  /** Records the raise: `awaiting_payment`, or `pending` at once when it costs nothing. */
  private async insertRaise(
    tx: DbTransaction,
    orderId: string,
    actor: ChangeActor,
    raise: { from: number; to: number; pricePence: number; requestKey: string },
  ): Promise<BookingChangeRow> {
    const now = this.deps.clock.now();
    const { change } = await this.deps.repository.insert(
      {
        id: randomUUID(),
        orderId,
        kind: 'cover',
        status: raise.pricePence === 0 ? 'pending' : 'awaiting_payment',
        ...(actor.kind === 'operator'
          ? { byKind: 'operator', byId: actor.id, byEmail: actor.email }
          : { byKind: 'customer', byId: null, byEmail: null }),
        details: {
          from: String(raise.from),
          to: String(raise.to),
          pricePence: String(raise.pricePence),
        },
        courierAnswer: null,
        requestKey: raise.requestKey,
        createdAt: now,
        updatedAt: now,
      },
      tx,
    );
    return change;
  }

  /** The raise's own card payment (none for a raise that costs nothing). */
  private async startPayment(orderId: string, change: BookingChangeRow): Promise<CoverRaise> {
    const pricePence = Number(change.details.pricePence);
    const coverPence = Number(change.details.to);
    if (pricePence === 0) return { changeId: change.id, coverPence, pricePence, payment: null };
    const order = await this.deps.orders.load(orderId);
    const payment = await this.deps.checkout.changePayments.start({
      orderId,
      orderReference: order.reference,
      attempt: order.paymentAttempt,
      changeId: change.id,
      kind: 'cover',
      amountPence: pricePence,
      description: `BoxAbroad order ${order.reference}: cover raised to ${formatWholePounds(coverPence)}`,
    });
    return { changeId: change.id, coverPence, pricePence, payment };
  }

  /** After the card step: the payment read from the provider and applied (safe to repeat). */
  async confirm(orderId: string, changeId: string): Promise<void> {
    const change = await this.deps.repository.byId(changeId);
    if (!change || change.orderId !== orderId || change.kind !== 'cover') {
      throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such change to this order.');
    }
    await this.deps.checkout.changePayments.confirm(changeId);
  }

  /** The card is authorised (under the order's and the payment's locks): keep it or release it. */
  async authorised(payment: PaymentRow, tx: DbTransaction): Promise<boolean> {
    const { repository, orders, clock } = this.deps;
    if (!payment.bookingChangeId) return false;
    const change = await repository.byIdIn(payment.bookingChangeId, tx);
    if (!change || change.kind !== 'cover' || change.status !== 'awaiting_payment') return false;
    const order = await orders.lock(payment.orderId, tx);
    const refusal = order ? await this.refusalOf(order, tx) : M.notBooked;
    if (refusal || Number(change.details.pricePence) !== payment.amountPence) {
      await repository.settle(
        change.id,
        'cancelled',
        refusal ?? 'The amount changed',
        clock.now(),
        tx,
      );
      return false;
    }
    await repository.paid(change.id, clock.now(), tx);
    await this.enqueueRun(change, tx);
    return true;
  }

  private enqueueRun(change: BookingChangeRow, tx: DbTransaction): Promise<unknown> {
    return this.deps.jobs.enqueue(tx, raiseCoverJob, {
      changeId: change.id,
      orderId: change.orderId,
    });
  }

  /** Reconciliation: an authorised payment is accounted for while its raise is under way. */
  async holds(payment: PaymentRow, tx: DbTransaction): Promise<boolean> {
    if (!payment.bookingChangeId) return false;
    const change = await this.deps.repository.byIdIn(payment.bookingChangeId, tx);
    return change?.status === 'pending';
  }

  /**
   * The raise job, in steps: look up the raise and its booking (waiting for a cancellation or
   * another change under way; ended when the booking is no longer booked) → tell the courier the
   * new cover (safe to repeat) → settle everything in one transaction. A refusal (the boxes were
   * collected), or a courier unreachable until the job's last attempt, ends the raise and
   * releases the hold.
   */
  async run(changeId: string, ctx: Pick<JobContext, 'lastAttempt'>): Promise<JobOutcome> {
    const found = await this.lookUp(changeId);
    if ('result' in found) return found;
    const { change, order, courierReference } = found;
    try {
      await this.tellCourier(change, order, courierReference);
    } catch (error) {
      return this.notRaised(change, order, error, ctx);
    }
    await this.raised(change, order);
    this.deps.mail.worker.wake();
    this.deps.checkout.wake();
    return { result: 'done' };
  }

  /** Asks the courier for the raise's cover: a value set, so asking twice changes nothing more. */
  private tellCourier(
    change: BookingChangeRow,
    order: OrderRow,
    courierReference: string,
  ): Promise<void> {
    return this.deps.courier.rebookCollection({
      courierReference,
      collectionDate: order.collectionDate ?? '',
      readyFrom: '09:00',
      coverValue: Number(change.details.to) / 100,
    });
  }

  /**
   * A raise left `checking` by a restore that could not tell whether it was made: asked again in
   * each round of the check of changes in doubt, of the card provider and then of the courier, and
   * settled from the answer; true when it ended. One the courier does not have is made now, its
   * card authorised. `held`: a restore left it for an operator, so what its settling emails is
   * held (the site before the restore may have told the customer already).
   */
  async findOut(change: BookingChangeRow, held: boolean): Promise<boolean> {
    const { orders, repository, checkout } = this.deps;
    const order = await orders.findById(change.orderId);
    // A cancellation under way decides first; the raise is asked again after it.
    if (!order || order.status === 'cancelling') return false;
    if (order.status !== 'booked' || !order.courierReference) {
      await repository.transaction(async (tx) => {
        await orders.lock(order.id, tx);
        await this.end(change, 'cancelled', 'The booking is no longer booked', tx);
      });
      return true;
    }
    const payment = await checkout.changePayments.paymentOf(change.id);
    const { outcome } = await this.fromOutside(change, order, payment, held);
    if (outcome !== 'to_do') return outcome !== 'needs_attention';
    // The courier has less cover than the raise: it was never made, so it is made now.
    await this.tellCourier(change, order, order.courierReference);
    await this.raised(change, order);
    this.deps.mail.worker.wake();
    checkout.wake();
    return true;
  }

  /**
   * The pending raise and its booked order, or what the job does instead: nothing (no such
   * raise), wait (a cancellation, or another change with the courier), or end the raise (the
   * booking is no longer booked).
   */
  private async lookUp(
    changeId: string,
  ): Promise<{ change: BookingChangeRow; order: OrderRow; courierReference: string } | JobOutcome> {
    const { repository, orders, clock, checkout } = this.deps;
    const change = await repository.byId(changeId);
    if (!change || change.kind !== 'cover' || change.status !== 'pending')
      return { result: 'done' };
    const order = await orders.findById(change.orderId);
    if (order?.status === 'cancelling') {
      // The raise waits for the cancellation's outcome (a refused one leaves the booking
      // booked), without spending its attempts.
      return { result: 'again', delayMs: WAIT_FOR_CHANGE_MS };
    }
    const now = clock.now();
    const other = (await repository.list(change.orderId)).find(
      (r) => r.id !== change.id && underWay(r, now),
    );
    if (other && order?.status === 'booked') {
      // Another change (a new day) is with the courier: the raise sends the day it leaves.
      return { result: 'again', delayMs: WAIT_FOR_CHANGE_MS };
    }
    if (!order || order.status !== 'booked' || !order.courierReference) {
      await repository.transaction(async (tx) => {
        await orders.lock(change.orderId, tx);
        await this.end(change, 'cancelled', 'The booking was no longer booked', tx);
      });
      checkout.wake();
      return { result: 'done' };
    }
    return { change, order, courierReference: order.courierReference };
  }

  /**
   * A raise the restored backup holds as under way (decision 141), settled from what the card
   * provider and the courier have, never sent to the courier again without asking:
   * - still waiting for its card: an authorisation the provider has is applied (then as below);
   *   a payment the provider has already captured is an operator's; nothing authorised, nothing
   *   to do (the card step goes on);
   * - its payment captured by the provider: the raise was made (a capture follows it only), so it
   *   is `done` as the raise job would end it, and the capture recorded, not asked again;
   * - its payment released: the raise had ended (`failed`);
   * - authorised (or free): the courier asked for the cover in force: the new cover or more, made
   *   (the capture is then the first); less, left to the raise job, which asks for it; not said,
   *   left `checking` for an operator.
   * Emails written here are held by the reconciliation, with every other.
   */
  async settleRestored(
    change: BookingChangeRow,
  ): Promise<{ found: string; outcome: RestoredChange['outcome'] }> {
    const { checkout } = this.deps;
    let current = change;
    let payment = await checkout.changePayments.paymentOf(change.id);
    if (current.status === 'awaiting_payment') {
      if (!payment) return { found: 'no card payment started', outcome: 'to_do' };
      const remote = await checkout.changePayments.atProvider(payment);
      if (remote.status === 'captured') {
        return {
          found:
            'the card provider has captured its payment, which this site never saw authorised: an operator checks it',
          outcome: 'needs_attention',
        };
      }
      if (remote.status !== 'authorised') {
        return { found: `its payment is ${remote.status} at the card provider`, outcome: 'to_do' };
      }
      await checkout.changePayments.confirm(change.id);
      const after = await this.deps.repository.byId(change.id);
      if (after?.status !== 'pending') {
        return { found: 'its payment authorised; the raise had ended', outcome: 'not_made' };
      }
      current = after;
      payment = await checkout.changePayments.paymentOf(change.id);
    }
    if (current.status !== 'pending') {
      // `checking`: left to the check of changes in doubt, which asks again (findOut).
      return { found: current.courierAnswer ?? '', outcome: 'needs_attention' };
    }
    const order = await this.deps.orders.findById(current.orderId);
    if (!order?.courierReference || (order.status !== 'booked' && order.status !== 'cancelling')) {
      // The raise job ends it (the booking is no longer booked): nothing reaches the courier.
      return { found: 'the booking is no longer booked', outcome: 'to_do' };
    }
    return this.fromOutside(current, order, payment, false);
  }

  /**
   * A raise under way (`pending` at a restore, or `checking` since), its booking booked: settled
   * from its payment at the card provider, then the courier's cover in force. `to_do` when the
   * courier has less cover than the raise and its payment is only authorised: it was never made.
   */
  private async fromOutside(
    current: BookingChangeRow,
    order: OrderRow,
    payment: PaymentRow | undefined,
    held: boolean,
  ): Promise<{ found: string; outcome: RestoredChange['outcome'] }> {
    const { checkout } = this.deps;
    if (!order.courierReference) return { found: 'no courier booking', outcome: 'needs_attention' };
    if (payment) {
      const remote = await checkout.changePayments.atProvider(payment);
      if (remote.status === 'captured') {
        await this.raised(current, order, held);
        return { found: 'the card provider has captured its payment', outcome: 'done' };
      }
      if (remote.status === 'cancelled') {
        await this.deps.repository.transaction(async (tx) => {
          await this.deps.orders.lock(order.id, tx);
          await this.end(
            current,
            'failed',
            'Ended before the site’s data was restored: the card provider had released its payment',
            tx,
          );
        });
        return { found: 'the card provider has released its payment', outcome: 'not_made' };
      }
      if (remote.status !== 'authorised') {
        await this.inDoubt(current, `its payment is ${remote.status} at the card provider`);
        return {
          found: `its payment is ${remote.status} at the card provider`,
          outcome: 'needs_attention',
        };
      }
    }
    const { collection } = await this.deps.courier.getShipmentDocuments(order.courierReference);
    const cover = collection?.coverValue;
    if (cover === undefined || cover === null) {
      await this.inDoubt(current, 'the courier did not say the cover in force');
      return { found: 'the courier did not say the cover in force', outcome: 'needs_attention' };
    }
    const found = `the courier has cover of ${formatWholePounds(Math.round(cover * 100))}`;
    if (Math.round(cover * 100) >= Number(current.details.to)) {
      await this.raised(current, order, held);
      return { found, outcome: 'done' };
    }
    return { found, outcome: 'to_do' };
  }

  /** A raise nobody can tell about after a restore: `checking`, with why, asked again (findOut). */
  private async inDoubt(change: BookingChangeRow, why: string): Promise<void> {
    const { repository, orders, clock } = this.deps;
    await repository.transaction(async (tx) => {
      await orders.lock(change.orderId, tx);
      await repository.checking(
        change.id,
        `After a restore of the site’s data, ${why}: the site asks again until the card provider and the courier say`,
        clock.now(),
        tx,
      );
    });
  }

  /**
   * The courier did not take the new cover: retried (the error thrown again) until it refuses
   * for good or the job's last attempt; then the raise ends (`refused` or `failed`), its hold is
   * released and the customer is told their cover is unchanged.
   */
  private async notRaised(
    change: BookingChangeRow,
    order: OrderRow,
    error: unknown,
    ctx: Pick<JobContext, 'lastAttempt'>,
  ): Promise<JobOutcome> {
    const { repository, orders, logger, checkout, mail } = this.deps;
    const message = errorMessage(error);
    const final = isProviderError(error) && !error.retryable;
    if (!final && !ctx.lastAttempt) throw error;
    logger.warn({ orderId: order.id, err: error }, 'booking-changes: cover not raised');
    await repository.transaction(async (tx) => {
      await orders.lock(order.id, tx);
      const ended = await this.end(change, final ? 'refused' : 'failed', message, tx);
      if (!ended) return;
      await mail.emails.send(tx, 'cover-not-raised', order, {
        changeId: change.id,
        why:
          Number(change.details.pricePence) > 0
            ? final
              ? M.courierRefusedCover
              : M.courierUnreachableCover
            : final
              ? M.courierRefusedFreeCover
              : M.courierUnreachableFreeCover,
        coverPence: order.coverPence ?? 0,
      });
    });
    mail.worker.wake();
    checkout.wake();
    return final ? { result: 'done' } : { result: 'failed', error: message };
  }

  /**
   * The courier has the new cover: in one transaction under the order's lock, the raise `done`,
   * the order's cover raised, the payment handed to the capture job and the customer emailed. A
   * booking cancelled meanwhile keeps and charges nothing of the raise.
   */
  private async raised(change: BookingChangeRow, order: OrderRow, held = false): Promise<void> {
    const { repository, orders, checkout, mail, clock } = this.deps;
    const to = Number(change.details.to);
    await repository.transaction(async (tx) => {
      const locked = await orders.lock(order.id, tx);
      const payment = await checkout.changePayments.paymentOf(change.id, tx);
      const pricePence = Number(change.details.pricePence);
      if (!locked || (!payment && pricePence > 0)) return;
      if (locked.status !== 'booked' && locked.status !== 'cancelling') {
        // Cancelled while the courier was asked: nothing of the raise is kept or charged.
        await this.end(change, 'cancelled', 'The booking was cancelled', tx);
        return;
      }
      const settled = await repository.settle(
        change.id,
        'done',
        'the courier has the new cover',
        clock.now(),
        tx,
      );
      if (!settled) return;
      await orders.raiseCover(
        order.id,
        { coverPence: to, pricePence: payment?.amountPence ?? 0 },
        tx,
      );
      // Captured by the capture job, which waits while the booking is being cancelled.
      if (payment) await checkout.changePayments.capture(payment.id, tx);
      await mail.emails.send(
        tx,
        'cover-raised',
        locked,
        { changeId: change.id, toPence: to, paidPence: payment ? payment.amountPence : null },
        { held },
      );
    });
  }

  /**
   * Ends a raise that will not be made (`cancelled`, `refused`, `failed`) and releases its
   * payment's hold, in the caller's transaction (under the order's lock). Undefined when it had
   * ended already.
   */
  async end(
    change: BookingChangeRow,
    to: 'cancelled' | 'refused' | 'failed',
    answer: string,
    tx: DbTransaction,
  ): Promise<BookingChangeRow | undefined> {
    const { repository, checkout, clock } = this.deps;
    const ended = await repository.settle(change.id, to, answer.slice(0, 1000), clock.now(), tx);
    const payment = await checkout.changePayments.paymentOf(change.id, tx);
    if (payment) await checkout.changePayments.release(payment.id, tx);
    return ended;
  }

  /**
   * Ends, in the caller's transaction, every raise of the order still waiting for its card (a
   * cancellation). A raise already paid for (`pending`) is left to its job, which may have told
   * the courier already: it waits for the cancellation's outcome, then is made and charged (the
   * cancellation refused) or ended and its hold released (the booking cancelled).
   */
  async endOpen(orderId: string, answer: string, tx: DbTransaction): Promise<void> {
    for (const r of await this.deps.repository.list(orderId, tx)) {
      if (r.kind === 'cover' && r.status === 'awaiting_payment') {
        await this.end(r, 'cancelled', answer, tx);
      }
    }
  }
}
