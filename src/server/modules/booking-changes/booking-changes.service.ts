import { randomUUID } from 'node:crypto';
import { validateAddress } from '#src/domain/address.js';
import type { RestoredChange } from '#src/domain/api/admin/restore.js';
import type { BookingChanges, BookingChangeView } from '#src/domain/api/booking-changes.js';
import {
  BOOKING_CHANGE_MESSAGES as M,
  changesCloseAt,
  type BookingChangeKind,
} from '#src/domain/booking-changes.js';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { formatLondon } from '#src/domain/london-time.js';
import { formatPence } from '#src/domain/money.js';
import { formatWholePounds } from '#src/domain/pricing.js';
import type { OrderAddress } from '#src/domain/order.js';
import type { DbTransaction } from '../../db/client.js';
import { errorMessage } from '../../error-message.js';
import { ApiError } from '../../http/errors.js';
import type { JobContext, JobOutcome } from '../../jobs/job-queue.js';
import type { CollectionInForce } from '../../providers/courier/courier-provider.js';
import { isProviderError } from '../../providers/provider-error.js';
import type { CancelledBy } from '../checkout/index.js';
import type { OrderRow } from '../orders/index.js';
import { RebookingAnswerUnknown } from '../tracking/index.js';
import type { BookingChangeRow } from './booking-changes.repository.js';
import type { BookingChangesDeps, ChangeActor } from './booking-changes.deps.js';
import { CoverRaises, underWay } from './cover-raise.js';
import { cancelBookingJob } from './jobs/cancel-booking.job.js';
import { checkBookingChangesJob } from './jobs/check-booking-changes.job.js';

const notFound = () => new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');

/**
 * How long a customer's date or contact change waits for the courier before it answers: the
 * change then shows as being confirmed, and the call goes on (decision 139).
 */
export const ANSWER_WITHIN_MS = 8_000;
/**
 * A date or contact change still `pending` this long after it was asked lost its process during
 * the courier call (the client's longest: three 30 s attempts and their backoff): it is checked.
 */
export const CALL_ABANDONED_MS = 5 * 60_000;
/** Changes the check looks at in one round; the rest wait for the next. */
const CHECK_ROUND = 20;
/** What a change's courier answer reads while the courier is being asked what it has. */
const NO_ANSWER = 'No answer from the courier: asking it what it has';
/**
 * What a change reads when, after a restore, the courier cannot tell: the check of changes in
 * doubt asks it again every round, and what it settles as is emailed only by an operator.
 */
export const RESTORED_UNKNOWN =
  'After a restore of the site’s data, the courier could not yet say whether it has this change: the site asks again until it says';

/**
 * Cancelling or changing a booking after payment (docs/booking-changes.md): the customer from
 * their order pages, an operator from the console, by the same code. Every change is a row of
 * `booking_changes` (who, what, the courier's answer), written under the order's row lock with
 * the order's state re-checked there. A cancellation is finished by the `cancel-booking` job,
 * which asks the courier (safe to repeat) and then, in one transaction, marks the order
 * cancelled, stops its tracking and refunds or releases the payment.
 */
export class BookingChangesService {
  /** Raising the cover after payment, with its own card payment (./cover-raise.ts). */
  readonly coverRaises: CoverRaises;

