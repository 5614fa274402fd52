import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { canMovePayment, type PaymentStatus } from '#src/domain/order-states.js';
import type { Db, DbExecutor, DbTransaction } from '../../db/client.js';
import type { RefundStatus } from '#src/domain/refunds.js';
import {
  courierBookingReplies,
  courierExchanges,
  orderDocuments,
  paymentEvents,
  paymentRefunds,
  payments,
  siteRestores,
} from '../../db/schema.js';

export type PaymentRow = typeof payments.$inferSelect;
export type SiteRestoreRow = typeof siteRestores.$inferSelect;
export type CourierExchangeRow = typeof courierExchanges.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type RefundRow = typeof paymentRefunds.$inferSelect;
export type NewOrderDocumentRow = typeof orderDocuments.$inferInsert;
export interface PaymentError {
  code: string;
  message: string;
}

/**
 * The only code that knows how payments, their refunds, provider events, order documents and the
 * courier's booking replies are stored
 * (Drizzle; decision 015). A payment's status only moves as `canMovePayment` allows, re-checked
 * by the write itself.
 */
/**
 * Whether a payment or a courier booking reply points at the order (`orderId`: the orders
 * table's id column, in the caller's statement): such an order is never an abandoned draft
 * (decision 050), whatever its status says.
 */
export function checkoutHoldsOrder(orderId: AnyColumn): SQL {
  return sql`(EXISTS (SELECT 1 FROM payments p WHERE p.order_id = ${orderId}) OR EXISTS (SELECT 1 FROM courier_booking_replies r WHERE r.order_id = ${orderId}))`;
}

