import type { AdminOrderDetail } from '#src/domain/api/admin/orders.js';
import type { RefundInput, RefundOutsideInput } from '#src/domain/api/admin/payments.js';
import type { AuditAction } from '#src/domain/audit-actions.js';
import type { DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { AuditedChange, AuditLog, Operator } from '../operator-actions/index.js';
import type { OrderRow, OrdersService } from '../orders/index.js';
import type { CheckoutService } from './checkout.service.js';
import type { Resolution } from './operator-resolution.js';

const notFound = () => new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');

/**
 * The console's actions on an order's payment, booking and documents (docs/operators.md,
 * "Orders"): each change runs in the caller's transaction of the checkout's own use case, through
 * the audit entry with the order's reference; a payment action answers the console's order page,
 * which the admin module builds (`orderPage`, wired in services.ts).
 */
export class OperatorCheckout {
  constructor(
    private readonly deps: {
      checkout: CheckoutService;
      orders: Pick<OrdersService, 'findById'>;
      audit: Pick<AuditLog, 'act'>;
      orderPage: (orderId: string) => Promise<AdminOrderDetail>;
    },
  ) {}

  /** The newest restore of the site's data and what its reconciliation found (decision 141). */
  async lastRestore() {
    return { restore: await this.deps.checkout.lastRestore() };
  }

  private async existing(id: string): Promise<OrderRow> {
    const order = await this.deps.orders.findById(id);
    if (!order) throw notFound();
    return order;
  }

  /** A change to the order through the audit entry, recorded with the order's reference. */
  private onOrder<T>(
    operator: Operator,
    order: OrderRow,
    action: AuditAction,
    change: (tx: DbTransaction) => Promise<AuditedChange<T>>,
  ): Promise<T> {
    return this.deps.audit.act(operator, action, order.reference, change);
  }

  /**
   * A payment action: the change, audited with the order's reference; then the queued jobs and
   * mail woken (unless the change queued none) and the order page as it now is.
   */
  private async onPayment<T>(
    operator: Operator,
    order: OrderRow,
    action: AuditAction,
    change: (tx: DbTransaction) => Promise<AuditedChange<T>>,
    { wake = true } = {},
  ): Promise<AdminOrderDetail> {
    await this.onOrder(operator, order, action, change);
    if (wake) this.deps.checkout.wake();
    return this.deps.orderPage(order.id);
  }

  /** Booked (with the courier's reference) or not booked; recorded with the order reference. */
  async resolve(operator: Operator, id: string, resolution: Resolution) {
    const existing = await this.existing(id);
    // Booked: the courier's labels for that reference, asked before the transaction.
    const courier =
      resolution.outcome === 'booked' && existing.status === 'needs_attention'
        ? await this.deps.checkout.fetchCourierDocuments(resolution.courierReference)
        : undefined;
    return this.onPayment(operator, existing, `order.resolve.${resolution.outcome}`, async (tx) => {
      const result = await this.deps.checkout.resolveNeedsAttention(id, resolution, tx, courier);
      return {
        result,
        details:
          resolution.outcome === 'booked'
            ? {
                status: result.status,
                courierReference: resolution.courierReference,
                labels: result.labels ?? 0,
                ...(courier && 'missing' in courier
                  ? { labelsMissing: courier.missing.slice(0, 300) }
                  : {}),
              }
            : { status: result.status },
      };
    });
  }

  /** Cancels an `authorised` order before its booking and releases the card authorisation. */
  async cancelAuthorisation(operator: Operator, id: string, reason: string) {
    const existing = await this.existing(id);
    return this.onPayment(operator, existing, 'order.authorisation.cancel', async (tx) => {
      const result = await this.deps.checkout.cancelAuthorisation(id, tx);
      return { result, details: { status: 'booking_failed', released: result.released, reason } };
    });
  }

  /**
   * Refunds the order's captured payments in part or whole (the booking's first, then a cover
   * raise's); the same request key refunds once.
   */
  async refund(operator: Operator, id: string, input: RefundInput) {
    const existing = await this.existing(id);
    return this.onPayment(operator, existing, 'order.refund', async (tx) => {
      const result = await this.deps.checkout.requestRefund(
        id,
        { amount: input.amount, requestKey: input.requestKey, by: operator },
        tx,
      );
      return {
        result,
        repeated: !result.created,
        details: {
          refundId: result.refund.id,
          amountPence: result.amountPence,
          reason: input.reason,
        },
      };
    });
  }

  /** Sends a refund needing action (or refused) to the provider again; audited. */
  async retryRefund(operator: Operator, id: string, refundId: string) {
    const existing = await this.existing(id);
    return this.onPayment(operator, existing, 'order.refund.retry', async (tx) => {
      const result = await this.deps.checkout.retryRefund(id, refundId, tx);
      const { amountPence, retries } = result.refund;
      return { result, details: { refundId, amountPence, retries } };
    });
  }

  /** Marks a refund needing action (or refused) as refunded outside the site; audited. */
  async markRefundOutside(
    operator: Operator,
    id: string,
    refundId: string,
    input: RefundOutsideInput,
  ) {
    const existing = await this.existing(id);
    return this.onPayment(
      operator,
      existing,
      'order.refund.outside',
      async (tx) => {
        const result = await this.deps.checkout.markRefundedOutside(
          id,
          refundId,
          { note: input.note, byEmail: operator.email },
          tx,
        );
        return {
          result,
          details: {
            refundId,
            amountPence: result.refund.amountPence,
            note: input.note,
            ...(result.paymentRefunded ? { payment: 'refunded' } : {}),
          },
        };
      },
      // Nothing is queued: the provider is not asked.
      { wake: false },
    );
  }

  /** The order's labels and documents, with the console's download links. */
  async documents(id: string) {
    await this.existing(id);
    const docs = await this.deps.checkout.documents(id);
    return {
      documents: docs.map((d) => ({
        kind: d.kind,
        title: d.title,
        filename: d.filename,
        url: `/api/v1/admin/orders/${id}/documents/${d.id}`,
      })),
    };
  }

  async document(id: string, documentId: string) {
    const doc = await this.deps.checkout.document(id, documentId);
    if (!doc) throw new ApiError(404, 'DOCUMENT_NOT_FOUND', 'We could not find that document.');
    return doc;
  }

  /** An operator's label or document for a booked order the courier gave none for. */
  async uploadDocument(
    operator: Operator,
    id: string,
    upload: { kind: 'label' | 'document'; type: string; pdfBase64: string },
  ) {
    const order = await this.existing(id);
    const pdf = Buffer.from(upload.pdfBase64, 'base64');
    await this.onOrder(operator, order, 'order.document_upload', async (tx) => {
      const added = await this.deps.checkout.addOperatorDocument(
        id,
        { kind: upload.kind, type: upload.type, pdf },
        tx,
      );
      return {
        result: added,
        details: { kind: upload.kind, title: added.title, bytes: pdf.length },
      };
    });
    return this.documents(id);
  }

  /** A booked order's confirmation email again, with its labels, as a new email. */
  async resendConfirmation(operator: Operator, id: string) {
    const order = await this.existing(id);
    const queued = await this.onOrder(operator, order, 'order.resend_confirmation', async (tx) => {
      const result = await this.deps.checkout.resendConfirmation(id, tx);
      return { result, details: { mailId: result.mailId, to: result.to } };
    });
    this.deps.checkout.wake();
    return { mailId: queued.mailId, to: queued.to };
  }
}