  /** Courier calls of date and contact changes still running after their request answered. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: BookingChangesDeps) {
    this.coverRaises = new CoverRaises(deps, async (order, tx) =>
      this.cancelRefusal(order, await deps.tracking.collected(order.id, tx)),
    );
  }

  // ------------------------------------------------------------------------------------------
  // What may be done
  // ------------------------------------------------------------------------------------------

  async view(orderId: string): Promise<BookingChanges> {
    const { orders, repository, tracking, clock } = this.deps;
    const order = await orders.findById(orderId);
    if (!order) throw notFound();
    const [rows, collected] = await Promise.all([
      repository.list(orderId),
      tracking.collected(orderId),
    ]);
    const now = clock.now();
    const cancelReason = this.cancelRefusal(order, collected);
    const pending = rows.some((r) => underWay(r, now));
    const closesAt = order.collectionDate ? changesCloseAt(order.collectionDate) : null;
    let changeReason = cancelReason;
    if (!changeReason && closesAt && now >= closesAt) changeReason = M.changesClosed;
    // A date or contact change of the customer's own still with the courier: being confirmed.
    const confirming = rows.some(
      (r) =>
        (r.kind === 'collection_date' || r.kind === 'contact') &&
        (r.status === 'checking' || underWay(r, now)),
    );
    if (!changeReason && confirming) changeReason = M.confirming;
    if (!changeReason && pending) changeReason = M.changeInProgress;
    const dates = changeReason
      ? []
      : (await orders.collectionDates(orderId)).days
          .filter((d) => d.selectable && d.date !== order.collectionDate)
          .map((d) => d.date);
    const address = order.collectionAddress;
    return {
      orderId,
      now: now.toISOString(),
      status: order.status,
      collectionDate: order.collectionDate,
      collectionFrom: closesAt?.toISOString() ?? null,
      cancel: { allowed: cancelReason === null, reason: cancelReason },
      change: {
        allowed: changeReason === null,
        reason: changeReason,
        closesAt: closesAt?.toISOString() ?? null,
        dates,
      },
      contact: {
        phoneNumber: address?.phone ?? '',
        email: address?.email ?? '',
        instructions: address?.instructions ?? '',
      },
      cover: await this.coverRaises.view(order, rows),
      fixedReason: M.addressesFixed,
      changes: rows.map(changeView),
    };
  }

  /** The order's changes, oldest first, as the console's timeline reads them. */
  async changes(orderId: string): Promise<BookingChangeView[]> {
    return (await this.deps.repository.list(orderId)).map(changeView);
  }

  private cancelRefusal(order: OrderRow, collected: boolean): string | null {
    if (order.status === 'cancelled') return M.cancelled;
    if (order.status === 'cancelling') return M.cancelling;
    if (order.status !== 'booked') return M.notBooked;
    if (collected) return M.collected;
    return null;
  }

  // ------------------------------------------------------------------------------------------
  // Cancel
  // ------------------------------------------------------------------------------------------

  /**
   * Cancels a booked order: `cancelling`, the change recorded and the cancel job queued, in one
   * transaction under the order's row lock (the caller's, when given: the console's audit). A
   * repeated request key, or a second cancel while one runs, changes nothing more.
   */
  async cancel(
    orderId: string,
    actor: ChangeActor,
    requestKey: string,
    tx?: DbTransaction,
  ): Promise<{ created: boolean; reference: string }> {
    if (!tx) {
      const result = await this.deps.repository.transaction((t) =>
        this.cancel(orderId, actor, requestKey, t),
      );
      this.deps.jobs.wake();
      return result;
    }
    const { orders, repository, tracking, jobs, clock } = this.deps;
    const order = await orders.lock(orderId, tx);
    if (!order) throw notFound();
    const earlier = await repository.byRequestKey(requestKey, tx);
    if (earlier) {
      if (earlier.orderId !== orderId) {
        throw new ApiError(409, 'NOT_BOOKED', 'That request was for another order.');
      }
      return { created: false, reference: order.reference };
    }
    if (order.status === 'cancelling' || order.status === 'cancelled') {
      return { created: false, reference: order.reference };
    }
    if (order.status !== 'booked') throw new ApiError(409, 'NOT_BOOKED', M.notBooked);
    if (await tracking.collected(orderId, tx)) {
      throw new ApiError(409, 'BOOKING_COLLECTED', M.collected);
    }
    const now = clock.now();
    await orders.transition(orderId, 'booked', 'cancelling', {}, tx);
    // A cover raise not yet made is not made: its hold is released.
    await this.coverRaises.endOpen(orderId, 'The booking is being cancelled', tx);
    const { change } = await repository.insert(
      {
        id: randomUUID(),
        orderId,
        kind: 'cancel',
        status: 'pending',
        ...by(actor),
        details: { collectionDate: order.collectionDate ?? '' },
        courierAnswer: null,
        requestKey,
        createdAt: now,
        updatedAt: now,
      },
      tx,
    );
    await jobs.enqueue(tx, cancelBookingJob, { changeId: change.id, orderId });
    return { created: true, reference: order.reference };
  }

  /**
   * The cancel job: asks the courier to cancel (safe to repeat, so a run after a crash asks
   * again), then settles everything in one transaction. A courier refusal (the boxes were
   * collected) puts the order back to `booked` with the courier's answer; a courier that cannot
   * be reached is asked again with backoff until the job's last attempt, then the cancellation is
   * given up the same way.
   */
  async runCancel(changeId: string, ctx: Pick<JobContext, 'lastAttempt'>): Promise<JobOutcome> {
    const change = await this.deps.repository.byId(changeId);
    if (!change || change.status !== 'pending') return { result: 'done' };
    return this.askToCancel(change, ctx);
  }

