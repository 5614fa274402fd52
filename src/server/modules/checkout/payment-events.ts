import { COLLECTION_DATE_LAPSED } from '../../../domain/checkout.js';
import {
  canMovePayment,
  EDITABLE_STATUSES,
  isEditable,
  type PaymentStatus,
} from '../../../domain/order-states.js';
import type { PaymentEvent, ProviderPayment } from '../../providers/payment/payment-provider.js';
import {
  CHECKOUT_MESSAGES,
  collectionDateLapsedMessage,
  type ChangePaymentHandler,
  type CheckoutDeps,
} from './checkout-deps.js';
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

  /** Applies what the provider says of one payment; true when something changed. */
  async apply(
    providerPaymentId: string,
    remote: ProviderPayment,
    type: PaymentEvent['type'],
  ): Promise<boolean> {
    const { repository, payment, clock, jobs, orders } = this.deps;
    let wake = false;
    const changed = await repository.transaction(async (tx) => {
      const row = await repository.paymentByProviderId(payment.name, providerPaymentId, tx);
      if (!row) return false;
      const order = await orders.lock(row.orderId, tx);
      const locked = await repository.lockPayment(row.id, tx);
      if (!order || !locked) return false;
      // The card's last four digits, once the provider tells them (the customer's order page).
      if (remote.cardLast4 && !locked.cardLast4) {
        await repository.keepCardLast4(locked.id, remote.cardLast4, tx);
      }
      const now = clock.now();
      const move = async (to: PaymentStatus, error: { code: string; message: string } | null) => {
        if (!canMovePayment(locked.status, to)) return false;
        const moved = await repository.movePayments(
          { id: locked.id },
          locked.status,
          to,
          now,
          tx,
          error,
        );
        return moved.length > 0;
      };
      const release = async (error: { code: string; message: string }) => {
        await move('cancel_pending', error);
        await jobs.enqueue(tx, cancelPaymentJob, { paymentId: locked.id, orderId: order.id });
        wake = true;
        return true;
      };
      switch (type) {
        case 'payment.authorised': {
          if (remote.status !== 'authorised' || !canMovePayment(locked.status, 'authorised')) {
            return false;
          }
          if (locked.kind !== 'order') {
            // A change's own payment: its change decides, under these locks, whether it is used.
            const amountOk =
              remote.amountPence === locked.amountPence &&
              (remote.orderId === undefined || remote.orderId === order.id);
            if (!amountOk) {
              return release({
                code: 'AMOUNT_MISMATCH',
                message: CHECKOUT_MESSAGES.amountMismatch,
              });
            }
            // Asked first, in this transaction: what it queues runs once the authorisation is kept.
            const kept = (await this.changeHandler?.authorised(locked, tx)) ?? false;
            if (!kept) {
              return release({ code: 'CHANGE_ENDED', message: CHECKOUT_MESSAGES.changeEnded });
            }
            await move('authorised', null);
            wake = true;
            return true;
          }
          const complete = order.declaredAt !== null && order.collectionDate !== null;
          const amountOk =
            remote.amountPence === locked.amountPence &&
            locked.amountPence === order.pricePence &&
            (remote.orderId === undefined || remote.orderId === order.id);
          const currentAttempt = locked.attempt === order.paymentAttempt;
          // The tick on the payment step must cover the declaration as it is now.
          const accepted =
            order.termsAcceptedAt !== null &&
            order.declaredAt !== null &&
            order.termsAcceptedAt >= order.declaredAt;
          // A date chosen for tomorrow is today's by the time a slow card step ends after midnight.
          const dateOk = !complete || orders.collectionDateStillBookable(order);
          const payable = isEditable(order.status) && currentAttempt && complete;
          if (!payable || !amountOk || !accepted || !dateOk) {
            // Never book for a payment that does not match the order as it is now, nor twice.
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
            await release({ code, message });
            if (currentAttempt) {
              await orders.update(
                order.id,
                {
                  newPaymentAttempt: true,
                  failureCode: code,
                  failureMessage: message,
                },
                EDITABLE_STATUSES,
                tx,
              );
            }
            return true;
          }
          await move('authorised', null);
          await orders.transition(
            order.id,
            EDITABLE_STATUSES,
            'authorised',
            { failureCode: null, failureMessage: null, bookingStartedAt: null },
            tx,
          );
          await jobs.enqueue(tx, bookShipmentJob, {
            orderId: order.id,
            paymentId: locked.id,
            attempt: locked.attempt,
          });
          wake = true;
          return true;
        }
        case 'payment.failed':
        case 'payment.requires_action':
          return move(
            remote.status === 'requires_action' ? 'requires_action' : 'requires_payment_method',
            remote.lastError ?? null,
          );
        case 'payment.captured':
          return move('captured', null);
        case 'payment.cancelled':
          return move(
            'cancelled',
            locked.lastErrorCode
              ? { code: locked.lastErrorCode, message: locked.lastErrorMessage ?? '' }
              : null,
          );
        case 'payment.refunded':
          // A part refund leaves the payment captured: only a refund of the whole is `refunded`.
          if (remote.amountRefundedPence < locked.amountPence) return false;
          return move('refunded', null);
      }
    });
    if (wake) jobs.wake();
    return changed;
  }
}
