import { londonAt, londonDate } from '#src/domain/london-time.js';
import {
  COLLECTED_OR_LATER,
  orderTrackingStatus,
  TRACKING_STATUS_REGISTRY,
  trackingFinished,
  type ShipmentFlag,
  type TrackingEmailKind,
  type TrackingStatus,
} from '#src/domain/tracking.js';
import type { ShipmentTracking } from '../../providers/courier/courier-provider.js';
import {
  collectionMissed,
  END_OF_DAY_CHECK,
  nextWakeAt,
  reminderDueAt,
  type ScheduleState,
} from './poll-schedule.js';
import type { TrackingEmailSubject } from '../email/index.js';
import type {
  ParcelRow,
  ShipmentChanges,
  ShipmentRow,
  TrackingEventRow,
} from './tracking.repository.js';

/**
 * What a courier's answer does to a shipment, step by step, with no I/O (docs/tracking.md): the
 * events it stores, the boxes' and the shipment's statuses they give, the emails those call for,
 * and the shipment's new state and next wake. `TrackingService.record` runs the steps under the
 * shipment's lock, in this order.
 */

export const DAY_MS = 86_400_000;

/** Every event of the courier's answer as a row, each once (it repeats them, even within one). */
export function eventRows(
  orderId: string,
  tracking: ShipmentTracking,
  recordedAt: Date,
): TrackingEventRow[] {
  const rows = tracking.parcels.flatMap((parcel) =>
    parcel.events.map((event) => ({
      orderId,
      parcelReference: parcel.parcelReference,
      courierCode: event.courierCode,
      at: event.at,
      status: event.status,
      recognised: event.recognised,
      description: event.description,
      location: event.location ?? null,
      reason: event.reason ?? null,
      recordedAt,
    })),
  );
  return dedupe(rows);
}

/**
 * Each box of the courier's answer with the status of its latest event since the last
 * rebooking (`booked` before any); a box keeps its number once it has one.
 */
export function parcelsFrom(
  shipment: ShipmentRow,
  tracking: ShipmentTracking,
  events: readonly TrackingEventRow[],
  known: readonly ParcelRow[],
): ParcelRow[] {
  const positions = new Map(known.map((p) => [p.parcelReference, p.position]));
  return tracking.parcels.map((parcel, index) => {
    const latest = sinceRebooking(shipment, events)
      .filter((e) => e.parcelReference === parcel.parcelReference)
      .at(-1);
    return {
      orderId: shipment.orderId,
      parcelReference: parcel.parcelReference,
      position: positions.get(parcel.parcelReference) ?? index + 1,
      status: latest?.status ?? 'booked',
      reason: latest?.reason ?? null,
    };
  });
}

/** The shipment as its events now say it is. */
export interface ShipmentState {
  status: TrackingStatus;
  /** A box has had an event only a collected box has, since the last rebooking. */
  collected: boolean;
  /** When the collection was found missed; null once collected. */
  missedAt: Date | null;
  lastEventAt: Date | null;
  /** Every box has reached an end (delivered, returned…): polling stops. */
  finished: boolean;
  /** The courier has said nothing new for too long: polling stops, loudly. */
  silent: boolean;
  flag: ShipmentFlag | null;
  /** The day-before reminder is due now. */
  reminderDue: boolean;
}

/** Derives the shipment's status, whether it was collected or missed, and whether it stops. */
export function shipmentState(
  shipment: ShipmentRow,
  facts: {
    parcels: readonly ParcelRow[];
    fresh: readonly TrackingEventRow[];
    events: readonly TrackingEventRow[];
    /** The courier answered this time. */
    polled: boolean;
    now: Date;
    silentDays: number;
  },
): ShipmentState {
  const { now } = facts;
  const statuses = facts.parcels.map((p) => p.status);
  const collected = sinceRebooking(shipment, facts.events).some((e) =>
    COLLECTED_OR_LATER.includes(e.status),
  );
  let status = orderTrackingStatus(statuses);
  let missedAt = shipment.missedAt;
  const schedule = scheduleOf(shipment);
  if (collected) {
    missedAt = null;
  } else if (
    !missedAt &&
    (status === 'collection_missed' || collectionMissed(schedule, now, facts.polled))
  ) {
    missedAt = now;
  }
  if (missedAt && !collected && status !== 'cancelled') status = 'collection_missed';
  const lastEventAt = latestOf(shipment.lastEventAt, facts.fresh);
  const finished = trackingFinished(statuses);
  const quietSince = Math.max(
    (lastEventAt ?? shipment.createdAt).getTime(),
    londonAt(shipment.collectionDate, END_OF_DAY_CHECK).getTime(),
  );
  const silent = !finished && now.getTime() - quietSince > facts.silentDays * DAY_MS;
  const reminderAt = reminderDueAt(schedule);
  return {
    status,
    collected,
    missedAt,
    lastEventAt,
    finished,
    silent,
    flag: silent ? 'silent' : flagOf(status),
    reminderDue: !!reminderAt && reminderAt <= now && !missedAt && status === 'booked',
  };
}