  private async askToCancel(
    change: BookingChangeRow,
    ctx: Pick<JobContext, 'lastAttempt'>,
  ): Promise<JobOutcome> {
    const { repository, orders, courier, logger } = this.deps;
    const order = await orders.findById(change.orderId);
    if (!order || order.status !== 'cancelling' || !order.courierReference) {
      await repository.settle(change.id, 'failed', 'The order was not being cancelled', this.now());
      return { result: 'done' };
    }
    let answer: string;
    try {
      const result = await courier.cancelShipment(order.courierReference);
      answer = `the courier confirmed it on ${formatLondon(result.cancelledAt, 'long')}`;
    } catch (error) {
      const message = errorMessage(error);
      const final = isProviderError(error) && !error.retryable;
      if (!final && !ctx.lastAttempt) throw error;
      if (!final) {
        // No answer after every attempt: the courier may have cancelled it. The booking stays
        // `cancelling` (nothing refunded, nothing captured) until the check finds out.
        await this.noAnswer(change, error);
        return { result: 'done' };
      }
      logger.warn({ orderId: order.id, err: error }, 'booking-changes: cancellation refused');
      await this.giveUpCancel(change, 'refused', message);
      return { result: 'done' };
    }
    await this.cancelled(change, answer);
    this.deps.checkout.wake();
    return { result: 'done' };
  }

  private async cancelled(change: BookingChangeRow, answer: string): Promise<void> {
    const { repository, orders, tracking, checkout, mail } = this.deps;
    await repository.transaction(async (tx) => {
      const order = await orders.lock(change.orderId, tx);
      if (!order || order.status !== 'cancelling') return;
      const settled = await repository.settle(change.id, 'done', answer, this.now(), tx);
      if (!settled) return;
      await orders.transition(order.id, 'cancelling', 'cancelled', {}, tx);
      await tracking.stopCancelled(order.id, tx);
      const { refund, refundPence, releasing } = await checkout.settleCancelledBooking(
        order.id,
        cancelledBy(change),
        tx,
      );
      await mail.emails.send(tx, 'booking-cancelled', order, {
        byOperator: change.byKind === 'operator',
        refundPence: refund ? refundPence : null,
        releasing,
      });
    });
    mail.worker.wake();
  }

  private async giveUpCancel(
    change: BookingChangeRow,
    to: 'refused' | 'failed',
    message: string,
  ): Promise<void> {
    const { repository, orders, mail, checkout } = this.deps;
    await repository.transaction(async (tx) => {
      const order = await orders.lock(change.orderId, tx);
      if (!order) return;
      const settled = await repository.settle(
        change.id,
        to,
        message.slice(0, 1000),
        this.now(),
        tx,
      );
      if (!settled || order.status !== 'cancelling') return;
      await orders.transition(order.id, 'cancelling', 'booked', {}, tx);
      await checkout.resumeCaptures(order.id, tx);
      await mail.emails.send(tx, 'cancel-not-made', order, { outcome: to, changeId: change.id });
    });
    checkout.wake();
  }

  // ------------------------------------------------------------------------------------------
  // Changes whose courier answer is unknown (decision 138)
  // ------------------------------------------------------------------------------------------

  /**
   * The `check-booking-changes` round: every change `checking`, and every date or contact change
   * left `pending` by a stopped process, asked of the courier and ended as the courier has it. A
   * change the courier cannot tell about yet stays as it is, for the next round.
   */
  async checkInDoubt(options: { stopped: () => boolean }): Promise<{ settled: number }> {
    const cutoff = new Date(this.now().getTime() - CALL_ABANDONED_MS);
    let settled = 0;
    for (const change of await this.deps.repository.inDoubt(cutoff, CHECK_ROUND)) {
      if (options.stopped()) break;
      try {
        if (await this.findOut(change)) settled++;
      } catch (error) {
        this.deps.logger.warn(
          { orderId: change.orderId, changeId: change.id, err: error },
          'booking-changes: could not find out what the courier did',
        );
        await this.deps.repository.checking(change.id, NO_ANSWER, this.now());
      }
    }
    return { settled };
  }

