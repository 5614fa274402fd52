import { hrefOf } from '#src/domain/site-links.js';
import type { Logger } from 'pino';
import type { TrackingView, AdminShipment, AdminTracking } from '#src/domain/api/tracking.js';
import {
  TRACKING_LINK_EXPIRED,
  TRACKING_LINK_INVALID,
  TRACKING_NOT_FOUND,
} from '#src/domain/api/tracking.js';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { deliveryEstimate } from '#src/domain/delivery-estimate.js';
import { londonDate } from '#src/domain/london-time.js';
import { ORDER_NOT_FOUND } from '#src/domain/order.js';
import { findCountry } from '#src/domain/countries.js';
import { SERVICE_LEVELS } from '#src/domain/quote-rules.js';
import {
  COLLECTED_OR_LATER,
  COLLECTION_WINDOW,
  isFinalTrackingStatus,
  TRACKING_EMAILS,
  type TrackingEmailChoice,
  type TrackingEmailKind,
  type TrackingStatus,
} from '#src/domain/tracking.js';
import type { Clock } from '../../clock.js';
import type { DbExecutor, DbTransaction } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { errorMessage } from '../../error-message.js';
import { ApiError } from '../../http/errors.js';
import type {
  BookedLabel,
  CourierProvider,
  ShipmentTracking,
} from '../../providers/courier/courier-provider.js';
import { isProviderError } from '../../providers/provider-error.js';
import type {
  MailAttachment,
  MailDeps,
  MoveEmailKind,
  TrackingEmailSubject,
} from '../email/index.js';
import { trackingMailKind } from '#src/domain/email-kinds.js';
import type { OrderRow, OrdersService } from '../orders/index.js';
import { expectedDeliveryOf, nextWakeAt, pollDueAt } from './poll-schedule.js';
import { claimFactsOf, type ClaimBoxFacts } from './claim-facts.js';
import { pollShipmentsJob } from './jobs/poll-shipments.job.js';
import {
  DAY_MS,
  emailsDue,
  eventRows,
  parcelsFrom,
  scheduleOf,
  shipmentChanges,
  shipmentState,
  sinceRebooking,
  type TrackingEmailDue,
} from './shipment-progress.js';
import { refreshLabelsJob } from './jobs/refresh-labels.job.js';
import { checkRebookingJob } from './jobs/check-rebooking.job.js';
import type { TrackingLinkPurpose, TrackingTokens } from './tracking-token.js';
import type {
  ParcelRow,
  ShipmentChanges,
  ShipmentRow,
  TrackingEventRow,
  TrackingRepository,
} from './tracking.repository.js';

export interface TrackingSettings {
  /** Courier tracking calls at a time, across the site (TRACKING_CONCURRENCY). */
  concurrency: number;
  /** Polling gives up, loudly, after this many days without a new event (TRACKING_SILENT_DAYS). */
  silentDays: number;
  /**
   * The tracking page's link stops working this many days after the booking was delivered,
   * returned or cancelled (TRACKING_LINK_DAYS; decision 116).
   */
  linkDays: number;
}

export const DEFAULT_TRACKING_SETTINGS: TrackingSettings = {
  concurrency: 2,
  silentDays: 10,
  linkDays: 90,
};

/** Shipments one round of the job looks at; the rest wait for the next round. */
const ROUND_SIZE = 100;
/** A rebooking's request waits this long for the courier, then answers that it is confirming. */
export const ANSWER_WITHIN_MS = 8_000;
/** A rebooking the courier did not answer is asked about this long after (then as the queue retries). */
const REBOOKING_CHECK_AFTER_MS = 30_000;
/** A rebooking still claimed after this long was abandoned by its process. */
const REBOOKING_ABANDONED_MS = 10 * 60_000;

export interface TrackingDeps {
  repository: TrackingRepository;
  courier: CourierProvider;
  orders: OrdersService;
  mail: MailDeps;
  clock: Clock;
  logger: Logger;
  tokens: TrackingTokens;
  /** Brings the `poll-shipments` job forward when a shipment is enrolled. */
  jobs: Pick<JobQueue, 'hasten' | 'enqueue'>;
  siteUrl: string;
  settings?: Partial<TrackingSettings>;
  /** How long a rebooking's request waits for the courier (ANSWER_WITHIN_MS; tests shorten it). */
  answerWithinMs?: number;
  /**
   * Keeps a moved collection's new labels in place of the order's (the checkout's, which owns the
   * stored documents; wired by services.ts), in the move's transaction: what the email attaches.
   */
  replaceLabels?: (
    order: { id: string; reference: string },
    labels: BookedLabel[],
    tx: DbTransaction,
  ) => Promise<MailAttachment[]>;
}

/** The shipment still waits for the courier's answer to a rebooking for this day. */
function rebookingInDoubt(shipment: ShipmentRow, collectionDate: string): boolean {
  return shipment.status === 'collection_missed' && shipment.rebookingDate === collectionDate;
}

