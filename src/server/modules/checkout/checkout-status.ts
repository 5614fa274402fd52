import { NEEDS_ATTENTION_MESSAGE, type CheckoutStatus } from '#src/domain/checkout.js';
import { findCountry } from '#src/domain/countries.js';
import { isEditable } from '#src/domain/order-states.js';
import { DEFAULT_COVER_SETTINGS } from '#src/domain/pricing.js';
import { purchaseDescription, receiptLines, type Receipt } from '#src/domain/receipt.js';
import { summarisePayment, type PaymentSummary } from '#src/domain/refunds.js';
import type { OrderRow } from '../orders/index.js';
import { customerFailureMessage, documentPath, type CheckoutDeps } from './checkout-deps.js';
import { capturedPayments } from './refunds.js';

/**
 * What the customer paid and what came back (their order pages: `showCard`; the tracking
 * page: never the card's digits): the order's payment and any a change paid for (a cover
 * raise), each listed, with the refunds of all of them. Null until a payment is taken.
 */
export async function paymentSummary(
  deps: Pick<CheckoutDeps, 'orders' | 'repository'>,
  orderId: string,
  options: { showCard: boolean },
): Promise<PaymentSummary | null> {
  const { repository, orders } = deps;
  const all = await capturedPayments(repository, orderId);
  // The order's own captured payment (not a change's: ./change-payments.ts).
  const captured = all.filter((p) => p.kind === 'order').at(-1);
  if (!captured) return null;
  const [order, refunds] = await Promise.all([
    orders.findById(orderId),
    repository.listRefunds({ orderId }),
  ]);
  const paidAt = (order?.bookedAt ?? captured.createdAt).toISOString();
  const later = all.filter((p) => p.kind === 'cover');
  return summarisePayment(
    {
      amountPence: captured.amountPence + later.reduce((sum, p) => sum + p.amountPence, 0),
      paidAt,
      cardLast4: captured.cardLast4,
      parts: [
        { what: 'booking', amountPence: captured.amountPence, paidAt },
        ...later.map((p) => ({
          what: 'cover' as const,
          amountPence: p.amountPence,
          // When it was asked for (a later update, its refund, would move the day).
          paidAt: p.createdAt.toISOString(),
          cardLast4: p.cardLast4,
        })),
      ],
    },
    refunds.map((r) => ({
      status: r.status,
      amountPence: r.amountPence,
      askedAt: r.createdAt.toISOString(),
      settledAt: r.settledAt?.toISOString() ?? null,
      cardLast4: all.find((p) => p.id === r.paymentId)?.cardLast4,
    })),
    options.showCard,
  );
}

/** The booking's progress and outcome, as the /pay and /order-confirmation pages show it. */
export async function checkoutStatus(
  deps: Pick<CheckoutDeps, 'orders' | 'repository' | 'tracking'>,
  orderId: string,
): Promise<CheckoutStatus> {
  const { orders, repository } = deps;
  const order = await orders.load(orderId);
  const latest =
    (await repository.paymentOfAttempt(orderId, order.paymentAttempt)) ??
    (await repository.latestPayment(orderId));
  const documents = order.status === 'booked' ? await repository.listDocuments(orderId) : [];
  const money = await paymentSummary(deps, orderId, { showCard: true });
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
    trackingPage: order.status === 'booked' ? deps.tracking.trackingPath(order.id) : null,
    trackingUrl: order.trackingUrl,
    documents: documents.map((d) => ({
      kind: d.kind,
      title: d.title,
      filename: d.filename,
      url: documentPath(orderId, d.id),
    })),
    // The courier's own words (failure_message) stay with operators while a person checks.
    error: order.failureCode
      ? {
          code: order.failureCode,
          message:
            order.status === 'needs_attention'
              ? NEEDS_ATTENTION_MESSAGE
              : customerFailureMessage(order.failureCode, order.failureMessage),
        }
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
    receipt: order.status === 'booked' ? receiptOf(order) : null,
    money,
    ...(order.status === 'booked' && order.personalEffects
      ? {
          personalEffectsDestination:
            findCountry(order.destinationCountryId)?.countryCode ?? undefined,
        }
      : {}),
  };
}

/** The receipt of a booked order: the price it was booked at, its service, when it was paid. */
export function receiptOf(order: OrderRow): Receipt | null {
  const service = order.offeredServices.find((s) => s.service === order.selectedService);
  if (!service || order.pricePence === null || !order.bookedAt || !order.collectionDate) {
    return null;
  }
  const description = purchaseDescription({
    service: service.name,
    smallBoxes: order.smallBoxes,
    largeBoxes: order.largeBoxes,
    collectionCountryId: order.collectionCountryId,
    destinationCountryId: order.destinationCountryId,
  });
  // The cover and its price as paid for, whatever the cover settings are now.
  const coverPence = order.coverPence ?? DEFAULT_COVER_SETTINGS.includedPence;
  return {
    amountPence: order.pricePence,
    paidAt: order.bookedAt.toISOString(),
    service: service.name,
    description,
    collectionDate: order.collectionDate,
    lines: receiptLines({
      description,
      servicePricePence: order.pricePence - order.coverPricePence,
      coverPence,
      coverPricePence: order.coverPricePence,
    }),
    coverPence,
  };
}