  /** Asks the courier what it has for one change in doubt; true when the change has ended. */
  private async findOut(change: BookingChangeRow): Promise<boolean> {
    const { orders, courier, repository } = this.deps;
    // A change a restore left for an operator: the site before the restore may have told its
    // outcome already, so what it ends as is emailed only when an operator sends it.
    const held = await this.deps.checkout.changeLeftAtRestore(change.id);
    if (change.kind === 'cover') return this.coverRaises.findOut(change, held);
    const order = await orders.findById(change.orderId);
    if (!order?.courierReference) {
      await repository.settle(change.id, 'failed', 'The order has no courier booking', this.now());
      return true;
    }
    if (change.kind === 'cancel') return this.findOutCancel(change, order.courierReference);
    // Marked first: a check that dies here is found again as `checking`, never as a new call.
    await repository.checking(change.id, NO_ANSWER, this.now());
    const { collection, labels } = await courier.getShipmentDocuments(order.courierReference);
    if (!collection) {
      this.deps.logger.warn(
        { orderId: order.id, changeId: change.id },
        'booking-changes: the courier did not say what collection it has',
      );
      return false;
    }
    if (change.kind === 'contact') return this.findOutContact(order, change, collection, held);
    const to = change.details.to ?? '';
    if (collection.date !== to) {
      const answer = `the courier still collects on ${collection.date}`;
      await this.notMade(order, change, answer, 'failed', held);
      return true;
    }
    await this.deps.tracking.recordMove(order.id, to, {
      labels,
      held,
      inTx: async (tx, answer) => {
        await repository.settle(change.id, 'done', answer, this.now(), tx);
      },
    });
    return true;
  }

  /** A contact change in doubt: saved when the courier has the new contact, else not made. */
  private async findOutContact(
    order: OrderRow,
    change: BookingChangeRow,
    collection: CollectionInForce,
    held: boolean,
  ): Promise<boolean> {
    const current = order.collectionAddress;
    const { contact, instructions } = collection;
    if (!current || !contact) return false;
    const d = change.details;
    const next: OrderAddress = { ...current, phone: d.phone ?? '', email: d.email ?? '' };
    if (d.instructions) next.instructions = d.instructions;
    else delete next.instructions;
    const has =
      contact.phone === next.phone &&
      contact.email === next.email &&
      (instructions === null || instructions === (next.instructions ?? ''));
    if (!has) {
      await this.notMade(
        order,
        change,
        'the courier still has the previous contact',
        'failed',
        held,
      );
      return true;
    }
    await this.saveContact(order, change, { current, next }, held);
    this.deps.mail.worker.wake();
    return true;
  }

  /**
   * A cancellation in doubt: cancelled when the courier's tracking says so (then refunded as any
   * cancellation), else given up as the courier has it: the booking stands.
   */
  private async findOutCancel(
    change: BookingChangeRow,
    courierReference: string,
  ): Promise<boolean> {
    await this.deps.repository.checking(change.id, NO_ANSWER, this.now());
    const tracking = await this.deps.courier.trackShipment(courierReference);
    const cancelled = tracking.parcels
      .flatMap((p) => p.events)
      .find((e) => e.status === 'cancelled');
    if (cancelled) {
      await this.cancelled(
        change,
        `the courier reports it cancelled on ${formatLondon(cancelled.at.toISOString(), 'long')}`,
      );
      this.deps.checkout.wake();
      return true;
    }
    await this.giveUpCancel(change, 'failed', 'The courier has not cancelled it');
    return true;
  }

  // ------------------------------------------------------------------------------------------
  // A restored site's changes under way (decision 141)
  // ------------------------------------------------------------------------------------------

  /**
   * Run by a restored site's reconciliation before any job acts on a change: every change the
   * backup holds as under way is asked of the courier (a cover raise first of the card provider)
   * and settled from the answer, never sent to the courier again without asking. A change the
   * courier has nothing of is left to its job (which then does and emails it for the first
   * time); one nobody can tell about is left `checking` with the reason, for an operator. The
   * emails the settlements write are held with every other by the reconciliation: the site
   * before the restore may have sent them. A courier that cannot answer fails the round.
   */
  async settleRestored(): Promise<RestoredChange[]> {
    const settled: RestoredChange[] = [];
    for (const change of await this.deps.repository.underWayAtRestore()) {
      const base = {
        changeId: change.id,
        orderId: change.orderId,
        kind: change.kind,
        was: change.status,
      };
      const found =
        change.kind === 'cover'
          ? await this.coverRaises.settleRestored(change)
          : await this.settleRestoredChange(change);
      settled.push({ ...base, ...found });
    }
    return settled;
  }

