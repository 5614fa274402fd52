import { validateAddress, type AddressInputValue } from '#src/domain/address.js';
import {
  collectionDateError,
  collectionWindow,
  holidayRegionForPostcodeArea,
  type CollectionWindow,
  type HolidayLookup,
  type HolidayRegion,
} from '#src/domain/collection-calendar.js';
import { NOT_DISCARDABLE } from '#src/domain/api/orders.js';
import { ORDER_NOT_FOUND, type OrderAddress, type OrderView } from '#src/domain/order.js';
import { courierServiceFor, SERVICE_LEVELS, type QuoteService } from '#src/domain/quote.js';
import { parseUkPostcode } from '#src/domain/uk-postcodes.js';
import { COVER_MESSAGE, type CoverOptions } from '#src/domain/api/cover.js';
import { coverLimits, coverProblem, type CoverLimits } from '#src/domain/cover.js';
import { clampCover, orderPrice } from '#src/domain/pricing.js';
import { readPounds } from '#src/domain/typed-pounds.js';
import { EDITABLE_STATUSES, isEditable, type OrderStatus } from '#src/domain/order-states.js';
import type { TrackingStatus } from '#src/domain/tracking.js';
import type { Clock } from '../../clock.js';
import type { DbExecutor } from '../../db/client.js';
import { WriteBatcher } from '../../db/write-batcher.js';
import { ApiError } from '../../http/errors.js';
import {
  coverSettingsOf,
  type CatalogService,
  type CurrentCoverSettings,
} from '../catalog/index.js';
import type { CourierRoutesService } from '../courier-routes/index.js';
import { toOrderView } from './order-view.js';
import type { OrderItemRow, OrderItemsRepository } from './order-items.repository.js';
import type {
  HeldElsewhere,
  NewOrderRow,
  OrderChanges,
  OrderRow,
  OrderSearch,
  OrdersRepository,
} from './orders.repository.js';
export type { OrderSearch };

export const ORDER_NOT_FOUND_MESSAGE = ORDER_NOT_FOUND.message;

export type { OrderItemRow, OrderRow };

/** An order's price now, in its parts (the one pricing function's answer, with its cover). */
export interface PriceNow {
  servicePricePence: number;
  /** The cover kept (null: the included cover only), within the declared value and maximum. */
  coverPence: number | null;
  coverPricePence: number;
  totalPence: number;
  coverSettingsVersion: number | null;
}

/** The declared value of the goods the cover pays for: the most cover the order can keep. */
function coveredValueOf(items: readonly OrderItemRow[], settings: CurrentCoverSettings): number {
  return coverLimits(items, settings).coveredValuePence;
}

/** The price of the order's service with this cover: the one pricing function, in fields. */
function priceFields(
  servicePricePence: number,
  coverPence: number | null,
  settings: CurrentCoverSettings,
) {
  const price = orderPrice({
    servicePricePence,
    coverPence: coverPence ?? settings.includedPence,
    settings,
  });
  return {
    pricePence: price.totalPence,
    coverPence,
    coverPricePence: price.coverPricePence,
    coverSettingsVersion: settings.version,
  };
}

export type AddressRole = 'collection' | 'delivery';

/**
 * The recurring job that deletes abandoned drafts (decision 050, docs/orders.md), how often it
 * runs, and the default age (`DRAFT_RETENTION_DAYS`).
 */
export const PURGE_ABANDONED_DRAFTS_JOB = 'purge-abandoned-drafts';
export const DRAFT_PURGE_INTERVAL_MS = 60 * 60_000;
export const DEFAULT_DRAFT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

/** The tracked status of each booked order named, by id (a shipment not found: absent). */
export type ShipmentStatuses = (
  orderIds: readonly string[],
) => Promise<ReadonlyMap<string, TrackingStatus>>;