function flagOf(status: TrackingStatus): ShipmentFlag | null {
  if (status === 'collection_missed') return 'collection_missed';
  if (status === 'exception') return 'exception';
  return null;
}

/** One tracking email the shipment's progress calls for, once per `occasion`. */
export interface TrackingEmailDue {
  kind: TrackingEmailKind;
  occasion: string;
  extra?: Partial<TrackingEmailSubject>;
}

/**
 * The emails this answer calls for (docs/tracking.md, "Emails"): a change of the order's status
 * sends the email its record names, if any (so a box out for delivery sends nothing while another
 * is held by customs, and answers that arrive together send only where the order now stands),
 * then the day-before reminder. Each goes at most once per order and status (`occasionOf`).
 * Whether the customer turned a kind off is decided when it is sent.
 */
export function emailsDue(
  shipment: ShipmentRow,
  state: ShipmentState,
  facts: {
    parcels: readonly ParcelRow[];
    newDates: { date: string; url: string }[];
    now: Date;
  },
): TrackingEmailDue[] {
  const due: TrackingEmailDue[] = [];
  const kind =
    state.status === shipment.status ? null : TRACKING_STATUS_REGISTRY[state.status].email;
  if (kind) {
    due.push({
      kind,
      occasion: occasionOf(kind, shipment, facts.now),
      extra: extraOf(kind, state, facts),
    });
  }
  if (state.reminderDue) due.push({ kind: 'reminder', occasion: shipment.collectionDate });
  return due;
}

/**
 * What makes an email the same email (its idempotency key's last part): once per order for each
 * status, but a missed collection once per collection date (a rebooked one may be missed again)
 * and out for delivery once a day (a new attempt after a failed one is a new day's news).
 */
function occasionOf(kind: TrackingEmailKind, shipment: ShipmentRow, now: Date): string {
  if (kind === 'out_for_delivery') return londonDate(now);
  if (kind === 'collection_missed' || kind === 'reminder') return shipment.collectionDate;
  return 'order';
}

/** A problem's email names the first box at it (and the courier's reason); a miss, its new dates. */
function extraOf(
  kind: TrackingEmailKind,
  state: ShipmentState,
  facts: { parcels: readonly ParcelRow[]; newDates: { date: string; url: string }[] },
): Partial<TrackingEmailSubject> | undefined {
  if (kind === 'collection_missed') return { newDates: facts.newDates };
  if (TRACKING_STATUS_REGISTRY[state.status].tone !== 'attention') return undefined;
  const box = facts.parcels.find((p) => p.status === state.status);
  if (!box) return undefined;
  return { box: { number: box.position, trackingNumber: box.parcelReference, reason: box.reason } };
}

/** The shipment's new row: its state, the poll's outcome, and when it is next woken (if ever). */
export function shipmentChanges(
  shipment: ShipmentRow,
  state: ShipmentState,
  poll: { pollWasDue: boolean; pollError: string | undefined; abandonedRebooking: boolean },
  now: Date,
): ShipmentChanges {
  const stops = state.finished || state.silent;
  const changes: ShipmentChanges = {
    ...(poll.abandonedRebooking ? { rebookingDate: null } : {}),
    status: state.status,
    flag: state.flag,
    missedAt: state.missedAt,
    lastEventAt: state.lastEventAt,
    reminderSentFor: state.reminderDue ? shipment.collectionDate : shipment.reminderSentFor,
    updatedAt: now,
    ...(poll.pollWasDue
      ? { lastPolledAt: now, polls: shipment.polls + 1, lastError: poll.pollError ?? null }
      : {}),
    ...(stops ? { stoppedAt: now } : {}),
  };
  const next = { ...shipment, ...changes } as ShipmentRow;
  changes.nextPollAt = stops
    ? null
    : nextWakeAt({ ...scheduleOf(next), lastPollFailed: !!poll.pollError });
  return changes;
}

/** The events since the shipment's last rebooking (all of them when it was never rebooked). */
export function sinceRebooking(
  shipment: ShipmentRow,
  events: readonly TrackingEventRow[],
): TrackingEventRow[] {
  return events.filter((e) => !shipment.rebookedAt || e.at > shipment.rebookedAt);
}

/** The courier repeats every event in every answer, and may repeat one within an answer. */
function dedupe(rows: TrackingEventRow[]): TrackingEventRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.parcelReference}\u0000${r.courierCode}\u0000${r.at.toISOString()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function latestOf(current: Date | null, fresh: readonly TrackingEventRow[]): Date | null {
  let latest = current;
  for (const event of fresh) if (!latest || event.at > latest) latest = event.at;
  return latest;
}

export function scheduleOf(row: ShipmentRow): ScheduleState {
  return {
    status: row.status,
    collectionDate: row.collectionDate,
    expectedDelivery: row.expectedDelivery,
    createdAt: row.createdAt,
    lastPolledAt: row.lastPolledAt,
    lastPollFailed: row.lastError !== null,
    missedAt: row.missedAt,
    stoppedAt: row.stoppedAt,
    reminderSentFor: row.reminderSentFor,
  };
}