  private async settleRestoredChange(
    change: BookingChangeRow,
  ): Promise<Pick<RestoredChange, 'found' | 'outcome'>> {
    const order = await this.deps.orders.findById(change.orderId);
    if (!order?.courierReference) {
      await this.deps.repository.transaction(async (tx) => {
        const locked = await this.deps.orders.lock(change.orderId, tx);
        if (locked?.courierReference) return;
        await this.deps.repository.settle(
          change.id,
          'failed',
          'The order has no courier booking',
          this.now(),
          tx,
        );
      });
      return { found: 'no courier booking', outcome: 'not_made' };
    }
    if (change.kind === 'cancel') return this.settleRestoredCancel(change, order.courierReference);
    // A date or contact change: asked as the check asks, whatever its age (its process is gone).
    const ended = await this.findOut(change);
    const now = await this.deps.repository.byId(change.id);
    const found = now?.courierAnswer ?? '';
    if (!ended) {
      await this.deps.repository.transaction(async (tx) => {
        await this.deps.orders.lock(change.orderId, tx);
        await this.deps.repository.checking(change.id, RESTORED_UNKNOWN, this.now(), tx);
      });
      return {
        found: 'the courier did not say what collection it has',
        outcome: 'needs_attention',
      };
    }
    return { found, outcome: now?.status === 'done' ? 'done' : 'not_made' };
  }

  /**
   * A cancellation under way in the backup: cancelled as any when the courier's tracking says
   * so; otherwise a pending one is left to its job (the courier never cancelled it, so nothing
   * of it was refunded or emailed), and one being checked is given up as the check would.
   */
  private async settleRestoredCancel(
    change: BookingChangeRow,
    courierReference: string,
  ): Promise<Pick<RestoredChange, 'found' | 'outcome'>> {
    const tracking = await this.deps.courier.trackShipment(courierReference);
    const cancelled = tracking.parcels
      .flatMap((p) => p.events)
      .find((e) => e.status === 'cancelled');
    if (cancelled) {
      const found = `the courier reports it cancelled on ${formatLondon(cancelled.at.toISOString(), 'long')}`;
      await this.cancelled(change, found);
      return { found, outcome: 'done' };
    }
    if (change.status === 'pending') {
      return { found: 'the courier has not cancelled it', outcome: 'to_do' };
    }
    await this.giveUpCancel(change, 'failed', 'The courier has not cancelled it');
    return { found: 'the courier has not cancelled it', outcome: 'not_made' };
  }

  /**
   * A date or contact change the courier did not make: found out by asking it (`failed`, with what
   * it has), or refused after its request had answered (`refused`); the customer told that
   * nothing changed (the email `held` for an operator when a restore left the change to one).
   */
  private async notMade(
    order: OrderRow,
    change: BookingChangeRow,
    answer: string,
    to: 'failed' | 'refused' = 'failed',
    held = false,
  ): Promise<void> {
    const { repository, mail } = this.deps;
    await repository.transaction(async (tx) => {
      const settled = await repository.settle(change.id, to, answer, this.now(), tx);
      if (!settled) return;
      await mail.emails.send(
        tx,
        'change-not-made',
        order,
        {
          changeId: change.id,
          change: change.kind === 'collection_date' ? 'collection_date' : 'contact',
          outcome: to,
          collectionDate: order.collectionDate ?? '',
        },
        { held },
      );
    });
    mail.worker.wake();
  }

  // ------------------------------------------------------------------------------------------
  // Changes before the collection window
  // ------------------------------------------------------------------------------------------

  /**
   * Moves the collection to another offered day: the courier rebooks it, then everything follows.
   * The request waits for the courier at most `ANSWER_WITHIN_MS`; the call goes on after that,
   * and a call that gets no answer leaves the change `checking` (decision 139).
   */
  async changeCollectionDate(
    orderId: string,
    actor: ChangeActor,
    input: { collectionDate: string; requestKey: string },
  ): Promise<void> {
    const order = await this.deps.orders.findById(orderId);
    if (!order) throw notFound();
    if (input.collectionDate === order.collectionDate) {
      throw new ApiError(422, 'VALIDATION_FAILED', M.sameDate, { collectionDate: M.sameDate });
    }
    const change = await this.claim(order, actor, 'collection_date', input.requestKey, {
      from: order.collectionDate ?? '',
      to: input.collectionDate,
    });
    if (!change) return;
    await this.answerWithin((late) => this.moveCollection(change, input.collectionDate, late));
  }

