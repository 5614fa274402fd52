import type { ClaimView } from '#src/domain/api/claims.js';
import type { BookingChangeView } from '#src/domain/api/booking-changes.js';
import type { Dashboard } from '#src/domain/api/admin/orders.js';
import {
  ADMIN_ORDERS_PAGE,
  type AdminOrderDetail,
  type AdminOrderSummary,
} from '#src/domain/api/admin/orders.js';
import { findCountry } from '#src/domain/countries.js';
import { estimateImportCharges, isImportChargesDestination } from '#src/domain/import-charges.js';
import { londonDate, londonMidnight } from '#src/domain/london-time.js';
import type { OrderStatus } from '#src/domain/order-states.js';
import type { TrackingStatus } from '#src/domain/tracking.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../http/errors.js';
import type { CheckoutService, PaymentRow, RefundRow } from '../checkout/index.js';
import type { ContactService } from '../contact/index.js';
import type { MailOutbox } from '../email/index.js';
import type { AuditLog } from '../operator-actions/index.js';
import type { OrderItemRow, OrderRow, OrdersService } from '../orders/index.js';
import type { OrderNotesRepository } from './order-notes.repository.js';
import { orderTimeline } from './order-timeline.js';

/**
 * What the console reads across the modules: the dashboard, the order list and the order page.
 * Its actions are the modules' own (docs/operators.md, "Operator actions"); these are reads.
 */
export interface AdminDeps {
  clock: Clock;
  orders: Pick<
    OrdersService,
    | 'findById'
    | 'search'
    | 'declaredItems'
    | 'countByStatus'
    | 'perDay'
    | 'trackingStatus'
    | 'trackingStatuses'
  >;
  checkout: Pick<CheckoutService, 'payments' | 'refunds' | 'courierExchanges'>;
  contact: Pick<ContactService, 'countUnread'>;
  outbox: Pick<MailOutbox, 'list' | 'listForOrder'>;
  notes: Pick<OrderNotesRepository, 'listForOrder'>;
  audit: Pick<AuditLog, 'entries'>;
  /** The booking's cancellations and changes after payment, oldest first. */
  bookingChanges: { changes(orderId: string): Promise<BookingChangeView[]> };
  /** The order's claims for a lost or damaged box, with their timelines. */
  claims: { list(orderId: string): Promise<ClaimView[]> };
  /** The account an email belongs to: the search finds its orders by it. */
  accounts: { userIdOf(email: string): Promise<string | null> };
}

function summaryOf(o: OrderRow, trackingStatus: TrackingStatus | null): AdminOrderSummary {
  const contact = o.collectionAddress;
  return {
    id: o.id,
    reference: o.reference,
    status: o.status,
    trackingStatus,
    createdAt: o.createdAt.toISOString(),
    email: contact?.email ?? null,
    name: contact ? `${contact.firstName} ${contact.lastName}`.trim() : null,
    collectionPostcode: o.collectionPostcode,
    destination: findCountry(o.destinationCountryId)?.title ?? String(o.destinationCountryId),
    destinationPostcode: o.destinationPostcode,
    service: o.selectedService,
    pricePence: o.pricePence,
    failureCode: o.failureCode,
  };
}

