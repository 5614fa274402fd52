import { COLLECTION_DATE_LAPSED } from '#src/domain/checkout.js';
import {
  canMovePayment,
  EDITABLE_STATUSES,
  isEditable,
  type PaymentStatus,
} from '#src/domain/order-states.js';
import type { PaymentEvent, ProviderPayment } from '../../providers/payment/payment-provider.js';
import {
  CHECKOUT_MESSAGES,
  collectionDateLapsedMessage,
  type ChangePaymentHandler,
  type CheckoutDeps,
} from './checkout-deps.js';
import type { DbTransaction } from '../../db/client.js';
import type { OrderRow } from '../orders/index.js';
import type { PaymentRow } from './checkout.repository.js';
import { bookShipmentJob } from './jobs/book-shipment.job.js';
import { cancelPaymentJob } from './jobs/cancel-payment.job.js';

/**
 * What the card provider says of a payment (its verified webhook events, and the confirm call),
 * applied to the payment and its order: once, never backwards, under the order's row lock.
 */
export class PaymentEvents {
  /** What a change's own payment (a cover raise) answers to its authorisation (./change-payments.ts). */
  changeHandler: ChangePaymentHandler | undefined;

  constructor(private readonly deps: CheckoutDeps) {}

  /** A verified provider event: applied once (deduplicated on its id), never backwards. */
  async handle(event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    const { repository, clock, payment } = this.deps;
    const fresh = await repository.recordEvent({
      provider: payment.name,
      eventId: event.id,
      type: event.type,
      receivedAt: clock.now(),
    });
    if (!fresh) return 'duplicate';
    try {
      return (await this.apply(event.payment.id, event.payment, event.type))
        ? 'applied'
        : 'ignored';
    } catch (error) {
      // Not applied: forget the event so the provider's redelivery is applied.
      await repository.forgetEvent(payment.name, event.id);
      throw error;
    }
  }

  /**
   * Applies what the provider says of one payment, in steps: lock the payment and its order →
   * apply the event's move (an authorisation is checked against the order as it is now, then
   * kept for the booking or a change, or released) → wake the queue after the commit when a job
   * was added. True when something changed.
   */
  async apply(
    providerPaymentId: string,
    remote: ProviderPayment,
    type: PaymentEvent['type'],
  ): Promise<boolean> {
    const { repository, jobs } = this.deps;
    const applied = await repository.transaction(async (tx) => {
      const locked = await this.lockPayment(providerPaymentId, remote, tx);
      return locked ? this.applyEvent(locked, type) : false;
    });
    if (applied === 'queued') jobs.wake();
    return applied !== false;
  }

  /**
   * The payment the provider names and its order, both locked; the card's last four digits kept
   * once the provider tells them (the customer's order page). Undefined when either is gone.
   */
  private async lockPayment(
    providerPaymentId: string,
    remote: ProviderPayment,
    tx: DbTransaction,
  ): Promise<Locked | undefined> {
    const { repository, payment, orders, clock } = this.deps;
    const row = await repository.paymentByProviderId(payment.name, providerPaymentId, tx);
    if (!row) return undefined;
    const order = await orders.lock(row.orderId, tx);
    const locked = await repository.lockPayment(row.id, tx);
    if (!order || !locked) return undefined;
    if (remote.cardLast4 && !locked.cardLast4) {
      await repository.keepCardLast4(locked.id, remote.cardLast4, tx);
    }
    return { tx, order, payment: locked, remote, now: clock.now() };
  }

  /** The event's move of the locked payment (never backwards). */
  private async applyEvent(locked: Locked, type: PaymentEvent['type']): Promise<Applied> {
    const { payment, remote } = locked;
    switch (type) {
      case 'payment.authorised':
        return this.authorised(locked);
      case 'payment.failed':
      case 'payment.requires_action':
        return this.move(
          locked,
          remote.status === 'requires_action' ? 'requires_action' : 'requires_payment_method',
          remote.lastError ?? null,
        );
      case 'payment.captured':
        return this.move(locked, 'captured', null);
      case 'payment.cancelled':
        return this.move(
          locked,
          'cancelled',
          payment.lastErrorCode
            ? { code: payment.lastErrorCode, message: payment.lastErrorMessage ?? '' }
            : null,
        );
      case 'payment.refunded':
        // A part refund leaves the payment captured: only a refund of the whole is `refunded`.
        if (remote.amountRefundedPence < payment.amountPence) return false;
        return this.move(locked, 'refunded', null);
    }
  }