  /**
   * The courier asked to move the day; the change ends as its answer says, or `checking`. A
   * refusal after the request answered is emailed, since nobody is waiting for it.
   */
  private async moveCollection(
    change: BookingChangeRow,
    collectionDate: string,
    late: () => boolean,
  ): Promise<void> {
    try {
      await this.deps.tracking.moveCollection(change.orderId, collectionDate, {
        missedOnly: false,
        inTx: async (tx, answer) => {
          await this.deps.repository.settle(change.id, 'done', answer, this.now(), tx);
        },
      });
    } catch (error) {
      if (error instanceof RebookingAnswerUnknown) return this.noAnswer(change, error);
      const order = late() ? await this.deps.orders.findById(change.orderId) : undefined;
      if (order) return this.notMade(order, change, errorMessage(error).slice(0, 1000), 'refused');
      await this.deps.repository.settle(
        change.id,
        error instanceof ApiError && error.statusCode === 502 ? 'refused' : 'failed',
        errorMessage(error).slice(0, 1000),
        this.now(),
      );
      throw error;
    }
  }

  /**
   * Waits for a change's courier call at most `answerWithinMs`: its own errors (a refusal) are the
   * request's while it waits; after that the call goes on and ends the change itself.
   */
  private async answerWithin(run: (late: () => boolean) => Promise<void>): Promise<void> {
    const ms = this.deps.answerWithinMs ?? ANSWER_WITHIN_MS;
    let answered = false;
    const call = run(() => answered);
    this.inFlight.add(call);
    const done = () => this.inFlight.delete(call);
    call.then(done, (error: unknown) => {
      done();
      this.deps.logger.warn({ err: error }, 'booking-changes: a change ended after its answer');
    });
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    });
    try {
      await Promise.race([call, waited]);
    } finally {
      answered = true;
      clearTimeout(timer);
    }
  }

  /** Resolves when the courier calls that outlived their request have ended (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /** A change whose courier call got no answer: `checking`, and the check brought forward. */
  private async noAnswer(change: BookingChangeRow, error: unknown): Promise<void> {
    this.deps.logger.warn(
      { orderId: change.orderId, changeId: change.id, err: error },
      'booking-changes: no answer from the courier; the change will be checked',
    );
    await this.deps.repository.transaction(async (tx) => {
      await this.deps.repository.checking(change.id, NO_ANSWER, this.now(), tx);
      await this.deps.jobs.hasten(tx, checkBookingChangesJob, {});
    });
    this.deps.jobs.wake();
  }

  /**
   * New phone, email and driver instructions for the collection, in steps: checked → claimed as a
   * change → sent to the courier (the request waits at most `ANSWER_WITHIN_MS`) → saved with the
   * emails, or `checking` when the courier's answer does not come.
   */
  async changeContact(
    orderId: string,
    actor: ChangeActor,
    input: { phoneNumber: string; email: string; instructions: string; requestKey: string },
  ): Promise<void> {
    const order = await this.deps.orders.findById(orderId);
    if (!order) throw notFound();
    const contact = newContact(order, input);
    const { next, changed } = contact;
    const change = await this.claim(order, actor, 'contact', input.requestKey, {
      changed: changed.join(', '),
      phone: next.phone,
      email: next.email,
      instructions: next.instructions ?? '',
    });
    if (!change) return;
    await this.answerWithin((late) => this.sendContact(order, change, contact, late));
  }

  private async sendContact(
    order: OrderRow,
    change: BookingChangeRow,
    contact: { current: OrderAddress; next: OrderAddress },
    late: () => boolean,
  ): Promise<void> {
    const { courier, repository, logger } = this.deps;
    const { next } = contact;
    try {
      await courier.rebookCollection({
        courierReference: order.courierReference ?? '',
        collectionDate: order.collectionDate ?? '',
        readyFrom: '09:00',
        contact: {
          name: `${next.firstName} ${next.lastName}`,
          phone: next.phone,
          email: next.email,
        },
        instructions: next.instructions ?? '',
      });
    } catch (error) {
      if (!isProviderError(error) || error.code !== 'REJECTED') {
        return this.noAnswer(change, error);
      }
      logger.warn({ orderId: order.id, err: error }, 'booking-changes: contact change refused');
      const message = errorMessage(error).slice(0, 1000);
      if (late()) return this.notMade(order, change, message, 'refused');
      await repository.settle(change.id, 'refused', message, this.now());
      throw new ApiError(502, 'COURIER_REFUSED', M.courierRefusedChange);
    }
    await this.saveContact(order, change, contact);
    this.deps.mail.worker.wake();
  }

  /**
   * The courier has the new contact: saved on the order under its lock, the change `done`, and
   * the new address told, and the old one too when it changed (a change nobody asked for reaches
   * whoever booked). A booking cancelled meanwhile keeps nothing of it.
   */
  private async saveContact(
    order: OrderRow,
    change: BookingChangeRow,
    contact: { current: OrderAddress; next: OrderAddress },
    held = false,
  ): Promise<void> {
    const { orders, repository, mail } = this.deps;
    const { current, next } = contact;
    await repository.transaction(async (tx) => {
      const locked = await orders.lock(order.id, tx);
      if (!locked || locked.status !== 'booked') {
        // Cancelled while the courier was asked: nothing of the change is kept.
        await repository.settle(
          change.id,
          'failed',
          'The booking was no longer booked',
          this.now(),
          tx,
        );
        return;
      }
      await orders.update(order.id, { collectionAddress: next }, ['booked'], tx);
      await repository.settle(change.id, 'done', 'the courier has the new contact', this.now(), tx);
      await mail.emails.send(
        tx,
        'contact-changed',
        { ...locked, collectionAddress: next },
        {
          changeId: change.id,
          collectionDate: order.collectionDate ?? '',
          previous: { email: current.email, firstName: current.firstName },
          next,
        },
        { held },
      );
    });
  }

  /**
   * Records a date or contact change as `pending`, under the order's row lock after re-checking
   * that it may change: booked, not collected, before the collection window, no other change in
   * progress. A repeated request key returns nothing (the first request made the change).
   */
  private async claim(
    order: OrderRow,
    actor: ChangeActor,
    kind: Exclude<BookingChangeKind, 'cancel'>,
    requestKey: string,
    details: Record<string, string>,
  ): Promise<BookingChangeRow | undefined> {
    const { repository, orders, tracking } = this.deps;
    return repository.transaction(async (tx) => {
      const locked = await orders.lock(order.id, tx);
      if (!locked) throw notFound();
      const earlier = await repository.byRequestKey(requestKey, tx);
      if (earlier) return undefined;
      const refusal = this.cancelRefusal(locked, await tracking.collected(order.id, tx));
      if (refusal) throw new ApiError(409, refusalCode(locked, refusal), refusal);
      const now = this.now();
      if (locked.collectionDate && now >= changesCloseAt(locked.collectionDate)) {
        throw new ApiError(409, 'CHANGES_CLOSED', M.changesClosed);
      }
      const inProgress = (await repository.list(order.id, tx)).find((r) => underWay(r, now));
      if (inProgress) throw new ApiError(409, 'CHANGE_IN_PROGRESS', M.changeInProgress);
      const { change } = await repository.insert(
        {
          id: randomUUID(),
          orderId: order.id,
          kind,
          status: 'pending',
          ...by(actor),
          details,
          courierAnswer: null,
          requestKey,
          createdAt: now,
          updatedAt: now,
        },
        tx,
      );
      return change;
    });
  }

  /** The order's reference (the console's audit names orders by it); 404 when there is none. */
  async referenceOf(orderId: string): Promise<string> {
    const order = await this.deps.orders.findById(orderId);
    if (!order) throw notFound();
    return order.reference;
  }

  /** Wakes the job queue: a cancellation was just queued in a transaction of the caller's. */
  wake(): void {
    this.deps.jobs.wake();
  }

  private now(): Date {
    return this.deps.clock.now();
  }
}

