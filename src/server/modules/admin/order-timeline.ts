import type { ClaimView } from '#src/domain/api/claims.js';
import type { AuditEntry } from '#src/domain/api/admin/audit-log.js';
import type { TimelineEntry } from '#src/domain/api/admin/orders.js';
import type { BookingChangeView } from '#src/domain/api/booking-changes.js';
import { findCountry } from '#src/domain/countries.js';
import { formatPence } from '#src/domain/money.js';
import { SERVICE_LEVELS } from '#src/domain/quote.js';
import { mailSummaryOf, type OutboxEntry } from '../email/index.js';
import type { OrderItemRow, OrderRow } from '../orders/index.js';
import type { OrderNoteRow } from './order-notes.repository.js';

/** What the timeline is built from: the order's own times and the rows that hang on it. */
export interface TimelineSources {
  order: OrderRow;
  items: readonly OrderItemRow[];
  payments: readonly {
    attempt: number;
    kind: 'order' | 'cover';
    status: string;
    amountPence: number;
    provider: string;
    createdAt: Date;
    updatedAt: Date;
    lastErrorMessage: string | null;
  }[];
  refunds: readonly {
    amountPence: number;
    status: string;
    requestedBy: string;
    adminEmail: string | null;
    requesterEmail: string | null;
    createdAt: Date;
    updatedAt: Date;
    lastError: string | null;
    note: string | null;
    resolvedByEmail: string | null;
    resolvedAt: Date | null;
  }[];
  courier: readonly {
    operation: string;
    request: unknown;
    httpStatus: number | null;
    outcome: string;
    reply: unknown;
    error: string | null;
    durationMs: number;
    at: Date;
  }[];
  mail: readonly OutboxEntry[];
  audit: readonly AuditEntry[];
  notes: readonly OrderNoteRow[];
  /** Cancellations and changes after payment (modules/booking-changes), oldest first. */
  bookingChanges: readonly BookingChangeView[];
  /** Claims for a lost or damaged box (modules/claims), each with its own timeline. */
  claims: readonly ClaimView[];
}

const BOOKING_CHANGE_ASKED: Record<BookingChangeView['kind'], string> = {
  cancel: 'Cancellation asked',
  collection_date: 'New collection date asked',
  contact: 'New collection contact asked',
  cover: 'More cover asked',
};