  /**
   * An authorisation: a change's own payment is kept or released by its change; the booking's is
   * kept and the booking job queued when it matches the order as it is now, else released (and
   * the order asks for a new payment).
   */
  private async authorised(locked: Locked): Promise<Applied> {
    const { payment, remote, order, tx } = locked;
    if (remote.status !== 'authorised' || !canMovePayment(payment.status, 'authorised')) {
      return false;
    }
    if (payment.kind !== 'order') return this.authorisedForChange(locked);
    const refused = this.refusal(locked);
    if (refused) {
      await this.release(locked, refused);
      if (refused.currentAttempt) {
        await this.deps.orders.update(
          order.id,
          { newPaymentAttempt: true, failureCode: refused.code, failureMessage: refused.message },
          EDITABLE_STATUSES,
          tx,
        );
      }
      return 'queued';
    }
    await this.move(locked, 'authorised', null);
    await this.deps.orders.transition(
      order.id,
      EDITABLE_STATUSES,
      'authorised',
      { failureCode: null, failureMessage: null, bookingStartedAt: null },
      tx,
    );
    await this.deps.jobs.enqueue(tx, bookShipmentJob, {
      orderId: order.id,
      paymentId: payment.id,
      attempt: payment.attempt,
    });
    return 'queued';
  }

  /** A change's own payment: its change decides, under these locks, whether it is used. */
  private async authorisedForChange(locked: Locked): Promise<Applied> {
    const { payment, remote, order, tx } = locked;
    const amountOk =
      remote.amountPence === payment.amountPence &&
      (remote.orderId === undefined || remote.orderId === order.id);
    if (!amountOk) {
      return this.release(locked, {
        code: 'AMOUNT_MISMATCH',
        message: CHECKOUT_MESSAGES.amountMismatch,
      });
    }
    // Asked first, in this transaction: what it queues runs once the authorisation is kept.
    const kept = (await this.changeHandler?.authorised(payment, tx)) ?? false;
    if (!kept) {
      return this.release(locked, { code: 'CHANGE_ENDED', message: CHECKOUT_MESSAGES.changeEnded });
    }
    await this.move(locked, 'authorised', null);
    return 'queued';
  }

  /**
   * Why the booking's authorisation cannot be used, if it cannot: never book for a payment that
   * does not match the order as it is now, nor twice. `currentAttempt`: the payment is the
   * order's current attempt, so the order asks for a new one.
   */
  private refusal(
    locked: Locked,
  ): { code: string; message: string; currentAttempt: boolean } | undefined {
    const { payment, remote, order } = locked;
    const complete = order.declaredAt !== null && order.collectionDate !== null;
    const amountOk =
      remote.amountPence === payment.amountPence &&
      payment.amountPence === order.pricePence &&
      (remote.orderId === undefined || remote.orderId === order.id);
    const currentAttempt = payment.attempt === order.paymentAttempt;
    // The tick on the payment step must cover the declaration as it is now.
    const accepted =
      order.termsAcceptedAt !== null &&
      order.declaredAt !== null &&
      order.termsAcceptedAt >= order.declaredAt;
    // A date chosen for tomorrow is today's by the time a slow card step ends after midnight.
    const dateOk = !complete || this.deps.orders.collectionDateStillBookable(order);
    const payable = isEditable(order.status) && currentAttempt && complete;
    if (payable && amountOk && accepted && dateOk) return undefined;
    const code = !amountOk
      ? 'AMOUNT_MISMATCH'
      : !payable
        ? 'ORDER_CHANGED'
        : !accepted
          ? 'TERMS_NOT_ACCEPTED'
          : COLLECTION_DATE_LAPSED;
    const message =
      code === 'TERMS_NOT_ACCEPTED'
        ? CHECKOUT_MESSAGES.termsNotAccepted
        : code === COLLECTION_DATE_LAPSED && order.collectionDate
          ? collectionDateLapsedMessage(order.collectionDate, true)
          : CHECKOUT_MESSAGES.amountMismatch;
    return { code, message, currentAttempt };
  }

  /** Moves the locked payment to `to`, when it may go there from where it is. */
  private async move(
    locked: Locked,
    to: PaymentStatus,
    error: { code: string; message: string } | null,
  ): Promise<Applied> {
    const { payment, now, tx } = locked;
    if (!canMovePayment(payment.status, to)) return false;
    const moved = await this.deps.repository.movePayments(
      { id: payment.id },
      payment.status,
      to,
      now,
      tx,
      error,
    );
    return moved.length > 0 ? 'changed' : false;
  }

  /** Releases the authorisation: `cancel_pending`, and its cancel job queued. */
  private async release(
    locked: Locked,
    error: { code: string; message: string },
  ): Promise<Applied> {
    await this.move(locked, 'cancel_pending', error);
    await this.deps.jobs.enqueue(locked.tx, cancelPaymentJob, {
      paymentId: locked.payment.id,
      orderId: locked.order.id,
    });
    return 'queued';
  }
}

/** A payment and its order, locked in `tx`, with what the provider says of the payment. */
interface Locked {
  tx: DbTransaction;
  order: OrderRow;
  payment: PaymentRow;
  remote: ProviderPayment;
  now: Date;
}

/** What applying an event did: nothing, a change, or a change that queued a job (wake the queue). */
type Applied = false | 'changed' | 'queued';