function refusalCode(order: OrderRow, refusal: string): string {
  return refusal === M.collected ? 'BOOKING_COLLECTED' : 'NOT_BOOKED';
}

function by(actor: ChangeActor): Pick<BookingChangeRow, 'byKind' | 'byId' | 'byEmail'> {
  return actor.kind === 'operator'
    ? { byKind: 'operator', byId: actor.id, byEmail: actor.email }
    : { byKind: 'customer', byId: null, byEmail: null };
}

function cancelledBy(change: BookingChangeRow): CancelledBy {
  return change.byKind === 'operator'
    ? {
        kind: 'operator',
        ...(change.byId ? { id: change.byId } : {}),
        ...(change.byEmail ? { email: change.byEmail } : {}),
      }
    : { kind: 'customer' };
}

/** A change in a sentence, as the customer and the console read it. */
export function changeSummary(row: BookingChangeRow): string {
  const d = row.details;
  switch (row.kind) {
    case 'cancel':
      return {
        awaiting_payment: '',
        pending: 'Cancellation asked: waiting for the courier',
        checking: 'Cancellation asked: confirming it with the courier',
        done: 'Booking cancelled',
        refused: 'Cancellation refused by the courier',
        failed: 'Cancellation not made: the courier could not be reached',
        cancelled: '',
      }[row.status];
    case 'collection_date': {
      const move = `collection from ${d.from ? formatCalendarDate(d.from) : 'no date'} to ${d.to ? formatCalendarDate(d.to) : 'no date'}`;
      return {
        awaiting_payment: '',
        pending: `Moving the ${move}`,
        checking: `Moving the ${move}: confirming it with the courier`,
        done: `Moved the ${move}`,
        refused: `The courier refused to move the ${move}`,
        failed: `Could not move the ${move}`,
        cancelled: '',
      }[row.status];
    }
    case 'contact':
      return {
        awaiting_payment: '',
        pending: `Changing the collection contact (${d.changed ?? ''})`,
        checking: `Changing the collection contact (${d.changed ?? ''}): confirming it with the courier`,
        done: `Changed the collection contact (${d.changed ?? ''})`,
        refused: `The courier refused the new collection contact (${d.changed ?? ''})`,
        failed: `Could not change the collection contact (${d.changed ?? ''})`,
        cancelled: '',
      }[row.status];
    case 'cover': {
      const price = Number(d.pricePence);
      const raise = `cover from ${formatWholePounds(Number(d.from))} to ${formatWholePounds(Number(d.to))} (${price > 0 ? formatPence(price) : 'no charge'})`;
      const released = price > 0 ? '; the hold on the card was released' : '';
      return {
        awaiting_payment: `Raising the ${raise}: waiting for the card payment`,
        pending: `Raising the ${raise}: waiting for the courier`,
        checking: `Raising the ${raise}: confirming it with the courier`,
        done: `Raised the ${raise}`,
        refused: `The courier refused to raise the ${raise}${released}`,
        failed: `Could not raise the ${raise}${released}`,
        cancelled: `Did not raise the ${raise}: not paid for`,
      }[row.status];
    }
  }
}