/** The transit days of the order's chosen service, as the rate table gave them ("2-4"). */
function transitDaysOf(
  order: Pick<OrderRow, 'offeredServices' | 'selectedService'>,
): string | null {
  return (
    order.offeredServices.find((s) => s.service === order.selectedService)?.transitDays ?? null
  );
}

/** The courier's answer to a rebooking did not come: it may or may not have made it. */
export class RebookingAnswerUnknown extends Error {
  constructor(error: unknown) {
    super(`no answer from the courier: ${errorMessage(error)}`, { cause: error });
    this.name = 'RebookingAnswerUnknown';
  }
}

const REBOOK_REFUSED =
  'The courier could not rebook the collection for that day. Nothing has changed: choose another date, or contact us.';
const NOT_MOVABLE =
  'This collection cannot be moved now: another change is being made, or the courier has collected the boxes.';
const NOT_MISSED =
  'This collection is not waiting for a new date: it has been rebooked already, or the courier has collected the boxes.';

/**
 * Tracking after the booking (docs/tracking.md): a shipment is enrolled when its order is booked;
 * the `poll-shipments` job asks the courier about each on a schedule that fits its stage, stores
 * every new event once, derives each box's and the order's status, catches a missed collection
 * and sends the emails that matter. Pages read the stored state only, never the courier.
 */
export class TrackingService {
  readonly settings: TrackingSettings;
  /** Rebookings' courier calls that outlived their request (`idle` waits for them). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: TrackingDeps) {
    this.settings = { ...DEFAULT_TRACKING_SETTINGS, ...deps.settings };
  }

  /**
   * Starts tracking a booked order, in the transaction that marks it booked: its first poll is
   * due at once (it learns each box's tracking number). A second call changes nothing.
   */
  async enrol(
    tx: DbExecutor,
    order: Pick<
      OrderRow,
      'id' | 'collectionDate' | 'smallBoxes' | 'largeBoxes' | 'offeredServices' | 'selectedService'
    >,
    courierReference: string,
  ): Promise<void> {
    const now = this.deps.clock.now();
    const collectionDate = order.collectionDate ?? now.toISOString().slice(0, 10);
    const transit = transitDaysOf(order);
    await this.deps.repository.insert(
      {
        orderId: order.id,
        courierReference,
        status: 'booked',
        collectionDate,
        expectedDelivery: expectedDeliveryOf(collectionDate, transit),
        boxCount: order.smallBoxes + order.largeBoxes,
        nextPollAt: now,
        createdAt: now,
        updatedAt: now,
      },
      tx,
    );
    // Its first poll is due now: the job, due up to a minute later, comes forward (the booking
    // wakes the queue after its commit).
    await this.deps.jobs.hasten(tx, pollShipmentsJob, {});
  }