/** A refund's state as the timeline says it (the retries are the audit log's entries). */
const REFUND_OUTCOME: Partial<Record<string, string>> = {
  pending: 'still with the card provider',
  succeeded: 'confirmed by the card provider',
  failed: 'refused by the card provider',
  needs_action: 'needs action: the card provider did not confirm it',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const MAIL_STATUS: Record<OutboxEntry['status'], string> = {
  pending: 'queued',
  sending: 'being sent',
  sent: 'sent',
  failed: 'failed',
  unknown: 'delivery unknown',
  held: 'held after a restore',
  discarded: 'discarded after a restore',
};

/** One entry of the timeline with its time, before they are sorted. */
interface Dated {
  at: Date;
  entry: Omit<TimelineEntry, 'at'>;
}

/** An entry at `time`; none when there is no time (a step never taken, or not yet recorded). */
const at = (time: Date | null, entry: Omit<TimelineEntry, 'at'>): Dated[] =>
  time ? [{ at: time, entry }] : [];

/**
 * The order's life, oldest first (docs/operators.md, "Orders"): the times the order row keeps
 * for each step of the journey (each the last time that step was saved), then payments, the
 * booking, refunds, changes after booking, emails, operators' actions and notes. Entries at the
 * same moment keep the order they are listed in here.
 */
export function orderTimeline(s: TimelineSources): TimelineEntry[] {
  const entries = [
    ...journeySteps(s.order, s.items),
    ...s.payments.flatMap(paymentEntries),
    ...bookingEntries(s.order, s.courier),
    ...s.refunds.flatMap(refundEntries),
    ...s.bookingChanges.flatMap(bookingChangeEntries),
    ...s.claims.flatMap(claimEntries),
    ...s.mail.flatMap(emailEntries),
    ...operatorEntries(s.audit, s.notes),
  ];
  return entries
    .map((e, index) => ({ ...e, index }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.index - b.index)
    .map(({ at, entry }) => ({ at: at.toISOString(), ...entry }));
}

/** The customer's steps, from the order row's own times. */
function journeySteps(order: OrderRow, items: TimelineSources['items']): Dated[] {
  const destination = findCountry(order.destinationCountryId)?.title ?? 'abroad';
  const step = (time: Date | null, text: string) => at(time, { kind: 'order', text });
  const collection = order.collectionAddress;
  const delivery = order.deliveryAddress;
  const price = order.pricePence === null ? '' : ` at ${formatPence(order.pricePence)}`;
  const units = items.reduce((sum, i) => sum + i.numberOfUnits, 0);
  const value = items.reduce((sum, i) => sum + i.numberOfUnits * i.unitValuePence, 0);
  return [
    ...step(
      order.createdAt,
      `Order made (first quote): ${plural(order.smallBoxes, 'small box', 'small boxes')} and ${plural(order.largeBoxes, 'large box', 'large boxes')} (${order.totalWeightKg} kg), ${order.collectionPostcode} to ${destination} ${order.destinationPostcode}`,
    ),
    ...(order.selectedService
      ? step(
          order.serviceChosenAt,
          `Service chosen: ${SERVICE_LEVELS[order.selectedService].name}${price}`,
        )
      : []),
    ...(collection
      ? step(
          order.collectionAddressSavedAt,
          `Collection address saved: ${collection.firstName} ${collection.lastName}, ${collection.city} ${collection.postcode}, ${collection.email}`,
        )
      : []),
    ...(delivery
      ? step(
          order.deliveryAddressSavedAt,
          `Delivery address saved: ${delivery.firstName} ${delivery.lastName}, ${delivery.city} ${delivery.postcode}`,
        )
      : []),
    ...(order.collectionDate
      ? step(order.collectionDateChosenAt, `Collection date chosen: ${order.collectionDate}`)
      : []),
    ...step(
      order.personalEffectsSetAt,
      order.personalEffects
        ? 'Declared as personal effects (the recipient’s own used belongings)'
        : 'Declared as a gift (personal effects switched off)',
    ),
    ...step(
      order.declaredAt,
      `Items declared: ${plural(items.length, 'line')}, ${plural(units, 'unit')}, worth ${formatPence(value)}`,
    ),
    ...step(
      order.termsAcceptedAt,
      'Terms accepted at the payment step (nothing prohibited inside)',
    ),
  ];
}

/** A payment attempt started, and its state when it last changed. */
function paymentEntries(p: TimelineSources['payments'][number]): Dated[] {
  const name = p.kind === 'cover' ? 'Payment for more cover' : `Payment attempt ${p.attempt}`;
  return [
    ...at(p.createdAt, {
      kind: 'payment',
      text: `${name} started (${formatPence(p.amountPence)}, ${p.provider})`,
    }),
    ...(p.updatedAt.getTime() !== p.createdAt.getTime()
      ? at(p.updatedAt, {
          kind: 'payment',
          text: `${name} is ${p.status}${p.lastErrorMessage ? `: ${p.lastErrorMessage}` : ''}`,
        })
      : []),
  ];
}

/** The booking: started, each courier exchange, booked. */
function bookingEntries(order: OrderRow, courier: TimelineSources['courier']): Dated[] {
  return [
    ...at(order.bookingStartedAt, {
      kind: 'order',
      text: 'Booking started: the courier is being called',
    }),
    ...courier.flatMap((c) => {
      const how = [
        c.httpStatus === null ? 'no reply' : `HTTP ${c.httpStatus}`,
        `${c.durationMs} ms`,
      ];
      return at(c.at, {
        kind: 'courier',
        text: `Courier ${c.operation}: ${c.outcome} (${how.join(', ')})${c.error ? `: ${c.error}` : ''}`,
        courier: {
          operation: c.operation,
          httpStatus: c.httpStatus,
          outcome: c.outcome,
          durationMs: c.durationMs,
          request: c.request,
          reply: c.reply,
          error: c.error,
        },
      });
    }),
    ...at(order.bookedAt, {
      kind: 'order',
      text: `Booked${order.courierReference ? `: courier reference ${order.courierReference}` : ''}`,
    }),
  ];
}

/** A refund asked, by whom, and its outcome (each retry is the audit log's `order.refund.retry`). */
function refundEntries(r: TimelineSources['refunds'][number]): Dated[] {
  const who =
    r.requestedBy === 'operator'
      ? (r.adminEmail ?? 'an operator')
      : r.requestedBy === 'customer'
        ? `the customer${r.requesterEmail ? ` (${r.requesterEmail})` : ''}`
        : 'the site';
  const refund = `Refund of ${formatPence(r.amountPence)}`;
  const asked = at(r.createdAt, { kind: 'payment', text: `${refund} asked by ${who}` });
  if (r.status === 'refunded_outside' && r.resolvedAt) {
    // Who marked it and why.
    return [
      ...asked,
      ...at(r.resolvedAt, {
        kind: 'payment',
        text: `${refund} marked refunded outside the site by ${r.resolvedByEmail ?? 'an operator'}: ${r.note ?? ''}`,
      }),
    ];
  }
  if (r.updatedAt.getTime() === r.createdAt.getTime()) return asked;
  return [
    ...asked,
    ...at(r.updatedAt, {
      kind: 'payment',
      text: `${refund} ${REFUND_OUTCOME[r.status] ?? r.status}${r.lastError ? `: ${r.lastError}` : ''}`,
    }),
  ];
}

/** Who cancelled or changed the booking, and what the courier answered. */
function bookingChangeEntries(c: BookingChangeView): Dated[] {
  const who = c.by === 'operator' ? `operator ${c.byEmail ?? ''}`.trim() : 'the customer';
  return [
    ...at(new Date(c.at), {
      kind: c.by === 'operator' ? 'operator' : 'order',
      text: `${BOOKING_CHANGE_ASKED[c.kind]} by ${who}`,
    }),
    ...(c.status !== 'pending' && c.status !== 'awaiting_payment'
      ? at(new Date(c.updatedAt), {
          kind: 'courier',
          text: `${c.summary}${c.courierAnswer ? `: ${c.courierAnswer}` : ''}`,
        })
      : []),
  ];
}

/**
 * A claim's steps the customer or the site took (opened, answered, paid by the card refund); the
 * operators' actions on it are the audit log's `claim.*` entries.
 */
function claimEntries(c: ClaimView): Dated[] {
  return c.events
    .filter((e) => e.by !== 'operator')
    .flatMap((e) =>
      at(new Date(e.at), {
        kind: e.by === 'site' ? 'payment' : 'order',
        text: `Claim for box ${c.boxNumber} (${c.kind}): ${e.kind === 'customer_message' ? `the customer answered: ${e.text}` : e.text}`,
      }),
    );
}

/** An email about the order, from the outbox. */
function emailEntries(m: OutboxEntry): Dated[] {
  return at(m.createdAt, {
    kind: 'email',
    text: `Email ${MAIL_STATUS[m.status]}: “${m.subject}” to ${m.to}${m.serverQueueId ? ` (mail server queue id ${m.serverQueueId})` : ''}${m.lastError ? ` (${m.lastError})` : ''}`,
    email: mailSummaryOf(m),
  });
}

/**
 * Every operator action as the audit log recorded it (`order.note` included: the note's own
 * entry then shows what was written), and each note.
 */
function operatorEntries(
  audit: TimelineSources['audit'],
  notes: TimelineSources['notes'],
): Dated[] {
  return [
    ...audit.flatMap((a) =>
      at(new Date(a.at), {
        kind: 'operator',
        text: `${a.adminEmail}: ${a.action}${detailsText(a.details)}`,
      }),
    ),
    ...notes.flatMap((n) =>
      at(n.createdAt, { kind: 'note', text: `Note by ${n.adminEmail}: ${n.body}` }),
    ),
  ];
}

/** An action's details in words; the reason an operator gave last, as they wrote it. */
function detailsText(details: Record<string, unknown>): string {
  const { reason, ...rest } = details;
  const parts = Object.entries(rest)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([key, value]) => `${key} ${String(value)}`);
  const listed = parts.length > 0 ? ` (${parts.join(', ')})` : '';
  return typeof reason === 'string' ? `${listed}. Reason: ${reason}` : listed;
}