export function changeView(row: BookingChangeRow): BookingChangeView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    by: row.byKind,
    byEmail: row.byEmail,
    summary: changeSummary(row),
    courierAnswer: row.courierAnswer,
    at: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The collection address with the new phone, email and instructions, checked as a booking step
 * checks them (422), and which of them changed (422 when none did).
 */
function newContact(
  order: OrderRow,
  input: { phoneNumber: string; email: string; instructions: string },
): { current: OrderAddress; next: OrderAddress; changed: string[] } {
  const current = order.collectionAddress;
  if (!current) throw new ApiError(409, 'NOT_BOOKED', M.notBooked);
  const checked = validateAddress(
    {
      firstName: current.firstName,
      lastName: current.lastName,
      company: current.company ?? '',
      street: current.street,
      street2: current.street2 ?? '',
      city: current.city,
      state: current.state,
      phoneNumber: input.phoneNumber,
      email: input.email,
      instructions: input.instructions,
    },
    'GB',
  );
  if (!checked.ok) {
    throw new ApiError(422, 'VALIDATION_FAILED', checked.summary, checked.fields);
  }
  const next: OrderAddress = {
    ...current,
    phone: checked.value.phone,
    email: checked.value.email,
    ...(checked.value.instructions ? { instructions: checked.value.instructions } : {}),
  };
  if (!checked.value.instructions) delete next.instructions;
  const changed = (['phone', 'email', 'instructions'] as const).filter(
    (f) => (next[f] ?? '') !== (current[f] ?? ''),
  );
  if (changed.length === 0) {
    const message = 'Nothing has changed: edit the phone, email or instructions first.';
    throw new ApiError(422, 'VALIDATION_FAILED', message, { phoneNumber: message });
  }
  return { current, next, changed };
}
