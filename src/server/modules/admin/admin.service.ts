import type { BookingChangeView } from '../../../domain/api/booking-changes.js';
import {
  estimateImportCharges,
  isImportChargesDestination,
} from '../../../domain/import-charges.js';
import type { AuditEntry } from '../../../domain/api/admin/audit-log.js';
import {
  COVER_MAX_MESSAGE,
  COVER_PERCENT_MESSAGE,
  type CoverSettingsVersion,
  type SaveCoverSettingsInput,
} from '../../../domain/api/admin/cover-settings.js';
import type { RatesView, RateVersion, SaveRatesInput } from '../../../domain/api/admin/rates.js';
import type { CoverSettings } from '../../../domain/pricing.js';
import { readPounds } from '../../../domain/typed-pounds.js';
import { DESTINATIONS } from '../../../domain/countries.js';
import {
  cellKey,
  parseRatesCsv,
  parsePounds,
  RATE_WEIGHTS_KG,
  rateDifferences,
  ratesToCsv,
  rateWarnings,
  sortPrices,
  type RatePrice,
} from '../../../domain/rates.js';
import { ApiError } from '../../http/errors.js';
import type { ContactService } from '../contact/index.js';
import type { MailOutbox } from '../email/index.js';
import type { Dashboard } from '../../../domain/api/admin/dashboard.js';
import type { CatalogService, CoverSettingsRow, RateVersionRow } from '../catalog/index.js';
import type { CheckoutService, Resolution } from '../checkout/index.js';
import type { OrderRow, OrdersService } from '../orders/index.js';
import { findCountry } from '../../../domain/countries.js';
import type { OrderStatus } from '../../../domain/order-states.js';
import {
  ADMIN_ORDERS_PAGE,
  type AdminOrderDetail,
  type AdminOrderSummary,
} from '../../../domain/api/admin/orders.js';
import type { RefundInput, RefundOutsideInput } from '../../../domain/api/admin/payments.js';
import type { Clock } from '../../clock.js';
import type { DbExecutor, DbTransaction } from '../../db/client.js';
import type { Operator } from './admin-guard.js';
import type { AdminRepository } from './admin.repository.js';
import type { OrderNotesRepository } from './order-notes.repository.js';
import { orderTimeline } from './order-timeline.js';
import { londonDate, londonMidnight } from '../../../domain/london-time.js';

export interface AdminDeps {
  repository: AdminRepository;
  clock: Clock;
  catalog: CatalogService;
  /** The quotes' in-memory rate tables: reloaded at once after a save. */
  rateCache: { invalidate(): void };
  orders: OrdersService;
  checkout: CheckoutService;
  contact: ContactService;
  outbox: Pick<MailOutbox, 'list' | 'listForOrder'>;
  notes: Pick<OrderNotesRepository, 'listForOrder'>;
  /** The booking's cancellations and changes after payment, oldest first. */
  bookingChanges: { changes(orderId: string): Promise<BookingChangeView[]> };
}

function summaryOf(o: OrderRow): AdminOrderSummary {
  const contact = o.collectionAddress;
  return {
    id: o.id,
    reference: o.reference,
    status: o.status,
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

const coverVersionOf = (v: CoverSettingsRow): CoverSettingsVersion => ({
  id: v.id,
  createdAt: v.createdAt.toISOString(),
  adminEmail: v.adminEmail,
  note: v.note,
  includedPence: v.includedPence,
  percentBasisPoints: v.percentBasisPoints,
  maxCoverPence: v.maxCoverPence,
});

/** The highest maximum an operator may set: the courier books no cover above £5,000. */
const MAX_COVER_SETTING_PENCE = 500_000;

/** "2", "2.5", "0.75" (a percentage, at most 2 decimals, 0 to 100) to basis points. */
export function readPercent(text: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, '').trim());
  if (!match) return undefined;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return basisPoints <= 10_000 ? basisPoints : undefined;
}

const versionOf = (v: Pick<RateVersionRow, 'id' | 'createdAt' | 'adminEmail' | 'note'>) => ({
  id: v.id,
  createdAt: v.createdAt.toISOString(),
  adminEmail: v.adminEmail,
  note: v.note,
});

/**
 * The operator console's use cases (docs/operators.md). Every action writes its audit record in
 * the same transaction as its change, so there is no change without a record.
 */
export class AdminService {
  constructor(private readonly deps: AdminDeps) {}