const encodeCursor = (o: OrderRow) =>
  Buffer.from(`${o.createdAt.toISOString()}|${o.id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new ApiError(422, 'VALIDATION_FAILED', 'That page link is not valid.', {
      after: 'That page link is not valid.',
    });
  }
  return { createdAt, id };
}

/**
 * The console's reads (docs/operators.md): the dashboard, the order list and search, and the
 * order page with its timeline, each gathered from the modules that own the rows.
 */
export class AdminService {
  constructor(private readonly deps: AdminDeps) {}

  async orders(query: {
    q?: string | undefined;
    status?: OrderStatus | undefined;
    from?: string | undefined;
    to?: string | undefined;
    after?: string | undefined;
  }): Promise<{ orders: AdminOrderSummary[]; next: string | null }> {
    const to = query.to ? londonMidnight(query.to) : undefined;
    if (to) to.setUTCDate(to.getUTCDate() + 1);
    const email = query.q?.includes('@') ? query.q.trim() : undefined;
    const rows = await this.deps.orders.search({
      status: query.status,
      text: query.q,
      accountId: email ? await this.deps.accounts.userIdOf(email) : null,
      from: query.from ? londonMidnight(query.from) : undefined,
      to,
      after: query.after ? decodeCursor(query.after) : undefined,
      limit: ADMIN_ORDERS_PAGE + 1,
    });
    const page = rows.slice(0, ADMIN_ORDERS_PAGE);
    const last = page.at(-1);
    return {
      orders: await this.summaries(page),
      next: rows.length > ADMIN_ORDERS_PAGE && last ? encodeCursor(last) : null,
    };
  }

  /** Each order's line, with where its boxes are once booked (the one status every view shows). */
  private async summaries(rows: readonly OrderRow[]): Promise<AdminOrderSummary[]> {
    const tracking = await this.deps.orders.trackingStatuses(rows);
    return rows.map((row) => summaryOf(row, tracking.get(row.id) ?? null));
  }

  /** The order page: the order, its payments, refunds, audit rows and its whole timeline. */
  async order(id: string): Promise<AdminOrderDetail> {
    const o = await this.deps.orders.findById(id);
    if (!o) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    const [trackingStatus, payments, audit, { refunds, refundablePence }, items, ...rest] =
      await Promise.all([
        this.deps.orders.trackingStatus(o),
        this.deps.checkout.payments(id),
        this.deps.audit.entries(100, o.reference),
        this.deps.checkout.refunds(id),
        this.deps.orders.declaredItems(id),
        this.deps.checkout.courierExchanges(id),
        this.deps.outbox.listForOrder(id),
        this.deps.notes.listForOrder(id),
        this.deps.bookingChanges.changes(id),
        this.deps.claims.list(id),
      ]);
    const [courier, mail, notes, changes, claims] = rest;
    return {
      timeline: orderTimeline({
        order: o,
        items,
        payments,
        refunds,
        courier,
        mail,
        audit,
        notes,
        bookingChanges: changes,
        claims,
      }),
      order: orderFacts(o, items, trackingStatus),
      payments: payments.map(paymentOf),
      audit,
      refunds: refunds.map(refundOf),
      refundablePence,
    };
  }

  async dashboard(): Promise<Dashboard> {
    const now = this.deps.clock.now();
    const today = londonDate(now);
    const first = new Date(`${today}T12:00:00Z`);
    first.setUTCDate(first.getUTCDate() - 29);
    const firstDay = first.toISOString().slice(0, 10);
    const [count, attention, perDay, failed, unknown, unreadMessages] = await Promise.all([
      this.deps.orders.countByStatus('needs_attention'),
      this.deps.orders.search({ status: 'needs_attention', limit: 20 }),
      this.deps.orders.perDay(londonMidnight(firstDay)),
      this.deps.outbox.list({ status: 'failed', limit: 1000 }),
      this.deps.outbox.list({ status: 'unknown', limit: 1000 }),
      this.deps.contact.countUnread(),
    ]);
    const byDay = new Map(perDay.map((d) => [d.day, d]));
    const days = Array.from({ length: 30 }, (_, i) => {
      const d = new Date(first);
      d.setUTCDate(first.getUTCDate() + i);
      const day = d.toISOString().slice(0, 10);
      return byDay.get(day) ?? { day, orders: 0, revenuePence: 0 };
    });
    return {
      attention: { count, orders: await this.summaries(attention) },
      days,
      mail: { failed: failed.length, unknown: unknown.length },
      unreadMessages,
    };
  }
}

/** The order page's facts about the order itself. */
function orderFacts(
  o: OrderRow,
  items: readonly OrderItemRow[],
  trackingStatus: TrackingStatus | null,
): AdminOrderDetail['order'] {
  return {
    ...summaryOf(o, trackingStatus),
    failureMessage: o.failureMessage,
    courierReference: o.courierReference,
    trackingUrl: o.trackingUrl,
    collectionDate: o.collectionDate,
    smallBoxes: o.smallBoxes,
    largeBoxes: o.largeBoxes,
    totalWeightKg: o.totalWeightKg,
    collectionAddress: o.collectionAddress as Record<string, unknown> | null,
    deliveryAddress: o.deliveryAddress as Record<string, unknown> | null,
    coverPence: o.coverPence,
    coverPricePence: o.coverPricePence,
    importEstimate: importEstimateOf(o, items),
  };
}

const paymentOf = (p: PaymentRow): AdminOrderDetail['payments'][number] => ({
  attempt: p.attempt,
  kind: p.kind,
  status: p.status,
  amountPence: p.amountPence,
  provider: p.provider,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  lastError: p.lastErrorMessage,
});

const refundOf = (r: RefundRow): AdminOrderDetail['refunds'][number] => ({
  id: r.id,
  amountPence: r.amountPence,
  status: r.status,
  requestedBy: r.requestedBy,
  adminEmail: r.adminEmail,
  requesterEmail: r.requesterEmail,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  settledAt: r.settledAt?.toISOString() ?? null,
  lastError: r.lastError,
  retries: r.retries,
  note: r.note,
  resolvedByEmail: r.resolvedByEmail,
  resolvedAt: r.resolvedAt?.toISOString() ?? null,
});

/** The import charges estimate of the order's declaration, as the customer's pages work it out. */
function importEstimateOf(
  o: OrderRow,
  items: readonly { unitValuePence: number; numberOfUnits: number }[],
): AdminOrderDetail['order']['importEstimate'] {
  const code = findCountry(o.destinationCountryId)?.countryCode ?? '';
  if (!isImportChargesDestination(code)) return null;
  const estimate = estimateImportCharges({
    destination: code,
    declaredValuePence: items.reduce((sum, i) => sum + i.unitValuePence * i.numberOfUnits, 0),
    personalEffects: o.personalEffects,
  });
  return { totalPence: estimate.total, words: estimate.words, tableDate: estimate.tableDate };
}
