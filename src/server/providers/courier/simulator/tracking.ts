/**
 * What happens to each box of an order the simulator booked, derived from its clock: the
 * events TrackOrder answers and the tracking page shows (docs/providers.md, "TrackOrder").
 *
 * A box is booked → collected on the collection day (09:00–17:30, UK time) → at the carrier's UK
 * hub → departed the UK → arrived in the destination country → out for delivery → delivered,
 * on working days (Monday to Friday) after the collection day, as many as the longest transit
 * time of its service. An order's scenario changes one box's journey (or every box's, for a
 * missed collection): held by customs, a failed delivery tried again, a return to the sender,
 * an event code the client does not know, or no events at all. Boxes of one order are a few
 * minutes apart, and diverge where the scenario says.
 *
 * A rebooked collection starts the journey again from the new date; a missed collection misses
 * only the date first booked. A cancelled booking's journey ends at its cancellation.
 */
import { londonClock, londonMidnight } from '#src/domain/london-time.js';
import type { PdfAddress } from './documents.pdf.js';
import { parcelReference } from './parcel-reference.js';

export const SCENARIOS = [
  'normal',
  'collection_missed',
  'customs_hold',
  'delivery_failed',
  'returned',
  'unknown_event',
  'silent',
  'lost',
  'damaged',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** An order's scenario; `parcel` (1, 2, …) is the box it applies to (see `appliesTo`). */
export interface Scenario {
  name: ScenarioName;
  parcel?: number;
}

/** Every code the simulator sends that the client's table knows (transglobal/tracking-codes.ts). */
export const SIMULATOR_EVENT_CODES = [
  'BOOKED',
  'COLLECTION_REBOOKED',
  'COLLECTED',
  'COLLECTION_MISSED',
  'AT_HUB',
  'DEPARTED',
  'ARRIVED',
  'CUSTOMS_HOLD',
  'CUSTOMS_CLEARED',
  'OUT_FOR_DELIVERY',
  'DELIVERY_FAILED',
  'DELIVERED',
  'RETURNED',
  'CANCELLED',
  'LOST',
] as const;
/** The code of the `unknown_event` scenario: deliberately in no table of ours. */
export const UNKNOWN_EVENT_CODE = 'MISROUTED';
export type SimulatorEventCode = (typeof SIMULATOR_EVENT_CODES)[number] | typeof UNKNOWN_EVENT_CODE;

export interface SimulatorEvent {
  code: SimulatorEventCode;
  description: string;
  location: string;
  at: Date;
  reason?: string;
}

export interface ParcelTimeline {
  /** 1, 2, … as booked. */
  piece: number;
  parcelReference: string;
  events: SimulatorEvent[];
  /** When the box is (or will be) collected; undefined while no collection will happen. */
  collectedAt?: Date;
}

/** Who the driver asks for at the collection address. */
export interface SimulatorContact {
  name: string;
  phone: string;
  email: string;
}

/**
 * A collection changed, and when that was asked: moved to another day or time, and/or given
 * another contact or driver instructions (only what changed is kept; the date and time are
 * always the ones in force after it).
 */
export interface CollectionMove {
  collectionDate: string;
  readyFrom: string;
  at: Date;
  contact?: SimulatorContact;
  instructions?: string;
  /** The cover from now on, in pounds (a raise after booking). */
  coverValue?: number;
}

/** A booking cancelled before collection: when, and how many CancelShipment calls it answered. */
export interface Cancellation {
  at: Date;
  /** SUCCESS answers to CancelShipment for this order: the first, and every repeat. */
  count: number;
}

/** What the journey needs to know of a booked order. */
export interface TrackedOrder {
  airWaybill: string;
  bookedAt: Date;
  /** As first booked. */
  collectionDate: string;
  readyFrom: string;
  /** The service's transit time, working days, as the quote says it ("1-2"). */
  transit: string;
  carrierName: string;
  from: PdfAddress;
  to: PdfAddress;
  packageCount: number;
  /** Oldest first; the collection is on the last one's date. */
  rebookings: CollectionMove[];
  scenario: Scenario;
  /** Set once cancelled: the journey ends there. */
  cancellation?: Cancellation;
}

export const CUSTOMS_REASON =
  'Customs need the recipient’s passport or ID and a list of the contents with their values';
export const FIRST_ATTEMPT_REASON = 'Nobody was at the address to receive it; a card was left';
export const SECOND_ATTEMPT_REASON = 'Nobody was at the address again';
export const RETURN_REASON = 'Not delivered after two attempts';
export const MISSED_REASON = 'The driver could not collect the boxes';
export const LOST_REASON = 'Lost in transit: the courier has stopped searching for this box';
export const DAMAGED_REASON = 'Delivered with the box and its contents damaged';
/**
 * The `lost` scenario: the box goes quiet after leaving the UK, and the courier declares it lost
 * this many working days after its expected delivery day.
 */
export const LOST_DECLARED_AFTER_WORKING_DAYS = 12;

const HUBS: Record<string, string> = {
  DHL: 'East Midlands',
  UPS: 'Tamworth',
  Parcelforce: 'Coventry',
};

export function isWeekend(isoDate: string): boolean {
  const day = new Date(`${isoDate}T12:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

/** The working day (Monday to Friday) `days` working days after a date. */
export function workingDaysAfter(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  let added = 0;
  while (added < days) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) added++;
  }
  return date.toISOString().slice(0, 10);
}

/** The longest transit time of an estimate ("1-2" → 2, "1" → 1); 3 when it says none. */
export function transitDays(estimate: string): number {
  const longest = Number(estimate.split('-').pop());
  return Number.isInteger(longest) && longest > 0 ? longest : 3;
}

/** Whether the scenario applies to box `index` (0-based): its `parcel`, else every box for a
 * missed collection and the first box otherwise. */
export function appliesTo(scenario: Scenario, index: number): boolean {
  if (scenario.parcel !== undefined) return scenario.parcel === index + 1;
  return scenario.name === 'collection_missed' || index === 0;
}

function minutesOf(time: string): number | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** An instant from a UK calendar date and minutes after its midnight (working days only, so
 * never a clock change day). */
function at(date: string, minutes: number): Date {
  return new Date(londonMidnight(date).getTime() + minutes * 60_000);
}

const hm = (h: number, m: number) => h * 60 + m;
const OPENS = hm(9, 0);
const LAST_COLLECTION = hm(17, 20);
const MISSED_AT = hm(17, 45);

/** When a box is collected on its day: some time after it is ready, inside the window. */
function collectionMinutes(readyFrom: string, index: number): number {
  const ready = Math.max(minutesOf(readyFrom) ?? OPENS, OPENS);
  return Math.min(ready + 150, LAST_COLLECTION) + index;
}

/** "United Kingdom (Mainland)" → "United Kingdom". */
function countryName(title: string): string {
  return title.replace(/\s*\(.*\)\s*$/, '');
}

/** Where a box's journey passes: its collection, the carrier's UK hub, its destination. */
interface Places {
  from: string;
  hub: string;
  toCountry: string;
  to: string;
}

/**
 * The journey of one box from its collection to its end, as its scenario says: out of the UK →
 * at the destination (customs, an event code we do not know) → the last mile (delivered, or
 * attempts and a return). `o`: a few minutes apart per box.
 */
function journey(
  order: TrackedOrder,
  index: number,
  day: string,
  collectedAt: Date,
): SimulatorEvent[] {
  const o = index * 4;
  const scenario = appliesTo(order.scenario, index) ? order.scenario.name : 'normal';
  const toCountry = countryName(order.to.country);
  const places: Places = {
    from: `${order.from.city}, ${countryName(order.from.country)}`,
    hub: `${HUBS[order.carrierName] ?? 'East Midlands'}, United Kingdom`,
    toCountry,
    to: `${order.to.city}, ${toCountry}`,
  };
  const days = transitDays(order.transit);
  const arrival = workingDaysAfter(day, Math.max(1, days - 1));
  if (scenario === 'lost') {
    // Collected, through the hub and out of the UK; then nothing, until the courier says lost.
    const declared = workingDaysAfter(
      workingDaysAfter(day, days),
      LOST_DECLARED_AFTER_WORKING_DAYS,
    );
    return [
      ...outOfTheUk(places, day, arrival, collectedAt, o).filter((e) => e.code !== 'ARRIVED'),
      {
        code: 'LOST',
        description: 'Lost in transit',
        location: places.hub,
        at: at(declared, hm(10, 0) + o),
        reason: LOST_REASON,
      },
    ];
  }
  const there = atDestination(scenario, toCountry, arrival, o);
  return [
    ...outOfTheUk(places, day, arrival, collectedAt, o),
    ...there.events,
    ...lastMile(scenario, places.to, there.deliveryDay ?? workingDaysAfter(day, days), o),
  ];
}

/** Collected, through the UK hub, out of the UK and arrived in the destination country. */
function outOfTheUk(
  places: Places,
  day: string,
  arrival: string,
  collectedAt: Date,
  o: number,
): SimulatorEvent[] {
  return [
    {
      code: 'COLLECTED',
      description: `Collected from ${places.from}`,
      location: places.from,
      at: collectedAt,
    },
    {
      code: 'AT_HUB',
      description: 'Arrived at the carrier’s UK hub',
      location: places.hub,
      at: at(day, hm(20, 40) + o),
    },
    {
      code: 'DEPARTED',
      description: 'Departed the UK',
      location: places.hub,
      at: at(day, hm(23, 15) + o),
    },
    {
      code: 'ARRIVED',
      description: `Arrived in ${places.toCountry}`,
      location: places.toCountry,
      at: at(arrival, hm(5, 20) + o),
    },
  ];
}

/**
 * What happens in the destination country before delivery: a customs hold (cleared two working
 * days later, which moves the delivery day), or an event code we do not know.
 */
function atDestination(
  scenario: ScenarioName,
  toCountry: string,
  arrival: string,
  o: number,
): { events: SimulatorEvent[]; deliveryDay?: string } {
  if (scenario === 'customs_hold') {
    const cleared = workingDaysAfter(arrival, 2);
    return {
      events: [
        {
          code: 'CUSTOMS_HOLD',
          description: 'Held by customs',
          location: toCountry,
          at: at(arrival, hm(6, 50) + o),
          reason: CUSTOMS_REASON,
        },
        {
          code: 'CUSTOMS_CLEARED',
          description: 'Cleared by customs',
          location: toCountry,
          at: at(cleared, hm(11, 30) + o),
        },
      ],
      deliveryDay: workingDaysAfter(cleared, 1),
    };
  }
  if (scenario === 'unknown_event') {
    return {
      events: [
        {
          code: UNKNOWN_EVENT_CODE,
          description: 'Misrouted: the box is being sent on to the right depot',
          location: toCountry,
          at: at(arrival, hm(7, 30) + o),
        },
      ],
    };
  }
  return { events: [] };
}

/** Out for delivery, then delivered; or a failed attempt (and a second, then a return). */
function lastMile(
  scenario: ScenarioName,
  toPlace: string,
  deliveryDay: string,
  o: number,
): SimulatorEvent[] {
  const outForDelivery = (date: string): SimulatorEvent => ({
    code: 'OUT_FOR_DELIVERY',
    description: 'Out for delivery',
    location: toPlace,
    at: at(date, hm(8, 10) + o),
  });
  const delivered = (date: string, minutes: number): SimulatorEvent => ({
    code: 'DELIVERED',
    description: `Delivered in ${toPlace}`,
    location: toPlace,
    at: at(date, minutes + o),
  });
  if (scenario === 'damaged') {
    return [
      outForDelivery(deliveryDay),
      { ...delivered(deliveryDay, hm(13, 45)), reason: DAMAGED_REASON },
    ];
  }
  if (scenario !== 'delivery_failed' && scenario !== 'returned') {
    return [outForDelivery(deliveryDay), delivered(deliveryDay, hm(13, 45))];
  }
  const next = workingDaysAfter(deliveryDay, 1);
  const firstAttempt: SimulatorEvent[] = [
    outForDelivery(deliveryDay),
    {
      code: 'DELIVERY_FAILED',
      description: 'Delivery attempted: not delivered',
      location: toPlace,
      at: at(deliveryDay, hm(14, 20) + o),
      reason: FIRST_ATTEMPT_REASON,
    },
    outForDelivery(next),
  ];
  if (scenario === 'delivery_failed') return [...firstAttempt, delivered(next, hm(12, 5))];
  return [
    ...firstAttempt,
    {
      code: 'DELIVERY_FAILED',
      description: 'Delivery attempted again: not delivered',
      location: toPlace,
      at: at(next, hm(13, 50) + o),
      reason: SECOND_ATTEMPT_REASON,
    },
    {
      code: 'RETURNED',
      description: 'Being returned to the sender',
      location: toPlace,
      at: at(workingDaysAfter(next, 1), hm(9, 30) + o),
      reason: RETURN_REASON,
    },
  ];
}

/** Every box's whole journey, future events included (`trackingAt` keeps those so far). */
export function timelines(order: TrackedOrder): ParcelTimeline[] {
  // Each collection attempt: the booked one, then each rebooking that moved the day or time (a
  // change of contact or instructions alone moves nothing).
  const attempts: CollectionMove[] = [
    { collectionDate: order.collectionDate, readyFrom: order.readyFrom, at: order.bookedAt },
  ];
  for (const move of order.rebookings) {
    const last = attempts.at(-1);
    if (move.collectionDate !== last?.collectionDate || move.readyFrom !== last.readyFrom) {
      attempts.push(move);
    }
  }
  const boxes = Array.from({ length: order.packageCount }, (_, index) => {
    const events: SimulatorEvent[] = [
      {
        code: 'BOOKED',
        description: 'Shipment booked; awaiting collection',
        location: `${order.from.city}, ${countryName(order.from.country)}`,
        at: order.bookedAt,
      },
    ];
    const missed = order.scenario.name === 'collection_missed' && appliesTo(order.scenario, index);
    let collectedAt: Date | undefined;
    for (const [k, attempt] of attempts.entries()) {
      // A collection moved before its day came never happened.
      const movedAt = attempts[k + 1]?.at.getTime() ?? Infinity;
      if (k > 0) {
        events.push({
          code: 'COLLECTION_REBOOKED',
          description: `Collection rebooked for ${attempt.collectionDate} from ${attempt.readyFrom}`,
          location: `${order.from.city}, ${countryName(order.from.country)}`,
          at: attempt.at,
        });
      }
      if (k === 0 && missed) {
        const missedAt = at(attempt.collectionDate, MISSED_AT + index);
        if (missedAt.getTime() < movedAt) {
          events.push({
            code: 'COLLECTION_MISSED',
            description: 'Collection not made: the courier did not collect the boxes',
            location: `${order.from.city}, ${countryName(order.from.country)}`,
            at: missedAt,
            reason: MISSED_REASON,
          });
        }
        continue;
      }
      const when = at(attempt.collectionDate, collectionMinutes(attempt.readyFrom, index));
      if (when.getTime() < movedAt) {
        collectedAt = when;
        events.push(...journey(order, index, attempt.collectionDate, when));
        break;
      }
    }
    return {
      piece: index + 1,
      parcelReference: parcelReference(order.airWaybill, index),
      events,
      ...(collectedAt ? { collectedAt } : {}),
    };
  });
  const cancellation = order.cancellation;
  if (!cancellation) return boxes;
  // Cancelled: the events until then, and the cancellation as the last.
  const cut = cancellation.at.getTime();
  return boxes.map(({ collectedAt, ...box }) => ({
    ...box,
    events: [
      ...box.events.filter((event) => event.at.getTime() <= cut),
      {
        code: 'CANCELLED',
        description: 'Shipment cancelled before collection',
        location: `${order.from.city}, ${countryName(order.from.country)}`,
        at: cancellation.at,
      },
    ],
    ...(collectedAt && collectedAt.getTime() <= cut ? { collectedAt } : {}),
  }));
}

/** Each box's events up to `now`, oldest first (none at all for a box the `silent` scenario
 * applies to). */
export function trackingAt(order: TrackedOrder, now: Date): ParcelTimeline[] {
  const silent = order.scenario.name === 'silent';
  return timelines(order).map((timeline, index) => ({
    ...timeline,
    events:
      silent && appliesTo(order.scenario, index)
        ? []
        : timeline.events
            .filter((event) => event.at.getTime() <= now.getTime())
            .sort((a, b) => a.at.getTime() - b.at.getTime()),
  }));
}

/** Whether any box is still to be collected at `now` (a collection can then be rebooked). */
export function awaitingCollection(order: TrackedOrder, now: Date): boolean {
  return timelines(order).some(
    (timeline) => !timeline.collectedAt || timeline.collectedAt.getTime() > now.getTime(),
  );
}

/** How many boxes have been collected at `now` (a booking can then no longer be cancelled). */
export function collectedBoxes(order: TrackedOrder, now: Date): number {
  return timelines(order).filter(
    (timeline) => timeline.collectedAt && timeline.collectedAt.getTime() <= now.getTime(),
  ).length;
}

/** The collection contact in force: the last one a rebooking gave, else the booked address's. */
export function currentContact(order: TrackedOrder): SimulatorContact {
  const given = order.rebookings.findLast((move) => move.contact)?.contact;
  return (
    given ?? {
      name: order.from.name,
      phone: order.from.telephone ?? '',
      email: order.from.email ?? '',
    }
  );
}

/** The driver's instructions in force: the last a rebooking gave; none when none did. */
export function currentInstructions(order: TrackedOrder): string | undefined {
  return order.rebookings.findLast((move) => move.instructions !== undefined)?.instructions;
}

/**
 * The cover raised after booking that is in force (pounds), 0 when none was: the booking's own
 * cover is not kept here, so any raise is recorded once.
 */
export function currentCover(order: TrackedOrder): number {
  return order.rebookings.findLast((move) => move.coverValue !== undefined)?.coverValue ?? 0;
}

/** The collection date and time in force: the last rebooking's, else the booked ones. */
export function currentCollection(order: TrackedOrder): {
  collectionDate: string;
  readyFrom: string;
} {
  const last = order.rebookings.at(-1) ?? order;
  return { collectionDate: last.collectionDate, readyFrom: last.readyFrom };
}

/** An instant as the API's date and time: UK wall clock with its offset (`+00:00`, `+01:00`). */
export function apiDateTime(instant: Date): string {
  const { date, time } = londonClock(instant);
  const seconds = String(instant.getUTCSeconds()).padStart(2, '0');
  const wall = Date.parse(`${date}T${time}:${seconds}Z`);
  const offset = Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${date}T${time}:${seconds}${zone}`;
}