export class CheckoutRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: DbTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * The oldest restore not yet reconciled, locked (`SKIP LOCKED`: another process's
   * reconciliation has it), or none (decision 141; `npm run restore` writes the row).
   */
  async openRestore(tx: DbExecutor): Promise<SiteRestoreRow | undefined> {
    const [row] = await tx
      .select()
      .from(siteRestores)
      .where(isNull(siteRestores.reconciledAt))
      .orderBy(asc(siteRestores.restoredAt))
      .limit(1)
      .for('update', { skipLocked: true });
    return row;
  }

  async finishRestore(id: string, at: Date, outcome: unknown, tx: DbExecutor): Promise<void> {
    await tx
      .update(siteRestores)
      .set({ reconciledAt: at, outcome })
      .where(and(eq(siteRestores.id, id), isNull(siteRestores.reconciledAt)));
  }

  /**
   * Whether a restore's reconciliation left this booking change for an operator (the courier
   * could not say what it has): its outcome may have been emailed by the site before the restore.
   */
  async changeLeftAtRestore(changeId: string): Promise<boolean> {
    const left = JSON.stringify({ changes: [{ changeId, outcome: 'needs_attention' }] });
    const [row] = await this.db
      .select({ id: siteRestores.id })
      .from(siteRestores)
      .where(sql`${siteRestores.outcome} @> ${left}::jsonb`)
      .limit(1);
    return row !== undefined;
  }

  /** The newest restore, reconciled or not (the console). */
  async latestRestore(): Promise<SiteRestoreRow | undefined> {
    const [row] = await this.db
      .select()
      .from(siteRestores)
      .orderBy(desc(siteRestores.restoredAt))
      .limit(1);
    return row;
  }

  /** The order payments waiting to be captured or released, oldest first. */
  async paymentsIn(statuses: readonly PaymentStatus[]): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(inArray(payments.status, [...statuses]))
      .orderBy(asc(payments.createdAt));
  }

  /** The refunds in one state, oldest first. */
  refundsIn(status: RefundStatus): Promise<RefundRow[]> {
    return this.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.status, status))
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  }

  async countRefundsIn(status: RefundStatus): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.status, status));
    return row?.n ?? 0;
  }

  /** Inserts a payment unless one with its idempotency key exists. */
  async insertPayment(row: NewPaymentRow): Promise<void> {
    await this.db.insert(payments).values(row).onConflictDoNothing();
  }

  async paymentById(id: string, tx: DbExecutor = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id));
    return row;
  }

  async paymentByKey(key: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.idempotencyKey, key));
    return row;
  }

  async paymentByProviderId(
    provider: string,
    providerPaymentId: string,
    tx: DbExecutor,
  ): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(
        and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)),
      );
    return row;
  }

  /** Reads the payment and locks its row for the rest of the caller's transaction. */
  async lockPayment(id: string, tx: DbExecutor): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
    return row;
  }

  /** The newest payment of one attempt of an order. */
  async paymentOfAttempt(orderId: string, attempt: number): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.attempt, attempt),
          eq(payments.kind, 'order'),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row;
  }

  /** The order's latest payment for itself, whatever its attempt (not a later change's). */
  async latestPayment(orderId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'order')))
      .orderBy(desc(payments.attempt), desc(payments.createdAt))
      .limit(1);
    return row;
  }

  /**
   * Moves payments from `from` to `to` (a forbidden move throws); `where` picks them by id or by
   * order (and attempt: the order's own payments only, never a later change's). The status is re-checked by the UPDATE itself. `error`: the payment's
   * last error (null clears it, undefined keeps it).
   */
  async movePayments(
    where: { id: string } | { orderId: string; attempt?: number },
    from: PaymentStatus | readonly PaymentStatus[],
    to: PaymentStatus,
    at: Date,
    tx: DbExecutor = this.db,
    error?: PaymentError | null,
  ): Promise<PaymentRow[]> {
    const froms: readonly PaymentStatus[] = typeof from === 'string' ? [from] : from;
    for (const f of froms) {
      if (!canMovePayment(f, to)) throw new Error(`A payment cannot move from ${f} to ${to}.`);
    }
    const which =
      'id' in where
        ? eq(payments.id, where.id)
        : where.attempt === undefined
          ? and(eq(payments.orderId, where.orderId), eq(payments.kind, 'order'))
          : and(
              eq(payments.orderId, where.orderId),
              eq(payments.attempt, where.attempt),
              eq(payments.kind, 'order'),
            );
    return tx
      .update(payments)
      .set({
        status: to,
        updatedAt: at,
        ...(error === undefined
          ? {}
          : { lastErrorCode: error?.code ?? null, lastErrorMessage: error?.message ?? null }),
      })
      .where(and(which, inArray(payments.status, [...froms])))
      .returning();
  }

  /** The payment made for a booking change (a cover raise), if one was started. */
  async paymentOfChange(
    changeId: string,
    tx: DbExecutor = this.db,
  ): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(eq(payments.bookingChangeId, changeId))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row;
  }

  /** Every payment of an order, oldest first (the console's order page). */
  async listPayments(orderId: string, tx: DbExecutor = this.db): Promise<PaymentRow[]> {
    return tx
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.createdAt), asc(payments.attempt));
  }

  /** Records a provider event once; false when it was already recorded. */
  async recordEvent(event: {
    provider: string;
    eventId: string;
    type: string;
    receivedAt: Date;
  }): Promise<boolean> {
    const rows = await this.db
      .insert(paymentEvents)
      .values(event)
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    return rows.length > 0;
  }

  /** Forgets an event that could not be applied, so the provider's redelivery is. */
  async forgetEvent(provider: string, eventId: string): Promise<void> {
    await this.db
      .delete(paymentEvents)
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
  }

  async insertDocuments(rows: NewOrderDocumentRow[], tx: DbExecutor): Promise<void> {
    if (rows.length > 0) await tx.insert(orderDocuments).values(rows);
  }

  /**
   * A moved collection's labels in place of the stored ones, each file kept under its id (so a
   * link already sent opens the current labels) and its content replaced; a label the order had
   * not got is added after the others.
   */
  async replaceLabels(
    orderId: string,
    labels: Omit<NewOrderDocumentRow, 'id' | 'orderId' | 'position'>[],
    tx: DbExecutor,
  ): Promise<void> {
    const stored = await tx
      .select({
        id: orderDocuments.id,
        title: orderDocuments.title,
        position: orderDocuments.position,
      })
      .from(orderDocuments)
      .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.kind, 'label')));
    let next = Math.max(-1, ...stored.map((d) => d.position)) + 1;
    for (const label of labels) {
      const same = stored.find((d) => d.title === label.title);
      if (same) {
        await tx
          .update(orderDocuments)
          .set({ content: label.content, filename: label.filename, createdAt: label.createdAt })
          .where(eq(orderDocuments.id, same.id));
      } else {
        await tx
          .insert(orderDocuments)
          .values({ ...label, id: randomUUID(), orderId, position: next++ });
      }
    }
  }

  async listDocuments(orderId: string) {
    return this.db
      .select({
        id: orderDocuments.id,
        kind: orderDocuments.kind,
        title: orderDocuments.title,
        filename: orderDocuments.filename,
      })
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, orderId))
      .orderBy(orderDocuments.position);
  }

  /** The order's labels with their bytes, in order (the confirmation email attaches them). */
  /** An order's labels and customs documents with their files, in the courier's order. */
  async documentsWithContent(orderId: string, tx: DbExecutor = this.db) {
    return tx
      .select({
        id: orderDocuments.id,
        kind: orderDocuments.kind,
        title: orderDocuments.title,
        content: orderDocuments.content,
      })
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, orderId))
      .orderBy(orderDocuments.position);
  }

  async document(orderId: string, documentId: string) {
    const [row] = await this.db
      .select({
        filename: orderDocuments.filename,
        contentType: orderDocuments.contentType,
        content: orderDocuments.content,
      })
      .from(orderDocuments)
      .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.id, documentId)));
    return row;
  }

  /** Keeps the courier's booking reply (the first one kept wins); true when it is stored. */
  /** Logs one courier exchange of an order (never in a booking's transaction). */
  async logCourierExchange(row: CourierExchangeRow): Promise<void> {
    await this.db.insert(courierExchanges).values(row);
  }

  /** The order's courier exchanges, oldest first. */
  async courierExchanges(orderId: string): Promise<CourierExchangeRow[]> {
    return this.db
      .select()
      .from(courierExchanges)
      .where(eq(courierExchanges.orderId, orderId))
      .orderBy(asc(courierExchanges.at), asc(courierExchanges.id))
      .limit(200);
  }

  async keepBookingReply(row: typeof courierBookingReplies.$inferInsert): Promise<void> {
    await this.db.insert(courierBookingReplies).values(row).onConflictDoNothing();
  }

  /** The courier's kept booking reply for an order's payment attempt, if one arrived. */
  async bookingReply(orderId: string, attempt: number, tx: DbExecutor = this.db) {
    const [row] = await tx
      .select()
      .from(courierBookingReplies)
      .where(
        and(
          eq(courierBookingReplies.orderId, orderId),
          eq(courierBookingReplies.paymentAttempt, attempt),
        ),
      );
    return row;
  }

  /** Payments still before authorisation, created before `before` (reconciliation). */
  async unsettledPaymentsBefore(before: Date, since: Date, limit: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          inArray(payments.status, ['requires_payment_method', 'requires_action', 'authorised']),
          lt(payments.updatedAt, before),
          gt(payments.createdAt, since),
        ),
      )
      .orderBy(payments.createdAt)
      .limit(limit);
  }

  // Refunds (migration 0090) --------------------------------------------------------------------

  /** Adds a refund unless its request key was used before; the refund with that key either way. */
  async insertRefund(
    row: typeof paymentRefunds.$inferInsert,
    tx: DbExecutor,
  ): Promise<{ refund: RefundRow; created: boolean }> {
    const [created] = await tx.insert(paymentRefunds).values(row).onConflictDoNothing().returning();
    if (created) return { refund: created, created: true };
    const [earlier] = await tx
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.requestKey, row.requestKey));
    if (!earlier) throw new Error('refund vanished');
    return { refund: earlier, created: false };
  }

  async refundByRequestKey(key: string, tx: DbExecutor): Promise<RefundRow | undefined> {
    const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.requestKey, key));
    return row;
  }

  async refundById(id: string, tx: DbExecutor = this.db): Promise<RefundRow | undefined> {
    const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
    return row;
  }

  /** Every refund of a payment (or of an order), oldest first. */
  async listRefunds(
    where: { paymentId: string } | { orderId: string },
    tx: DbExecutor = this.db,
  ): Promise<RefundRow[]> {
    return tx
      .select()
      .from(paymentRefunds)
      .where(
        'paymentId' in where
          ? eq(paymentRefunds.paymentId, where.paymentId)
          : eq(paymentRefunds.orderId, where.orderId),
      )
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  }

  /**
   * Ends a pending refund (re-checked by the write): `succeeded`, `failed` or `needs_action`;
   * undefined when it was no longer pending.
   */
  async settleRefund(
    id: string,
    to: 'succeeded' | 'failed' | 'needs_action',
    lastError: string | null,
    at: Date,
    tx: DbExecutor,
  ): Promise<RefundRow | undefined> {
    const [row] = await tx
      .update(paymentRefunds)
      .set({ status: to, lastError, updatedAt: at, settledAt: to === 'needs_action' ? null : at })
      .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')))
      .returning();
    return row;
  }

  /**
   * An operator sends a refund that needs action (or failed) to the provider again: `pending`,
   * one more retry; undefined when it was in none of `from` (re-checked by the write).
   */
  async reopenRefund(
    id: string,
    from: readonly RefundStatus[],
    at: Date,
    tx: DbExecutor,
  ): Promise<RefundRow | undefined> {
    const [row] = await tx
      .update(paymentRefunds)
      .set({
        status: 'pending',
        lastError: null,
        settledAt: null,
        updatedAt: at,
        retries: sql`${paymentRefunds.retries} + 1`,
      })
      .where(and(eq(paymentRefunds.id, id), inArray(paymentRefunds.status, [...from])))
      .returning();
    return row;
  }

  /** An operator marks a refund refunded outside the site, with their note (re-checked). */
  async markRefundedOutside(
    id: string,
    from: readonly RefundStatus[],
    input: { note: string; byEmail: string; at: Date },
    tx: DbExecutor,
  ): Promise<RefundRow | undefined> {
    const [row] = await tx
      .update(paymentRefunds)
      .set({
        status: 'refunded_outside',
        note: input.note,
        resolvedByEmail: input.byEmail,
        resolvedAt: input.at,
        settledAt: input.at,
        updatedAt: input.at,
      })
      .where(and(eq(paymentRefunds.id, id), inArray(paymentRefunds.status, [...from])))
      .returning();
    return row;
  }

  /** Keeps the card's last four digits on a payment that has none yet. */
  async keepCardLast4(id: string, last4: string, tx: DbExecutor = this.db): Promise<void> {
    if (!/^[0-9]{4}$/.test(last4)) return;
    await tx
      .update(payments)
      .set({ cardLast4: last4 })
      .where(and(eq(payments.id, id), isNull(payments.cardLast4)));
  }

  /** Notes why the provider has not confirmed a pending refund yet (shown to operators). */
  async noteRefundError(id: string, message: string, at: Date): Promise<void> {
    await this.db
      .update(paymentRefunds)
      .set({ lastError: message.slice(0, 1000), updatedAt: at })
      .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')));
  }
}