export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly items: OrderItemsRepository,
    private readonly catalog: CatalogService,
    private readonly routes: CourierRoutesService,
    private readonly holidays: HolidayLookup,
    private readonly clock: Clock,
    /** Rows of other modules that keep a draft from being deleted (`checkoutHoldsOrder`). */
    private readonly heldElsewhere: HeldElsewhere,
    /**
     * Each order's status from its boxes' (tracking's, wired by services.ts: tracking reads the
     * orders, so the orders never import it).
     */
    private readonly shipmentStatuses: ShipmentStatuses,
  ) {}

  /**
   * What each order's pages show of where its boxes are (docs/tracking.md): a booked order's
   * status from its boxes', null before the booking (the booking's state shows then) and after a
   * cancellation. Every view of an order (the account's, Manage my booking's, the console's) takes
   * it from here.
   */
  async trackingStatuses(
    rows: readonly Pick<OrderRow, 'id' | 'status'>[],
  ): Promise<Map<string, TrackingStatus | null>> {
    const booked = rows.filter((r) => r.status === 'booked').map((r) => r.id);
    const statuses = booked.length > 0 ? await this.shipmentStatuses(booked) : new Map();
    return new Map(rows.map((r) => [r.id, statuses.get(r.id) ?? null]));
  }

  async trackingStatus(row: Pick<OrderRow, 'id' | 'status'>): Promise<TrackingStatus | null> {
    return (await this.trackingStatuses([row])).get(row.id) ?? null;
  }

  private readonly drafts = new WriteBatcher(
    (drafts: Parameters<OrdersRepository['insertDrafts']>[0]) => this.orders.insertDrafts(drafts),
  );

  async get(id: string): Promise<OrderView> {
    const order = await this.load(id);
    const [items, trackingStatus] = await Promise.all([
      this.items.listForOrder(id),
      this.trackingStatus(order),
    ]);
    return toOrderView(order, items, trackingStatus);
  }

  /**
   * Stores the customer's choice of service, priced from our own rate table now: a price sent
   * by a client is never read.
   */
  async selectService(id: string, service: QuoteService): Promise<OrderView> {
    const order = await this.loadEditable(id);
    if (!order.offeredServices.some((s) => s.service === service)) {
      throw new ApiError(
        409,
        'SERVICE_UNAVAILABLE',
        'That service is not available for this order. Please choose one of the services shown.',
      );
    }
    const [pricePence, settings] = await Promise.all([
      this.catalog.findPricePence(service, order.destinationCountryId, order.totalWeightKg),
      this.catalog.coverSettings(),
    ]);
    if (pricePence === undefined) {
      throw new ApiError(
        409,
        'SERVICE_UNAVAILABLE',
        'That service is no longer available for this order. Please get a new quote.',
      );
    }
    return this.save(id, {
      selectedService: service,
      // The cover chosen stays, priced again with the settings now.
      ...priceFields(pricePence, order.coverPence, settings),
      serviceChosenAt: this.clock.now(),
      // The courier service behind the new choice is resolved again at the collection step.
      courierServiceId: null,
      collectionOptionId: null,
    });
  }

  /** Steps 1 and 2 of the wizard: country and post code come from the order, not the form. */
  async saveAddress(id: string, role: AddressRole, input: AddressInputValue): Promise<OrderView> {
    const order = await this.loadEditable(id);
    const view = toOrderView(order);
    const place = role === 'collection' ? view.collection : view.destination;
    const result = validateAddress(input, place.countryCode);
    if (!result.ok) throw new ApiError(422, 'VALIDATION_FAILED', result.summary, result.fields);
    const address: OrderAddress = {
      firstName: result.value.firstName,
      lastName: result.value.lastName,
      ...(result.value.company ? { company: result.value.company } : {}),
      street: result.value.street,
      ...(result.value.street2 ? { street2: result.value.street2 } : {}),
      city: result.value.city,
      state: result.value.state,
      postcode: place.postcode,
      countryTitle: place.title,
      phone: result.value.phone,
      email: result.value.email,
      ...(result.value.instructions ? { instructions: result.value.instructions } : {}),
    };
    const now = this.clock.now();
    return this.save(
      id,
      role === 'collection'
        ? // The person booking: their email stays when the collection contact changes later.
          { collectionAddress: address, collectionAddressSavedAt: now, bookerEmail: address.email }
        : { deliveryAddress: address, deliveryAddressSavedAt: now },
    );
  }

  /** The dates the order's collection can be booked for, seen from now. */
  async collectionDates(id: string): Promise<CollectionWindow & { region: HolidayRegion }> {
    const order = await this.load(id);
    const region = holidayRegionOf(order);
    return { ...collectionWindow(this.clock.now(), region, this.holidays), region };
  }

  /**
   * Whether the order's chosen collection date can still be booked, seen from now: a date chosen
   * yesterday for today cannot. Checked again when the customer pays and when the authorisation
   * arrives (docs/orders.md, "The flow").
   */
  collectionDateStillBookable(order: OrderRow): boolean {
    return (
      order.collectionDate !== null &&
      collectionDateError(
        order.collectionDate,
        this.clock.now(),
        holidayRegionOf(order),
        this.holidays,
      ) === undefined
    );
  }

  /**
   * Step 3: the date is checked again here (a client cannot send one outside the window), and the
   * courier service behind the chosen level and its collection option are resolved from current
   * route availability.
   */
  async setCollectionDate(id: string, date: string): Promise<OrderView> {
    const order = await this.loadEditable(id);
    const error = collectionDateError(
      date,
      this.clock.now(),
      holidayRegionOf(order),
      this.holidays,
    );
    if (error) throw new ApiError(422, 'VALIDATION_FAILED', error, { date: error });
    if (!order.selectedService) {
      throw new ApiError(
        409,
        'SERVICE_NOT_SELECTED',
        'Please choose Express or Economy on your quote first.',
      );
    }
    const match = await this.resolveCourierService(order);
    return this.save(id, {
      collectionDate: date,
      collectionDateChosenAt: this.clock.now(),
      courierServiceId: match.courierService.serviceId,
      collectionOptionId: match.collectionOptionId,
    });
  }

  /**
   * The courier service behind the order's chosen level and its collection option, from current
   * route availability (the cache, refreshed when stale): at the collection step and again before
   * payment and booking.
   */
  async resolveCourierService(order: OrderRow) {
    if (!order.selectedService) {
      throw new ApiError(
        409,
        'SERVICE_NOT_SELECTED',
        'Please choose Express or Economy on your quote first.',
      );
    }
    const services = await this.routes.servicesFor(
      {
        collectionCountryId: order.collectionCountryId,
        destinationCountryId: order.destinationCountryId,
        smallBoxes: order.smallBoxes,
        largeBoxes: order.largeBoxes,
      },
      {
        collection: {
          countryId: order.collectionCountryId,
          countryCode: 'GB',
          postcode: order.collectionPostcode,
        },
        delivery: {
          countryId: order.destinationCountryId,
          countryCode: toOrderView(order).destination.countryCode,
          postcode: order.destinationPostcode,
        },
      },
    );
    const match = courierServiceFor(order.selectedService, services);
    if (!match) {
      throw new ApiError(
        409,
        'SERVICE_UNAVAILABLE',
        `${SERVICE_LEVELS[order.selectedService].name} is no longer available on this route. Please go back to your quote and choose another service.`,
      );
    }
    return match;
  }

  /**
   * Deletes every unpaid draft not changed for `retentionDays` (with its items and everything
   * else that hangs on it), `batchSize` per transaction, until none is left or `stopped()`. An
   * order with any payment row, or past `draft`, is never touched.
   */
  async purgeAbandonedDrafts(options: {
    retentionDays: number;
    batchSize?: number;
    stopped?: () => boolean;
  }): Promise<{ deleted: number; before: Date }> {
    const before = new Date(this.clock.now().getTime() - options.retentionDays * DAY_MS);
    const batchSize = options.batchSize ?? 500;
    let deleted = 0;
    for (;;) {
      if (options.stopped?.()) break;
      const ids = await this.orders.deleteAbandonedDrafts(before, batchSize, this.heldElsewhere);
      deleted += ids.length;
      if (ids.length < batchSize) break;
    }
    return { deleted, before };
  }

  /**
   * Discard (decision 107): deletes an unpaid draft the caller may open, as the deletion of
   * abandoned drafts does (the same condition, re-checked under the order's row lock by the
   * statement that deletes). A paid order, one whose booking failed or a draft whose payment was
   * started is kept (409); an order that is not there any more is 404.
   */
  async discardDraft(id: string): Promise<{ reference: string }> {
    const result = await this.orders.discardDraft(id, this.heldElsewhere);
    switch (result.outcome) {
      case 'deleted':
        return { reference: result.reference };
      case 'gone':
        throw new ApiError(404, ORDER_NOT_FOUND.code, ORDER_NOT_FOUND_MESSAGE);
      case 'kept':
        throw new ApiError(
          409,
          NOT_DISCARDABLE.code,
          result.status === 'draft'
            ? NOT_DISCARDABLE.paymentStarted
            : result.status === 'booking_failed'
              ? NOT_DISCARDABLE.bookingFailed
              : NOT_DISCARDABLE.paid,
        );
    }
  }

  async load(id: string): Promise<OrderRow> {
    const order = await this.orders.findById(id);
    if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
    return order;
  }

  async loadEditable(id: string): Promise<OrderRow> {
    const order = await this.load(id);
    if (!isEditable(order.status)) throw orderLocked();
    return order;
  }

  /**
   * The customer's change to an order they may still edit: refused (ORDER_LOCKED) when the
   * order has moved on, checked by the write itself.
   */
  async save(id: string, changes: OrderChanges): Promise<OrderView> {
    const updated = await this.orders.update(
      id,
      { ...changes, updatedAt: this.clock.now() },
      EDITABLE_STATUSES,
    );
    if (!updated) {
      await this.load(id);
      throw orderLocked();
    }
    return toOrderView(updated, await this.items.listForOrder(id));
  }

  /**
   * A change to the order's declared items, made only while the order may be edited: the order's
   * row is locked and its status checked in the same transaction as the change, so an item can
   * never be added or removed once the card is being authorised or after. `change` gets the
   * locked order and its items as they are now (re-check anything read before the lock against
   * them); the declaration must be confirmed again afterwards.
   */
  async changeItems(
    id: string,
    change: (order: OrderRow, items: OrderItemRow[], tx: DbExecutor) => Promise<void>,
  ): Promise<OrderView> {
    // Read before the transaction: PGlite has one connection (docs/testing.md).
    const settings = await this.catalog.coverSettings();
    const updated = await this.orders.transaction(async (tx) => {
      const order = await this.orders.lock(id, tx);
      if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
      if (!isEditable(order.status)) throw orderLocked();
      await change(order, await this.items.listForOrder(id, tx), tx);
      // Cover is never more than the value of the goods it pays for: a smaller declaration
      // lowers it with the price, in the same write (decisions 111, 144); a larger one leaves it
      // for the customer.
      const kept = clampCover(
        order.coverPence,
        coveredValueOf(await this.items.listForOrder(id, tx), settings),
        settings,
      );
      const cover =
        kept !== order.coverPence && order.pricePence !== null
          ? priceFields(order.pricePence - order.coverPricePence, kept, settings)
          : {};
      const row = await this.orders.update(
        id,
        { ...cover, declaredAt: null, updatedAt: this.clock.now() },
        EDITABLE_STATUSES,
        tx,
      );
      if (!row) throw orderLocked();
      return { row, items: await this.items.listForOrder(id, tx) };
    });
    return toOrderView(updated.row, updated.items);
  }

  /**
   * The order's price now: its chosen service in the rate table now plus its cover at the cover
   * settings now (kept within the declared value and the maximum); undefined when the table has
   * no price. What Pay charges (docs/orders.md, "The flow").
   */
  async currentPrice(order: OrderRow): Promise<PriceNow | undefined> {
    if (!order.selectedService) return undefined;
    const [servicePricePence, settings, items] = await Promise.all([
      this.catalog.findPricePence(
        order.selectedService,
        order.destinationCountryId,
        order.totalWeightKg,
      ),
      this.catalog.coverSettings(),
      this.items.listForOrder(order.id),
    ]);
    if (servicePricePence === undefined) return undefined;
    const coverPence = clampCover(order.coverPence, coveredValueOf(items, settings), settings);
    const fields = priceFields(servicePricePence, coverPence, settings);
    return {
      servicePricePence,
      coverPence,
      coverPricePence: fields.coverPricePence,
      totalPence: fields.pricePence,
      coverSettingsVersion: fields.coverSettingsVersion,
    };
  }

  /** The cover settings now, for the cover choice (docs/cover-and-import-charges.md). */
  coverSettings(): Promise<CurrentCoverSettings> {
    return this.catalog.coverSettings();
  }

  /** What cover the order can have, what it has, and which of its items the cover leaves out. */
  async coverOptions(id: string): Promise<CoverOptions> {
    const [order, items, settings] = await Promise.all([
      this.load(id),
      this.items.listForOrder(id),
      this.catalog.coverSettings(),
    ]);
    const limits = coverLimits(items, settings);
    return {
      settings,
      declaredValuePence: limits.declaredValuePence,
      coveredValuePence: limits.coveredValuePence,
      maxCoverPence: limits.maxCoverPence,
      suggestedPence: limits.maxCoverPence,
      coverPence: order.coverPence ?? settings.includedPence,
      coverPricePence: order.coverPricePence,
      exclusions: limits.exclusions,
    };
  }

  /**
   * The cover of a booked order as it was priced: the cover settings of its price (the version it
   * was priced with), its cover limits at them (`coverLimits`) and the cover in force. A raise after payment is priced
   * at these settings (docs/cover-and-import-charges.md, "Raising the cover after payment").
   */
  async bookedCover(
    id: string,
  ): Promise<{ settings: CurrentCoverSettings; limits: CoverLimits; coverPence: number }> {
    const [order, items] = await Promise.all([this.load(id), this.items.listForOrder(id)]);
    const row =
      order.coverSettingsVersion !== null
        ? await this.catalog.findCoverSettings(order.coverSettingsVersion)
        : undefined;
    const settings = row ? coverSettingsOf(row) : await this.catalog.coverSettings();
    return {
      settings,
      limits: coverLimits(items, settings),
      coverPence: order.coverPence ?? settings.includedPence,
    };
  }

  /**
   * The cover in force after a raise the courier accepted, and what was paid for it added to the
   * order's cover price and price (so the receipt reads what was paid in all), in the caller's
   * transaction under the order's row lock: only while the order is booked (or being cancelled),
   * and never lower.
   */
  async raiseCover(
    id: string,
    raise: { coverPence: number; pricePence: number },
    tx: DbExecutor,
  ): Promise<boolean> {
    const order = await this.orders.lock(id, tx);
    if (!order || order.pricePence === null || (order.coverPence ?? 0) >= raise.coverPence) {
      return false;
    }
    const row = await this.orders.update(
      id,
      {
        coverPence: raise.coverPence,
        coverPricePence: order.coverPricePence + raise.pricePence,
        pricePence: order.pricePence + raise.pricePence,
        updatedAt: this.clock.now(),
      },
      ['booked', 'cancelling'],
      tx,
    );
    return row !== undefined;
  }

  /**
   * The customer's choice of cover (the whole level, as typed in pounds): checked against the
   * declared items' cover limits (`coverLimits`: the goods the cover pays for) and the settings, and priced by the one pricing function, under the order's
   * row lock and only while it may be changed, in one write with the order's price.
   */
  async chooseCover(id: string, typed: string): Promise<OrderView> {
    const read = readPounds(typed);
    if ('problem' in read) {
      throw new ApiError(422, 'VALIDATION_FAILED', COVER_MESSAGE, { cover: COVER_MESSAGE });
    }
    // Read before the transaction: PGlite has one connection.
    const settings = await this.catalog.coverSettings();
    const updated = await this.orders.transaction(async (tx) => {
      const order = await this.orders.lock(id, tx);
      if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
      if (!isEditable(order.status)) throw orderLocked();
      if (!order.selectedService || order.pricePence === null) {
        throw new ApiError(
          409,
          'SERVICE_NOT_SELECTED',
          'Please choose Express or Economy on your quote first.',
        );
      }
      const items = await this.items.listForOrder(id, tx);
      const problem = coverProblem(read.pence, coverLimits(items, settings), settings);
      if (problem) throw new ApiError(422, 'VALIDATION_FAILED', problem, { cover: problem });
      const row = await this.orders.update(
        id,
        {
          ...priceFields(
            order.pricePence - order.coverPricePence,
            read.pence > settings.includedPence ? read.pence : null,
            settings,
          ),
          updatedAt: this.clock.now(),
        },
        EDITABLE_STATUSES,
        tx,
      );
      if (!row) throw orderLocked();
      return { row, items };
    });
    return toOrderView(updated.row, updated.items);
  }

  /**
   * The declaration's personal-effects switch, under the order's row lock and only while it may
   * be changed. A change is a change to the declaration: its check (Continue) is asked again, as
   * after an item is added or deleted; the same answer again changes nothing.
   */
  async setPersonalEffects(id: string, personalEffects: boolean): Promise<OrderView> {
    const updated = await this.orders.transaction(async (tx) => {
      const order = await this.orders.lock(id, tx);
      if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
      if (!isEditable(order.status)) throw orderLocked();
      const items = await this.items.listForOrder(id, tx);
      if (order.personalEffects === personalEffects) return { row: order, items };
      const now = this.clock.now();
      const row = await this.orders.update(
        id,
        { personalEffects, personalEffectsSetAt: now, declaredAt: null, updatedAt: now },
        EDITABLE_STATUSES,
        tx,
      );
      if (!row) throw orderLocked();
      return { row, items };
    });
    return toOrderView(updated.row, updated.items);
  }

  /** A new draft order (Get Quotes). */
  findByReference(reference: string): Promise<OrderRow | undefined> {
    return this.orders.findByReference(reference);
  }

  /** The orders of these references that exist, for a link to each. */
  findByReferences(references: string[]): Promise<{ id: string; reference: string }[]> {
    return this.orders.findByReferences(references);
  }

  /**
   * The orders an account may open, newest first (OrdersRepository.listForAccount), each with
   * whether Discard may delete it.
   */
  listForAccount(
    userId: string,
    verifiedEmail: string | null,
  ): Promise<(OrderRow & { discardable: boolean })[]> {
    return this.orders.listForAccount(userId, verifiedEmail, this.heldElsewhere);
  }

  findForAccount(
    reference: string,
    userId: string,
    verifiedEmail: string | null,
  ): Promise<OrderRow | undefined> {
    return this.orders.findForAccount(reference, userId, verifiedEmail);
  }

  /**
   * Stores a new draft that belongs to this browser (its guest hash) and, if signed in, to the
   * account. Drafts made at the same moment are written together in one transaction (group
   * commit, docs/decisions/060); each caller's answer waits until its draft is committed.
   */
  createDraft(
    order: Omit<NewOrderRow, 'status' | 'userId'>,
    owner: { guestHash: string; userId: string | null },
  ): Promise<OrderRow> {
    return this.drafts.run({
      order: { ...order, userId: owner.userId, status: 'draft' },
      guestHash: owner.guestHash,
    });
  }

  /** The order's declared items, in order. */
  declaredItems(orderId: string): Promise<OrderItemRow[]> {
    return this.items.listForOrder(orderId);
  }

  /** The ids of every order in one of these statuses, oldest first (a restore's reconciliation). */
  idsIn(statuses: readonly OrderStatus[]): Promise<string[]> {
    return this.orders.idsIn(statuses);
  }

  /** Reads the order and locks its row for the rest of the caller's transaction. */
  lock(id: string, tx: DbExecutor): Promise<OrderRow | undefined> {
    return this.orders.lock(id, tx);
  }

  /**
   * Moves the order's status (docs/orders.md) with `fields` in the same write, re-checked under
   * the row lock in the caller's transaction; undefined when the order was not in `from`.
   */
  transition(
    id: string,
    from: OrderStatus | readonly OrderStatus[],
    to: OrderStatus,
    fields: OrderChanges,
    tx: DbExecutor,
  ): Promise<OrderRow | undefined> {
    return this.orders.transition(id, from, to, { ...fields, updatedAt: this.clock.now() }, tx);
  }

  /** Changes an order without moving its status, only while it is in one of `onlyIn`. */
  update(
    id: string,
    changes: OrderChanges,
    onlyIn: readonly OrderStatus[],
    tx: DbExecutor,
  ): Promise<OrderRow | undefined> {
    return this.orders.update(id, { ...changes, updatedAt: this.clock.now() }, onlyIn, tx);
  }

  /** The console's order list and search, newest first (keyset pages). */
  search(search: OrderSearch): Promise<OrderRow[]> {
    return this.orders.search(search);
  }

  countByStatus(status: OrderStatus): Promise<number> {
    return this.orders.countByStatus(status);
  }

  /** Paid orders and their amounts per day since `since` (the console's dashboard). */
  perDay(since: Date) {
    return this.orders.perDay(since);
  }

  findById(id: string): Promise<OrderRow | undefined> {
    return this.orders.findById(id);
  }
}

function orderLocked(): ApiError {
  return new ApiError(
    409,
    'ORDER_LOCKED',
    'This order has been paid for and can no longer be changed.',
  );
}

function holidayRegionOf(order: OrderRow): HolidayRegion {
  const area = parseUkPostcode(order.collectionPostcode)?.area ?? '';
  return holidayRegionForPostcodeArea(area);
}
