import type { AuditEntry } from '../../../domain/api/admin/audit-log.js';
import type { TimelineEntry } from '../../../domain/api/admin/orders.js';
import type { BookingChangeView } from '../../../domain/api/booking-changes.js';
import { findCountry } from '../../../domain/countries.js';
import { formatPence } from '../../../domain/money.js';
import { SERVICE_LEVELS } from '../../../domain/quote.js';
import type { OutboxEntry } from '../email/index.js';
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
};

/**
 * The order's life, oldest first (docs/operators.md, "Orders"): the times the order row keeps
 * for each step of the journey (each the last time that step was saved), then payments, refunds,
 * courier exchanges, emails, operators' actions and notes. Entries at the same moment keep the
 * order they are listed in here.
 */
export function orderTimeline(s: TimelineSources): TimelineEntry[] {
  const { order } = s;
  const entries: { at: Date; entry: Omit<TimelineEntry, 'at'> }[] = [];
  const add = (at: Date | null, entry: Omit<TimelineEntry, 'at'>) => {
    if (at) entries.push({ at, entry });
  };
  const destination = findCountry(order.destinationCountryId)?.title ?? 'abroad';

  add(order.createdAt, {
    kind: 'order',
    text: `Order made (first quote): ${plural(order.smallBoxes, 'small box', 'small boxes')} and ${plural(order.largeBoxes, 'large box', 'large boxes')} (${order.totalWeightKg} kg), ${order.collectionPostcode} to ${destination} ${order.destinationPostcode}`,
  });
  if (order.selectedService) {
    const price = order.pricePence === null ? '' : ` at ${formatPence(order.pricePence)}`;
    add(order.serviceChosenAt, {
      kind: 'order',
      text: `Service chosen: ${SERVICE_LEVELS[order.selectedService].name}${price}`,
    });
  }
  if (order.collectionAddress) {
    const a = order.collectionAddress;
    add(order.collectionAddressSavedAt, {
      kind: 'order',
      text: `Collection address saved: ${a.firstName} ${a.lastName}, ${a.city} ${a.postcode}, ${a.email}`,
    });
  }
  if (order.deliveryAddress) {
    const a = order.deliveryAddress;
    add(order.deliveryAddressSavedAt, {
      kind: 'order',
      text: `Delivery address saved: ${a.firstName} ${a.lastName}, ${a.city} ${a.postcode}`,
    });
  }
  if (order.collectionDate) {
    add(order.collectionDateChosenAt, {
      kind: 'order',
      text: `Collection date chosen: ${order.collectionDate}`,
    });
  }
  add(order.personalEffectsSetAt, {
    kind: 'order',
    text: order.personalEffects
      ? 'Declared as personal effects (the recipient’s own used belongings)'
      : 'Declared as a gift (personal effects switched off)',
  });
  if (order.declaredAt) {
    const units = s.items.reduce((sum, i) => sum + i.numberOfUnits, 0);
    const value = s.items.reduce((sum, i) => sum + i.numberOfUnits * i.unitValuePence, 0);
    add(order.declaredAt, {
      kind: 'order',
      text: `Items declared: ${plural(s.items.length, 'line')}, ${plural(units, 'unit')}, worth ${formatPence(value)}`,
    });
  }
  add(order.termsAcceptedAt, {
    kind: 'order',
    text: 'Terms accepted at the payment step (nothing prohibited inside)',
  });

  for (const p of s.payments) {
    const name = p.kind === 'cover' ? 'Payment for more cover' : `Payment attempt ${p.attempt}`;
    add(p.createdAt, {
      kind: 'payment',
      text: `${name} started (${formatPence(p.amountPence)}, ${p.provider})`,
    });
    if (p.updatedAt.getTime() !== p.createdAt.getTime()) {
      add(p.updatedAt, {
        kind: 'payment',
        text: `${name} is ${p.status}${p.lastErrorMessage ? `: ${p.lastErrorMessage}` : ''}`,
      });
    }
  }

  add(order.bookingStartedAt, {
    kind: 'order',
    text: 'Booking started: the courier is being called',
  });
  for (const c of s.courier) {
    const how = [c.httpStatus === null ? 'no reply' : `HTTP ${c.httpStatus}`, `${c.durationMs} ms`];
    add(c.at, {
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
  }
  if (order.bookedAt) {
    add(order.bookedAt, {
      kind: 'order',
      text: `Booked${order.courierReference ? `: courier reference ${order.courierReference}` : ''}`,
    });
  }

  for (const r of s.refunds) {
    const who =
      r.requestedBy === 'operator'
        ? (r.adminEmail ?? 'an operator')
        : r.requestedBy === 'customer'
          ? `the customer${r.requesterEmail ? ` (${r.requesterEmail})` : ''}`
          : 'the site';
    add(r.createdAt, {
      kind: 'payment',
      text: `Refund of ${formatPence(r.amountPence)} asked by ${who}`,
    });
    if (r.status === 'refunded_outside' && r.resolvedAt) {
      // Who marked it and why; each retry is the audit log's `order.refund.retry` entry.
      add(r.resolvedAt, {
        kind: 'payment',
        text: `Refund of ${formatPence(r.amountPence)} marked refunded outside the site by ${r.resolvedByEmail ?? 'an operator'}: ${r.note ?? ''}`,
      });
    } else if (r.updatedAt.getTime() !== r.createdAt.getTime()) {
      add(r.updatedAt, {
        kind: 'payment',
        text: `Refund of ${formatPence(r.amountPence)} ${REFUND_OUTCOME[r.status] ?? r.status}${r.lastError ? `: ${r.lastError}` : ''}`,
      });
    }
  }

  // Who cancelled or changed the booking, and what the courier answered.
  for (const c of s.bookingChanges) {
    const who = c.by === 'operator' ? `operator ${c.byEmail ?? ''}`.trim() : 'the customer';
    add(new Date(c.at), {
      kind: c.by === 'operator' ? 'operator' : 'order',
      text: `${BOOKING_CHANGE_ASKED[c.kind]} by ${who}`,
    });
    if (c.status !== 'pending' && c.status !== 'awaiting_payment') {
      add(new Date(c.updatedAt), {
        kind: 'courier',
        text: `${c.summary}${c.courierAnswer ? `: ${c.courierAnswer}` : ''}`,
      });
    }
  }

  for (const m of s.mail) {
    add(m.createdAt, {
      kind: 'email',
      text: `Email ${MAIL_STATUS[m.status]}: “${m.subject}” to ${m.to}${m.serverQueueId ? ` (mail server queue id ${m.serverQueueId})` : ''}${m.lastError ? ` (${m.lastError})` : ''}`,
      email: {
        id: m.id,
        kind: m.kind,
        to: m.to,
        subject: m.subject,
        status: m.status,
        attempts: m.attempts,
        sentAt: m.sentAt?.toISOString() ?? null,
        lastError: m.lastError,
        serverQueueId: m.serverQueueId,
      },
    });
  }

  // Every operator action as the audit log recorded it (`order.note` included: the note's own
  // entry below then shows what was written).
  for (const a of s.audit) {
    add(new Date(a.at), {
      kind: 'operator',
      text: `${a.adminEmail}: ${a.action}${detailsText(a.details)}`,
    });
  }
  for (const n of s.notes) {
    add(n.createdAt, { kind: 'note', text: `Note by ${n.adminEmail}: ${n.body}` });
  }

  return entries
    .map((e, index) => ({ ...e, index }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.index - b.index)
    .map(({ at, entry }) => ({ at: at.toISOString(), ...entry }));
}

function detailsText(details: Record<string, unknown>): string {
  const parts = Object.entries(details)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([key, value]) => `${key} ${String(value)}`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}
