import type { CheckoutStatus } from '../../../domain/checkout.js';
import { isEditable } from '../../../domain/order-states.js';
import { documentPath, type CheckoutDeps } from './checkout-deps.js';

/** The booking's progress and outcome, as the /pay and /order-confirmation pages show it. */
export async function checkoutStatus(
  deps: Pick<CheckoutDeps, 'orders' | 'repository'>,
  orderId: string,
): Promise<CheckoutStatus> {
  const { orders, repository } = deps;
  const order = await orders.load(orderId);
  const latest =
    (await repository.paymentOfAttempt(orderId, order.paymentAttempt)) ??
    (await repository.latestPayment(orderId));
  const documents = order.status === 'booked' ? await repository.listDocuments(orderId) : [];
  const charged =
    latest !== undefined && ['authorised', 'capture_pending', 'captured'].includes(latest.status);
  const result =
    order.status === 'booked'
      ? 'SUCCESS'
      : order.status === 'booking_failed' || order.status === 'needs_attention' || order.failureCode
        ? 'FAILED'
        : 'pending';
  return {
    orderId: order.id,
    status: order.status,
    result,
    reference: order.reference,
    courierReference: order.courierReference,
    trackingUrl: order.trackingUrl,
    documents: documents.map((d) => ({
      kind: d.kind,
      title: d.title,
      filename: d.filename,
      url: documentPath(orderId, d.id),
    })),
    error: order.failureCode
      ? { code: order.failureCode, message: order.failureMessage ?? '' }
      : null,
    notCharged: !charged && order.status !== 'booked' && order.status !== 'needs_attention',
    canRetryPayment: isEditable(order.status),
    amountPence: order.pricePence,
    payment: latest
      ? {
          status: latest.status,
          error: latest.lastErrorCode
            ? { code: latest.lastErrorCode, message: latest.lastErrorMessage ?? '' }
            : null,
        }
      : null,
  };
}