  /** Runs an action and its audit record in one transaction. */
  async act<T>(
    operator: Operator,
    action: string,
    subject: string,
    fn: (tx: DbTransaction) => Promise<{
      result: T;
      details?: Record<string, unknown>;
      /** A repeated request that changed nothing is not recorded again. */
      repeated?: boolean;
    }>,
  ): Promise<T> {
    return this.deps.repository.transaction(async (tx) => {
      const { result, details, repeated } = await fn(tx);
      if (!repeated) await this.record(operator, action, subject, details ?? {}, tx);
      return result;
    });
  }

  async record(
    operator: Operator,
    action: string,
    subject: string,
    details: Record<string, unknown>,
    tx?: DbExecutor,
  ): Promise<void> {
    await this.deps.repository.record(
      {
        at: this.deps.clock.now(),
        adminId: operator.id,
        adminEmail: operator.email,
        action,
        subject,
        details,
      },
      tx,
    );
  }

  async auditLog(limit: number, subject?: string): Promise<AuditEntry[]> {
    const rows = await this.deps.repository.list(limit, subject);
    return rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      adminEmail: r.adminEmail,
      action: r.action,
      subject: r.subject,
      details: r.details,
    }));
  }

  // Rates ---------------------------------------------------------------------------------------

  async rates(): Promise<RatesView> {
    const [prices, latest] = await Promise.all([
      this.deps.catalog.allPrices(),
      this.deps.catalog.latestVersion(),
    ]);
    return {
      destinations: DESTINATIONS.map((d) => ({ countryId: d.countryId, title: d.title })),
      weightsKg: [...RATE_WEIGHTS_KG],
      prices: sortPrices(prices),
      currentVersion: latest ? versionOf(latest) : null,
      warnings: rateWarnings(prices),
    };
  }

  /** Validates every cell (all problems at once, by cell key) and saves one new version. */
  async saveRates(operator: Operator, input: SaveRatesInput) {
    const fields: Record<string, string> = {};
    const destinations = new Set(DESTINATIONS.map((d) => d.countryId));
    const prices: RatePrice[] = [];
    const seen = new Set<string>();
    for (const cell of input.prices) {
      const key = cellKey(cell);
      if (
        !destinations.has(cell.destinationCountryId) ||
        !RATE_WEIGHTS_KG.includes(cell.weightKg)
      ) {
        fields[key] = 'Not a destination and weight of the rate tables';
        continue;
      }
      if (seen.has(key)) {
        fields[key] = 'This price is given twice';
        continue;
      }
      seen.add(key);
      const parsed = parsePounds(cell.price);
      if ('error' in parsed) fields[key] = parsed.error;
      else prices.push({ ...cell, pricePence: parsed.pence });
    }
    const problems = Object.keys(fields).length;
    if (problems > 0) {
      throw new ApiError(
        422,
        'VALIDATION_FAILED',
        problems === 1 ? 'One price needs correcting.' : `${problems} prices need correcting.`,
        fields,
      );
    }
    return this.saveVersion(
      operator,
      'rates.save',
      sortPrices(prices),
      input.note.trim(),
      input.basedOnVersionId,
    );
  }

  async restoreRates(operator: Operator, versionId: number, basedOnVersionId: number | null) {
    const version = await this.deps.catalog.findVersion(versionId);
    if (!version) throw new ApiError(404, 'VERSION_NOT_FOUND', 'There is no such version.');
    return this.saveVersion(
      operator,
      'rates.restore',
      version.prices,
      `Restored version ${version.id} (${version.note})`.slice(0, 500),
      basedOnVersionId,
      { restoredVersionId: version.id },
    );
  }

  private async saveVersion(
    operator: Operator,
    action: string,
    prices: readonly RatePrice[],
    note: string,
    basedOnVersionId: number | null,
    details: Record<string, unknown> = {},
  ) {
    const saved = await this.act(operator, action, 'rates', async (tx) => {
      const result = await this.deps.catalog.saveVersion(
        {
          prices,
          note,
          author: operator,
          basedOnVersionId,
          at: this.deps.clock.now(),
        },
        tx,
      );
      return {
        result,
        details: { ...details, versionId: result.version.id, note, changedPrices: result.changes },
      };
    });
    // This process's quotes use the new prices from now on; others within the cache's age.
    this.deps.rateCache.invalidate();
    return {
      version: versionOf(saved.version),
      changes: saved.changes,
      warnings: rateWarnings(prices),
    };
  }

  // Cover settings ------------------------------------------------------------------------------

  async coverSettings(): Promise<{
    current: CoverSettingsVersion | null;
    versions: CoverSettingsVersion[];
  }> {
    const rows = await this.deps.catalog.listCoverSettings(100);
    const versions = rows.map(coverVersionOf);
    return { current: versions[0] ?? null, versions };
  }

  /**
   * Saves the percentage and the maximum as a new version (the included cover is the courier's
   * and stays); audited. Orders already paid for keep their price.
   */
  async saveCoverSettings(operator: Operator, input: SaveCoverSettingsInput) {
    const percentBasisPoints = readPercent(input.percent);
    const max = readPounds(input.maxCover);
    // The included cover is the courier's own: kept as it is.
    const { includedPence } = await this.deps.catalog.coverSettings();
    const maxCoverPence =
      'pence' in max && max.pence >= includedPence && max.pence <= MAX_COVER_SETTING_PENCE
        ? max.pence
        : undefined;
    if (percentBasisPoints === undefined || maxCoverPence === undefined) {
      const fields: Record<string, string> = {
        ...(percentBasisPoints === undefined ? { percent: COVER_PERCENT_MESSAGE } : {}),
        ...(maxCoverPence === undefined ? { maxCover: COVER_MAX_MESSAGE } : {}),
      };
      throw new ApiError(422, 'VALIDATION_FAILED', Object.values(fields)[0] ?? '', fields);
    }
    return this.saveCoverVersion(
      operator,
      'cover-settings.save',
      { includedPence, percentBasisPoints, maxCoverPence },
      input.note.trim(),
      input.basedOnVersionId,
    );
  }

  async restoreCoverSettings(
    operator: Operator,
    versionId: number,
    basedOnVersionId: number | null,
  ) {
    const version = await this.deps.catalog.findCoverSettings(versionId);
    if (!version) throw new ApiError(404, 'VERSION_NOT_FOUND', 'There is no such version.');
    return this.saveCoverVersion(
      operator,
      'cover-settings.restore',
      {
        includedPence: version.includedPence,
        percentBasisPoints: version.percentBasisPoints,
        maxCoverPence: version.maxCoverPence,
      },
      `Restored version ${version.id} (${version.note})`.slice(0, 500),
      basedOnVersionId,
      { restoredVersionId: version.id },
    );
  }

  private async saveCoverVersion(
    operator: Operator,
    action: string,
    settings: CoverSettings,
    note: string,
    basedOnVersionId: number | null,
    details: Record<string, unknown> = {},
  ) {
    const saved = await this.act(operator, action, 'cover-settings', async (tx) => {
      const row = await this.deps.catalog.saveCoverSettings(
        { settings, note, author: operator, basedOnVersionId, at: this.deps.clock.now() },
        tx,
      );
      return { result: row, details: { ...details, versionId: row.id, note, ...settings } };
    });
    return { version: coverVersionOf(saved) };
  }

  async rateVersions(): Promise<(RateVersion & { changes: RateDifferenceOut[] })[]> {
    const rows = await this.deps.catalog.listVersions(100);
    return rows.map((r) => ({ ...versionOf(r), changes: r.changes }));
  }

  async ratesCsv(): Promise<string> {
    return ratesToCsv(await this.deps.catalog.allPrices());
  }

  async previewRatesImport(csv: string) {
    const parsed = parseRatesCsv(csv);
    if (!parsed.ok) {
      const message = `Line ${parsed.line}: ${parsed.reason}`;
      throw new ApiError(422, 'CSV_INVALID', message, { csv: message });
    }
    const current = await this.deps.catalog.allPrices();
    return {
      prices: parsed.prices,
      changes: rateDifferences(current, parsed.prices),
      warnings: rateWarnings(parsed.prices),
    };
  }

  // Orders --------------------------------------------------------------------------------------

  async orders(query: {
    q?: string | undefined;
    status?: OrderStatus | undefined;
    from?: string | undefined;
    to?: string | undefined;
    after?: string | undefined;
  }): Promise<{ orders: AdminOrderSummary[]; next: string | null }> {
    const to = query.to ? londonMidnight(query.to) : undefined;
    if (to) to.setUTCDate(to.getUTCDate() + 1);
    const rows = await this.deps.orders.search({
      status: query.status,
      text: query.q,
      from: query.from ? londonMidnight(query.from) : undefined,
      to,
      after: query.after ? decodeCursor(query.after) : undefined,
      limit: ADMIN_ORDERS_PAGE + 1,
    });
    const page = rows.slice(0, ADMIN_ORDERS_PAGE);
    const last = page.at(-1);
    return {
      orders: page.map(summaryOf),
      next: rows.length > ADMIN_ORDERS_PAGE && last ? encodeCursor(last) : null,
    };
  }

  async order(id: string): Promise<AdminOrderDetail> {
    const o = await this.deps.orders.findById(id);
    if (!o) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    const [payments, audit, { refunds, refundablePence }, items, courier, mail, notes, changes] =
      await Promise.all([
        this.deps.checkout.payments(id),
        this.auditLog(100, o.reference),
        this.deps.checkout.refunds(id),
        this.deps.orders.declaredItems(id),
        this.deps.checkout.courierExchanges(id),
        this.deps.outbox.listForOrder(id),
        this.deps.notes.listForOrder(id),
        this.deps.bookingChanges.changes(id),
      ]);
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
      }),
      order: {
        ...summaryOf(o),
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
      },
      payments: payments.map((p) => ({
        attempt: p.attempt,
        kind: p.kind,
        status: p.status,
        amountPence: p.amountPence,
        provider: p.provider,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
        lastError: p.lastErrorMessage,
      })),
      audit,
      refunds: refunds.map((r) => ({
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
      })),
      refundablePence,
    };
  }

  /** Booked (with the courier's reference) or not booked; recorded with the order reference. */
  async resolveOrder(operator: Operator, id: string, resolution: Resolution) {
    const existing = await this.deps.orders.findById(id);
    if (!existing) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    // Booked: the courier's labels for that reference, asked before the transaction.
    const courier =
      resolution.outcome === 'booked' && existing.status === 'needs_attention'
        ? await this.deps.checkout.fetchCourierDocuments(resolution.courierReference)
        : undefined;
    await this.act(
      operator,
      `order.resolve.${resolution.outcome}`,
      existing.reference,
      async (tx) => {
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
      },
    );
    this.deps.checkout.wake();
    return this.order(id);
  }

  /** Cancels an `authorised` order before its booking and releases the card authorisation. */
  async cancelAuthorisation(operator: Operator, id: string) {
    const existing = await this.deps.orders.findById(id);
    if (!existing) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    await this.act(operator, 'order.authorisation.cancel', existing.reference, async (tx) => {
      const result = await this.deps.checkout.cancelAuthorisation(id, tx);
      return { result, details: { status: 'booking_failed', released: result.released } };
    });
    this.deps.checkout.wake();
    return this.order(id);
  }

  /**
   * Refunds the order's captured payments in part or whole (the booking's first, then a cover
   * raise's); the same request key refunds once.
   */
  async refund(operator: Operator, id: string, input: RefundInput) {
    const existing = await this.deps.orders.findById(id);
    if (!existing) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    await this.act(operator, 'order.refund', existing.reference, async (tx) => {
      const result = await this.deps.checkout.requestRefund(
        id,
        { amount: input.amount, requestKey: input.requestKey, by: operator },
        tx,
      );
      return {
        result,
        repeated: !result.created,
        details: { refundId: result.refund.id, amountPence: result.amountPence },
      };
    });
    this.deps.checkout.wake();
    return this.order(id);
  }

  /** Sends a refund needing action (or refused) to the provider again; audited. */
  async retryRefund(operator: Operator, id: string, refundId: string) {
    const existing = await this.deps.orders.findById(id);
    if (!existing) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    await this.act(operator, 'order.refund.retry', existing.reference, async (tx) => {
      const result = await this.deps.checkout.retryRefund(id, refundId, tx);
      return {
        result,
        details: {
          refundId,
          amountPence: result.refund.amountPence,
          retries: result.refund.retries,
        },
      };
    });
    this.deps.checkout.wake();
    return this.order(id);
  }

  /** Marks a refund needing action (or refused) as refunded outside the site; audited. */
  async markRefundOutside(
    operator: Operator,
    id: string,
    refundId: string,
    input: RefundOutsideInput,
  ) {
    const existing = await this.deps.orders.findById(id);
    if (!existing) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    await this.act(operator, 'order.refund.outside', existing.reference, async (tx) => {
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
    });
    return this.order(id);
  }

  // Dashboard -----------------------------------------------------------------------------------

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
      attention: { count, orders: attention.map(summaryOf) },
      days,
      mail: { failed: failed.length, unknown: unknown.length },
      unreadMessages,
    };
  }
}

type RateDifferenceOut = ReturnType<typeof rateDifferences>[number];

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