  /**
   * One round of the job: every shipment due now, `concurrency` at a time (the job runs in one
   * process at a time, so this is the whole site's limit). Returns when the next one is due.
   */
  async pollDue(options: { stopped?: () => boolean } = {}): Promise<{
    handled: number;
    failed: number;
    nextDueAt: Date | null;
  }> {
    const due = await this.deps.repository.due(this.deps.clock.now(), ROUND_SIZE);
    let handled = 0;
    let failed = 0;
    const queue = [...due];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (options.stopped?.()) return;
        try {
          const outcome = await this.handle(id);
          if (outcome === 'failed') failed++;
          handled++;
        } catch (error) {
          failed++;
          this.deps.logger.error(
            { err: error, orderId: id },
            'tracking: a shipment could not be handled',
          );
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.max(1, this.settings.concurrency) }, () => worker()),
    );
    return { handled, failed, nextDueAt: await this.deps.repository.nextDue() };
  }

  /**
   * Handles one due shipment: asks the courier when a poll is due, then, under the shipment's
   * lock, stores what is new, derives the statuses, sends the emails and schedules the next wake.
   */
  async handle(orderId: string): Promise<'polled' | 'failed' | 'checked' | 'skipped'> {
    const { repository, courier, clock, logger } = this.deps;
    const before = await repository.find(orderId);
    const now = clock.now();
    if (!before || !before.nextPollAt || before.nextPollAt > now) return 'skipped';
    const pollAt = pollDueAt(scheduleOf(before));
    let tracking: ShipmentTracking | undefined;
    let pollError: string | undefined;
    if (pollAt && pollAt <= now) {
      try {
        tracking = await courier.trackShipment(before.courierReference);
      } catch (error) {
        pollError = errorMessage(error);
        logger.warn({ orderId, err: error }, 'tracking: the courier did not answer');
      }
    }
    const order = await this.deps.orders.findById(orderId);
    if (!order) return 'skipped';
    // Read before the transaction (the embedded database has one connection): the dates a
    // missed collection may move to, should this be the moment it is found missed.
    const newDates = before.missedAt ? [] : await this.newDates(orderId);
    const sent = await repository.transaction(async (tx) => {
      const shipment = await repository.lock(orderId, tx);
      if (!shipment || shipment.stoppedAt) return false;
      return this.record(tx, shipment, order, {
        tracking,
        pollError,
        pollWasDue: pollAt !== null && pollAt <= now,
        newDates,
      });
    });
    if (sent) this.deps.mail.worker.wake();
    return tracking ? 'polled' : pollError ? 'failed' : 'checked';
  }

  /**
   * Under the shipment's lock: stores the courier's answer and moves the shipment on, step by
   * step (`shipment-progress.ts`): store each new event once → derive the boxes' and the
   * shipment's statuses → decide the emails they call for and send them → persist the new state
   * and the next wake. True when an email was queued.
   */
  private async record(
    tx: DbTransaction,
    shipment: ShipmentRow,
    order: OrderRow,
    poll: {
      tracking: ShipmentTracking | undefined;
      pollError: string | undefined;
      pollWasDue: boolean;
      newDates: { date: string; url: string }[];
    },
  ): Promise<boolean> {
    const { repository } = this.deps;
    const now = this.deps.clock.now();
    const { fresh, parcels } = await this.storeEvents(tx, shipment, poll.tracking, now);
    const state = shipmentState(shipment, {
      parcels,
      fresh,
      events: await repository.events(shipment.orderId, tx),
      polled: poll.tracking !== undefined,
      now,
      silentDays: this.settings.silentDays,
    });
    if (state.silent) {
      this.deps.logger.error(
        { orderId: order.id, reference: order.reference, days: this.settings.silentDays },
        'tracking: the courier has said nothing new for too long; polling stopped',
      );
    }
    const due = emailsDue(shipment, state, { parcels, newDates: poll.newDates, now });
    const sent = await this.sendTrackingEmails(tx, order, shipment, due);
    await repository.update(
      shipment.orderId,
      shipmentChanges(
        shipment,
        state,
        { ...poll, abandonedRebooking: this.abandoned(shipment, now) },
        now,
      ),
      tx,
    );
    return sent;
  }

  /**
   * Stores each event of the courier's answer once (an event code we do not know is kept as an
   * exception, and logged) and each box's status from its latest event. Without an answer, the
   * boxes as they were.
   */
  private async storeEvents(
    tx: DbTransaction,
    shipment: ShipmentRow,
    tracking: ShipmentTracking | undefined,
    now: Date,
  ): Promise<{ fresh: TrackingEventRow[]; parcels: ParcelRow[] }> {
    const { repository, logger } = this.deps;
    const orderId = shipment.orderId;
    const known = await repository.parcels(orderId, tx);
    if (!tracking) return { fresh: [], parcels: known };
    const fresh = await repository.insertEvents(eventRows(orderId, tracking, now), tx);
    for (const event of fresh.filter((e) => !e.recognised)) {
      logger.warn(
        {
          orderId,
          parcel: event.parcelReference,
          courierCode: event.courierCode,
          description: event.description,
        },
        'tracking: an event code we do not know (stored as exception)',
      );
    }
    const events = await repository.events(orderId, tx);
    const parcels = parcelsFrom(shipment, tracking, events, known);
    await repository.saveParcels(parcels, tx);
    return { fresh, parcels };
  }

  /** Queues the emails due, but those of a kind the customer turned off; true when one was. */
  private async sendTrackingEmails(
    tx: DbTransaction,
    order: OrderRow,
    shipment: ShipmentRow,
    due: readonly TrackingEmailDue[],
  ): Promise<boolean> {
    let sent = false;
    for (const { kind, occasion, extra } of due) {
      const optional = TRACKING_EMAILS[kind].optional;
      if (optional === 'reminder' && !shipment.reminderEmails) continue;
      if (optional === 'updates' && !shipment.updateEmails) continue;
      await this.enqueueEmail(tx, order, shipment, kind, occasion, extra ?? {});
      sent = true;
    }
    return sent;
  }

  /**
   * A rebooking claimed but never finished (its process stopped mid-way) is let go, so the
   * customer can choose a date again: asking the courier again for a date is harmless.
   */
  private abandoned(shipment: ShipmentRow, now: Date): boolean {
    const abandoned =
      shipment.rebookingDate !== null &&
      now.getTime() - shipment.updatedAt.getTime() > REBOOKING_ABANDONED_MS;
    if (abandoned) {
      this.deps.logger.warn(
        { orderId: shipment.orderId },
        'tracking: an unfinished rebooking let go',
      );
    }
    return abandoned;
  }

  private async enqueueEmail(
    tx: DbExecutor,
    order: OrderRow,
    shipment: ShipmentRow,
    kind: TrackingEmailKind | MoveEmailKind,
    occasion: string,
    extra: Partial<TrackingEmailSubject>,
    attachments: MailAttachment[] = [],
    held = false,
  ): Promise<void> {
    const trackingUrl = this.trackingUrl(order.id);
    const optional =
      kind === 'collection_rebooked' || kind === 'new_labels'
        ? null
        : TRACKING_EMAILS[kind].optional;
    await this.deps.mail.emails.send(
      tx,
      trackingMailKind(kind),
      order,
      {
        reference: order.reference,
        destination: findCountry(order.destinationCountryId)?.title ?? 'the destination',
        collectionDate: shipment.collectionDate,
        boxCount: shipment.boxCount,
        trackingUrl,
        expectedDelivery: deliveryEstimate({
          collectionDate: shipment.collectionDate,
          transitDays: transitDaysOf(order),
          status: shipment.status,
          today: londonDate(this.deps.clock.now()),
        }),
        ...extra,
        occasion,
        ...(optional ? { turnOffUrl: this.emailSettingsUrl(order.id) } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      },
      { held },
    );
  }

  /** The address of the shipment's tracking page. */
  trackingUrl(orderId: string): string {
    return `${this.deps.siteUrl.replace(/\/+$/, '')}${this.trackingPath(orderId)}`;
  }

  /** The page of the order's optional emails, by its own signed link: what "turn off" opens. */
  emailSettingsUrl(orderId: string): string {
    const path = hrefOf('emailSettings', { token: this.deps.tokens.of(orderId, 'emails') });
    return `${this.deps.siteUrl.replace(/\/+$/, '')}${path}`;
  }

  /** The shipment's tracking page, as a path on this site. */
  trackingPath(orderId: string): string {
    return hrefOf('tracking', { token: this.deps.tokens.of(orderId) });
  }

  /** The collection dates a missed collection may move to, each with the page that offers it. */
  private async newDates(orderId: string): Promise<{ date: string; url: string }[]> {
    const url = this.trackingUrl(orderId);
    return (await this.selectableDates(orderId)).map((date) => ({
      date,
      url: `${url}?date=${date}`,
    }));
  }

  private async selectableDates(orderId: string): Promise<string[]> {
    const window = await this.deps.orders.collectionDates(orderId);
    return window.days.filter((d) => d.selectable).map((d) => d.date);
  }

  // ------------------------------------------------------------------------------------------
  // Pages
  // ------------------------------------------------------------------------------------------

  /** A booking's tracking page by its reference and its collection or delivery postcode. */
  async lookUp(input: { reference: string; postcode: string }): Promise<{ token: string }> {
    const order = await this.deps.orders.findByReference(input.reference.trim().toUpperCase());
    const postcode = normalisePostcode(input.postcode);
    const matches =
      order &&
      [
        order.collectionPostcode,
        order.destinationPostcode,
        order.collectionAddress?.postcode,
        order.deliveryAddress?.postcode,
      ].some((p) => p && normalisePostcode(p) === postcode);
    const shipment = matches ? await this.deps.repository.find(order.id) : undefined;
    if (!order || !shipment) {
      throw new ApiError(404, TRACKING_NOT_FOUND.code, TRACKING_NOT_FOUND.message);
    }
    return { token: this.deps.tokens.of(order.id) };
  }

  /**
   * The order a tracking page's token names: 404 for a token we did not sign, 410 once the
   * link has expired, `linkDays` after the booking ended (delivered, returned or cancelled).
   */
  async orderIdOf(token: string, purpose: TrackingLinkPurpose = 'tracking'): Promise<string> {
    const orderId = this.deps.tokens.orderIdOf(token, purpose);
    if (!orderId) throw linkInvalid();
    const shipment = await this.deps.repository.find(orderId);
    if (shipment?.stoppedAt && isFinalTrackingStatus(shipment.status)) {
      const expiresAt = shipment.stoppedAt.getTime() + this.settings.linkDays * DAY_MS;
      if (this.deps.clock.now().getTime() >= expiresAt) {
        throw new ApiError(
          410,
          TRACKING_LINK_EXPIRED.code,
          TRACKING_LINK_EXPIRED.message(this.settings.linkDays),
        );
      }
    }
    return orderId;
  }

  async viewByToken(token: string): Promise<TrackingView> {
    const view = await this.view(await this.orderIdOf(token));
    if (!view) throw linkInvalid();
    return view;
  }

  /**
   * Each order's status from its boxes' (the shipment's, docs/tracking.md), by order id: what
   * every page of a booked order shows (through `OrdersService.trackingStatuses`).
   */
  statuses(orderIds: readonly string[]): Promise<ReadonlyMap<string, TrackingStatus>> {
    return this.deps.repository.statuses(orderIds);
  }

  /** Each box's dates and state as a claim reads them (claim-facts.ts); null before booking. */
  async claimFacts(orderId: string): Promise<ClaimBoxFacts[] | null> {
    const { repository } = this.deps;
    const shipment = await repository.find(orderId);
    if (!shipment) return null;
    const [parcels, events] = await Promise.all([
      repository.parcels(orderId),
      repository.events(orderId),
    ]);
    return claimFactsOf(shipment, parcels, events);
  }

  /** The tracking of an order, as every page shows it; null before it is booked. */
  async view(orderId: string): Promise<TrackingView | null> {
    const { repository } = this.deps;
    const [shipment, order] = await Promise.all([
      repository.find(orderId),
      this.deps.orders.findById(orderId),
    ]);
    if (!shipment || !order) return null;
    const [parcels, events] = await Promise.all([
      repository.parcels(orderId),
      repository.events(orderId),
    ]);
    const missed = shipment.status === 'collection_missed' && !shipment.rebookingDate;
    const boxes =
      parcels.length > 0
        ? parcels.map((p) => ({
            number: p.position,
            trackingNumber: p.parcelReference,
            status: missed && p.status === 'booked' ? ('collection_missed' as const) : p.status,
            reason: p.reason,
            events: events
              .filter((e) => e.parcelReference === p.parcelReference)
              .map((e) => ({
                at: e.at.toISOString(),
                status: e.status,
                description: e.description,
                location: e.location,
                reason: e.reason,
              })),
          }))
        : Array.from({ length: shipment.boxCount }, (_, i) => ({
            number: i + 1,
            trackingNumber: '',
            status: shipment.status,
            reason: null,
            events: [],
          }));
    const from = findCountry(order.collectionCountryId);
    const to = findCountry(order.destinationCountryId);
    const collectionDate = shipment.rebookingDate ?? shipment.collectionDate;
    return {
      reference: order.reference,
      status: shipment.status,
      token: this.deps.tokens.of(orderId),
      serviceName: order.selectedService ? SERVICE_LEVELS[order.selectedService].name : '',
      collectionDate,
      collectionWindow: { ...COLLECTION_WINDOW },
      from: { city: order.collectionAddress?.city ?? '', country: countryName(from?.title) },
      to: { city: order.deliveryAddress?.city ?? '', country: countryName(to?.title) },
      boxes,
      missedCollection: missed ? { newDates: await this.selectableDates(orderId) } : null,
      rebookingUnconfirmed: shipment.status === 'collection_missed' && !missed,
      lastCheckedAt: shipment.lastPolledAt?.toISOString() ?? null,
      courierTrackingUrl: order.trackingUrl,
      expectedDelivery: missed
        ? null
        : deliveryEstimate({
            collectionDate,
            transitDays: transitDaysOf(order),
            status: shipment.status,
            today: londonDate(this.deps.clock.now()),
          }),
    };
  }

  /** The order's optional emails' choice; null before it is booked. Only its own pages show it. */
  async emailChoice(orderId: string): Promise<TrackingEmailChoice | null> {
    const shipment = await this.deps.repository.find(orderId);
    return shipment ? { reminder: shipment.reminderEmails, updates: shipment.updateEmails } : null;
  }

  /** The booking an email-settings link names, with its choice (docs/tracking.md, "Who sees what"). */
  async emailSettingsByToken(
    token: string,
  ): Promise<{ reference: string; emails: TrackingEmailChoice }> {
    const orderId = await this.orderIdOf(token, 'emails');
    const [order, emails] = await Promise.all([
      this.deps.orders.findById(orderId),
      this.emailChoice(orderId),
    ]);
    if (!order || !emails) throw linkInvalid();
    return { reference: order.reference, emails };
  }

  async setEmailsByToken(token: string, choice: TrackingEmailChoice): Promise<TrackingEmailChoice> {
    return this.setEmails(await this.orderIdOf(token, 'emails'), choice, linkInvalid);
  }

  /** Saves the optional emails' choice; `missing`: the answer when the order is not booked. */
  async setEmails(
    orderId: string,
    choice: TrackingEmailChoice,
    missing: () => Error = () => new ApiError(404, ORDER_NOT_FOUND.code, ORDER_NOT_FOUND.message),
  ): Promise<TrackingEmailChoice> {
    const shipment = await this.deps.repository.find(orderId);
    if (!shipment) throw missing();
    await this.deps.repository.update(orderId, {
      reminderEmails: choice.reminder,
      updateEmails: choice.updates,
      updatedAt: this.deps.clock.now(),
    });
    return { reminder: choice.reminder, updates: choice.updates };
  }

  /**
   * A missed collection moved to a new date (docs/tracking.md, "Missed collections"): only while
   * the collection is missed. Nothing is charged.
   */
  async rebook(token: string, collectionDate: string): Promise<TrackingView> {
    const orderId = await this.orderIdOf(token);
    // The request waits for the courier at most `answerWithinMs`; after that the call goes on and
    // ends the rebooking itself (emailed either way), and the page shows it being confirmed.
    let answered = false;
    const call = this.moveCollection(orderId, collectionDate, {
      missedOnly: true,
      late: () => answered,
    });
    this.inFlight.add(call);
    const settled = () => this.inFlight.delete(call);
    call.then(settled, (error: unknown) => {
      settled();
      if (answered) this.deps.logger.warn({ err: error, orderId }, 'tracking: a late rebooking');
    });
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.deps.answerWithinMs ?? ANSWER_WITHIN_MS);
    });
    try {
      await Promise.race([call, waited]);
    } finally {
      answered = true;
      clearTimeout(timer);
    }
    const view = await this.view(orderId);
    if (!view) throw linkInvalid();
    return view;
  }

  /** Resolves when the courier calls that outlived their request have ended (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Moves a booked shipment's collection to another day, missed or not (a missed collection, or
   * the customer's change before the collection window: docs/booking-changes.md). Claimed under
   * the shipment's lock (a second click or tab is refused while it runs), rebooked with the
   * courier, then written to the shipment and the order under their locks, with `inTx` in the same
   * transaction. A courier refusal leaves everything as it was (502).
   */
  async moveCollection(
    orderId: string,
    collectionDate: string,
    options: {
      missedOnly: boolean;
      inTx?: (tx: DbTransaction, courierAnswer: string) => Promise<void>;
      /** The request has answered already: a refusal now is emailed, nobody waits for it. */
      late?: () => boolean;
    },
  ): Promise<void> {
    const { repository, courier, clock, logger } = this.deps;
    const dates = await this.selectableDates(orderId);
    if (!dates.includes(collectionDate)) {
      const message = `Please choose one of the dates offered: ${dates.map(formatCalendarDate).join(', ')}.`;
      throw new ApiError(422, 'VALIDATION_FAILED', message, { collectionDate: message });
    }
    const claimed = await this.claimMove(orderId, collectionDate, options.missedOnly);
    try {
      await courier.rebookCollection({
        courierReference: claimed.courierReference,
        collectionDate,
        readyFrom: COLLECTION_WINDOW.from,
      });
    } catch (error) {
      const refused = isProviderError(error) && error.code === 'REJECTED';
      logger.warn(
        { orderId, err: error, collectionDate },
        refused
          ? 'tracking: the courier refused the rebooking'
          : 'tracking: no answer from the courier to the rebooking',
      );
      // Not a no: the courier may have rebooked it. A missed collection keeps its claim of the
      // new day while a job asks the courier what it did (`checkRebooking`); a booking change
      // finds out by its own check (`checking`).
      const inDoubt = !refused && options.missedOnly;
      if (refused && options.missedOnly && options.late?.()) {
        await this.notRebooked(orderId, collectionDate);
        return;
      }
      await repository.update(orderId, {
        ...(inDoubt ? {} : { rebookingDate: null }),
        lastError: errorMessage(error),
        updatedAt: clock.now(),
      });
      if (refused) throw new ApiError(502, 'COURIER_REFUSED', REBOOK_REFUSED);
      if (!options.missedOnly) throw new RebookingAnswerUnknown(error);
      await repository.transaction((tx) =>
        this.deps.jobs.enqueue(
          tx,
          checkRebookingJob,
          { orderId, collectionDate },
          { runAt: new Date(clock.now().getTime() + REBOOKING_CHECK_AFTER_MS) },
        ),
      );
      return;
    }
    const labels = await this.currentLabels(claimed.courierReference);
    await this.writeMove(orderId, collectionDate, { inTx: options.inTx, labels });
    this.deps.mail.worker.wake();
    logger.info({ orderId, collectionDate }, 'tracking: collection moved');
  }

  /**
   * The labels the courier has now for a moved collection (they print the day), asked after the
   * move; none when it cannot say (the move stands, and its email says the old labels still work).
   */
  async currentLabels(courierReference: string): Promise<BookedLabel[]> {
    try {
      return (await this.deps.courier.getShipmentDocuments(courierReference)).labels;
    } catch (error) {
      this.deps.logger.warn(
        { err: error, courierReference },
        'tracking: the moved collection’s labels could not be fetched',
      );
      return [];
    }
  }

  /**
   * The `check-rebooking` job (docs/tracking.md, "Missed collections"): a missed collection's
   * rebooking the courier did not answer, settled from the courier's own account of the
   * collection in force. Moved: written as a rebooking answered at once (the new labels and the
   * email). Not moved: the claim is released, the new dates offered again, and the customer told.
   * No answer: thrown, so the queue asks again. Nothing when the claim has ended already.
   */
  async checkRebooking(orderId: string, collectionDate: string): Promise<void> {
    const { orders, courier, repository, logger } = this.deps;
    const [order, shipment] = await Promise.all([
      orders.findById(orderId),
      repository.find(orderId),
    ]);
    if (!order?.courierReference || !shipment || !rebookingInDoubt(shipment, collectionDate)) {
      return;
    }
    const documents = await courier.getShipmentDocuments(order.courierReference);
    if (documents.collection?.date === collectionDate) {
      await this.writeMove(orderId, collectionDate, { inTx: undefined, labels: documents.labels });
      logger.info({ orderId, collectionDate }, 'tracking: the rebooking in doubt was made');
      this.deps.mail.worker.wake();
    } else {
      await this.notRebooked(orderId, collectionDate);
    }
  }

  /**
   * A missed collection's rebooking the courier did not make, found after its request answered:
   * the claim released under the shipment's lock, the new dates offered again, and the customer
   * emailed that it is not rebooked yet.
   */
  private async notRebooked(orderId: string, collectionDate: string): Promise<void> {
    const { orders, repository, clock, logger } = this.deps;
    const newDates = await this.newDates(orderId);
    await repository.transaction(async (tx) => {
      const locked = await repository.lock(orderId, tx);
      const lockedOrder = await orders.lock(orderId, tx);
      if (!locked || !lockedOrder || !rebookingInDoubt(locked, collectionDate)) return;
      await repository.update(orderId, { rebookingDate: null, updatedAt: clock.now() }, tx);
      await this.enqueueEmail(
        tx,
        lockedOrder,
        locked,
        'collection_missed',
        `not-rebooked:${collectionDate}`,
        { newDates, notRebooked: collectionDate },
      );
    });
    logger.warn({ orderId, collectionDate }, 'tracking: a rebooking the courier did not make');
    this.deps.mail.worker.wake();
  }

  /**
   * The `refresh-labels` job: a moved collection's labels the courier could not give at the move,
   * asked again (a failure is retried by the queue) and kept in place of the old ones with an
   * email that carries them. Nothing when the order has moved on (another day, not booked).
   */
  async refreshLabels(orderId: string, collectionDate: string): Promise<void> {
    const { orders, courier, repository, logger } = this.deps;
    const order = await orders.findById(orderId);
    if (!this.stillFor(order, collectionDate) || !order?.courierReference) return;
    const documents = await courier.getShipmentDocuments(order.courierReference);
    if (documents.collection && documents.collection.date !== collectionDate) {
      logger.warn(
        { orderId, collectionDate },
        'tracking: the courier’s labels are for another day',
      );
      return;
    }
    if (documents.labels.length === 0) throw new Error('the courier gave no labels yet');
    await repository.transaction(async (tx) => {
      // The shipment first, then the order: the order a move takes them in.
      const shipment = await repository.lock(orderId, tx);
      const locked = await orders.lock(orderId, tx);
      if (!locked || !shipment || !this.stillFor(locked, collectionDate)) return;
      const attachments = (await this.deps.replaceLabels?.(locked, documents.labels, tx)) ?? [];
      if (attachments.length === 0) return;
      await this.enqueueEmail(tx, locked, shipment, 'new_labels', collectionDate, {}, attachments);
    });
    this.deps.mail.worker.wake();
  }

  private stillFor(order: OrderRow | undefined, collectionDate: string): boolean {
    return order?.status === 'booked' && order.collectionDate === collectionDate;
  }

  /**
   * A move the courier has made though its answer was lost (a booking change found out by asking
   * it): written as an answered one is, with the labels it gave.
   */
  async recordMove(
    orderId: string,
    collectionDate: string,
    options: {
      labels: BookedLabel[];
      inTx?: (tx: DbTransaction, courierAnswer: string) => Promise<void>;
      /** Its email written `held`, for an operator (`Emails.send`). */
      held?: boolean;
    },
  ): Promise<void> {
    await this.writeMove(orderId, collectionDate, options);
    this.deps.mail.worker.wake();
  }

  /**
   * Claims the shipment for a move under its lock (`rebookingDate`), refused (409) when it cannot
   * move now or another move holds it.
   */
  private async claimMove(
    orderId: string,
    collectionDate: string,
    missedOnly: boolean,
  ): Promise<ShipmentRow> {
    const { repository, clock } = this.deps;
    const claimed = await repository.transaction(async (tx) => {
      const shipment = await repository.lock(orderId, tx);
      if (!shipment) throw linkInvalid();
      const movable = missedOnly
        ? shipment.status === 'collection_missed'
        : shipment.status === 'booked' || shipment.status === 'collection_missed';
      if (!movable || shipment.rebookingDate) return undefined;
      if (!missedOnly && (await this.collectedSince(shipment, tx))) return undefined;
      await repository.update(
        orderId,
        { rebookingDate: collectionDate, updatedAt: clock.now() },
        tx,
      );
      return shipment;
    });
    if (!claimed) {
      throw missedOnly
        ? new ApiError(409, 'NOT_MISSED', NOT_MISSED)
        : new ApiError(409, 'CHANGE_IN_PROGRESS', NOT_MOVABLE);
    }
    return claimed;
  }

  /**
   * The courier rebooked the collection: the order's date, the boxes `booked` again and the
   * shipment's new schedule, written under their locks with the customer's email and `inTx`.
   */
  private async writeMove(
    orderId: string,
    collectionDate: string,
    options: {
      inTx?: ((tx: DbTransaction, courierAnswer: string) => Promise<void>) | undefined;
      labels: BookedLabel[];
      held?: boolean | undefined;
    },
  ): Promise<void> {
    const { repository, clock, orders } = this.deps;
    const { inTx, labels, held = false } = options;
    const order = await orders.findById(orderId);
    await repository.transaction(async (tx) => {
      const shipment = await repository.lock(orderId, tx);
      if (!shipment || !order) return;
      const now = clock.now();
      await orders.update(orderId, { collectionDate }, ['booked'], tx);
      const parcels = await repository.parcels(orderId, tx);
      await repository.saveParcels(
        parcels.map((p) => ({ ...p, status: 'booked' as const, reason: null })),
        tx,
      );
      const transit = transitDaysOf(order);
      const changes: ShipmentChanges = {
        status: 'booked',
        flag: null,
        missedAt: null,
        rebookedAt: now,
        rebookings: shipment.rebookings + 1,
        rebookingDate: null,
        collectionDate,
        expectedDelivery: expectedDeliveryOf(collectionDate, transit),
        reminderSentFor: null,
        lastError: null,
        updatedAt: now,
      };
      const next = { ...shipment, ...changes } as ShipmentRow;
      changes.nextPollAt = nextWakeAt({ ...scheduleOf(next), lastPollFailed: false });
      await repository.update(orderId, changes, tx);
      const attachments =
        labels.length > 0 ? ((await this.deps.replaceLabels?.(order, labels, tx)) ?? []) : [];
      // No labels for the new day yet: a job asks the courier again, and sends them.
      if (attachments.length === 0 && this.deps.replaceLabels) {
        await this.deps.jobs.enqueue(tx, refreshLabelsJob, { orderId, collectionDate });
      }
      await this.enqueueEmail(
        tx,
        order,
        next,
        'collection_rebooked',
        `${collectionDate}:${next.rebookings}`,
        { newLabels: attachments.length > 0 },
        attachments,
        held,
      );
      await inTx?.(tx, `the courier rebooked it for ${formatCalendarDate(collectionDate)}`);
    });
  }

  /**
   * Whether the courier has reported any box collected (since the last rebooking): then the
   * booking can no longer be cancelled or changed.
   */
  async collected(orderId: string, tx?: DbExecutor): Promise<boolean> {
    const shipment = await this.deps.repository.find(orderId, tx);
    return shipment ? this.collectedSince(shipment, tx) : false;
  }

  private async collectedSince(shipment: ShipmentRow, tx?: DbExecutor): Promise<boolean> {
    const events = await this.deps.repository.events(shipment.orderId, tx);
    return sinceRebooking(shipment, events).some((e) => COLLECTED_OR_LATER.includes(e.status));
  }

  /** A cancelled booking's shipment: `cancelled`, polling stopped, nothing more emailed. */
  async stopCancelled(orderId: string, tx: DbTransaction): Promise<void> {
    const { repository, clock } = this.deps;
    const shipment = await repository.lock(orderId, tx);
    if (!shipment) return;
    const now = clock.now();
    const parcels = await repository.parcels(orderId, tx);
    await repository.saveParcels(
      parcels.map((p) => ({ ...p, status: 'cancelled' as const, reason: null })),
      tx,
    );
    await repository.update(
      orderId,
      {
        status: 'cancelled',
        flag: null,
        nextPollAt: null,
        stoppedAt: now,
        rebookingDate: null,
        updatedAt: now,
      },
      tx,
    );
  }

  // ------------------------------------------------------------------------------------------
  // The console
  // ------------------------------------------------------------------------------------------

  async adminList(filter: {
    status?: TrackingStatus;
    flagged?: boolean;
  }): Promise<AdminShipment[]> {
    const rows = await this.deps.repository.list(filter, 200);
    const orders = await Promise.all(rows.map((r) => this.deps.orders.findById(r.orderId)));
    return rows.map((row, i) => ({
      orderId: row.orderId,
      reference: orders[i]?.reference ?? '',
      status: row.status,
      flag: row.flag,
      collectionDate: row.collectionDate,
      destination: findCountry(orders[i]?.destinationCountryId ?? 0)?.title ?? '',
      boxes: row.boxCount,
      lastEventAt: row.lastEventAt?.toISOString() ?? null,
      lastCheckedAt: row.lastPolledAt?.toISOString() ?? null,
      stoppedAt: row.stoppedAt?.toISOString() ?? null,
    }));
  }

  async adminTracking(orderId: string): Promise<AdminTracking> {
    const [tracking, shipment, mail] = await Promise.all([
      this.view(orderId),
      this.deps.repository.find(orderId),
      this.deps.mail.outbox.listForOrder(orderId),
    ]);
    return {
      tracking,
      emailChoice: shipment
        ? { reminder: shipment.reminderEmails, updates: shipment.updateEmails }
        : null,
      polling: shipment
        ? {
            nextPollAt: shipment.nextPollAt?.toISOString() ?? null,
            lastPolledAt: shipment.lastPolledAt?.toISOString() ?? null,
            polls: shipment.polls,
            lastError: shipment.lastError,
            stoppedAt: shipment.stoppedAt?.toISOString() ?? null,
            flag: shipment.flag,
            rebookings: shipment.rebookings,
          }
        : null,
      emails: mail
        .filter((m) => m.kind.startsWith('tracking-'))
        .map((m) => ({
          kind: m.kind,
          to: m.to,
          at: m.createdAt.toISOString(),
          status: m.status,
        }))
        .sort((a, b) => a.at.localeCompare(b.at)),
    };
  }
}

/** "United Kingdom (Mainland)" → "United Kingdom": the country, not our pricing region. */
function countryName(title: string | undefined): string {
  return (title ?? '').replace(/\s*\(.*\)\s*$/, '');
}

function linkInvalid(): ApiError {
  return new ApiError(404, TRACKING_LINK_INVALID.code, TRACKING_LINK_INVALID.message);
}

function normalisePostcode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export type { ParcelRow };
