/**
 * What the simulator answers to each API call, apart from HTTP: request in (already JSON),
 * reply out (the API's JSON). Validation failures are `Status: FAIL` with helpful
 * Notifications, as the real API signals business failures (docs/providers.md, "Replies and failures").
 */
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  BookShipmentRequestSchema,
  CancelShipmentRequestSchema,
  CommodityRequestSchema,
  CredentialsSchema,
  OrderDocumentsRequestSchema,
  FindOrdersRequestSchema,
  QuoteRequestSchema,
  RebookCollectionRequestSchema,
  TrackOrderRequestSchema,
  type AddressJson,
  type ShipmentJson,
} from '../transglobal/transglobal.schemas.js';
import { searchCommodities } from './commodity-search.js';
import { COURIER_COUNTRIES, findCourierCountry, type CountryRow } from './countries.data.js';
import type { BookingDocuments, PdfAddress, PdfOrder } from './documents.pdf.js';
import {
  collectionOptionsFor,
  insuranceCost,
  priceFor,
  round2,
  SERVICES,
  servicesFor,
  zoneOf,
  type Route,
  type SimService,
} from './services.js';
import { londonClock } from '#src/domain/london-time.js';
import type { OrderStore, StoredOrder } from './order-store.js';
import {
  apiDateTime,
  awaitingCollection,
  collectedBoxes,
  currentCollection,
  currentContact,
  currentInstructions,
  isWeekend,
  trackingAt,
  type CollectionMove,
  currentCover,
  type Scenario,
} from './tracking.js';

export type Reply = Record<string, unknown>;

export interface HandlerContext {
  now(): Date;
  /** The simulator's public base URL, for TrackingURL and DownloadURL. */
  baseUrl(): string;
  /** When set, only these credentials are accepted; otherwise any non-empty pair. */
  credentials?: { apiKey: string; password: string };
  /** A booking's labels and invoice (on a worker thread unless `renderPdfs` says otherwise). */
  renderDocuments(order: PdfOrder): Promise<BookingDocuments>;
  /** Keeps what a booking asked for that tests read back (`/__calls`' `bookings`). */
  recordBooking?(yourReference: string, booked: { coverValue: number }): void;
}

export const MAX_PACKAGE_KG = 70;
export const MAX_PACKAGE_SIDE_CM = 120;
export const MAX_PACKAGES = 20;
export const MAX_STORED_ORDERS = 500;
/** Countries whose addresses have no postcode. */
const NO_POSTCODE = new Set(['AE', 'BS', 'HK', 'JM', 'QA', 'FJ', 'GH', 'UG', 'ZW', 'TT', 'BB']);

export function fail(...messages: string[]): Reply {
  return {
    Status: 'FAIL',
    Notifications: messages.map((Message) => ({ Message, Severity: 'ERROR' })),
  };
}

function success(body: Reply, notifications: { Message: string; Severity: string }[] = []) {
  return { Status: 'SUCCESS', Notifications: notifications, ...body };
}

function issuesToMessages(error: z.ZodError): string[] {
  return error.issues.slice(0, 10).map((issue) => {
    const path = issue.path
      .map((part, i) =>
        typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`,
      )
      .join('');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

/**
 * A call's request: its credentials checked, then its body read by `schema`; or the FAIL that
 * answers it (the body's problems, or `missing` for a call with one required field).
 */
function readRequest<S extends z.ZodType>(
  body: unknown,
  context: HandlerContext,
  schema: S,
  missing?: string,
): { request: z.output<S> } | { refused: Reply } {
  const denied = checkCredentials(body, context);
  if (denied) return { refused: denied };
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return { refused: missing ? fail(missing) : fail(...issuesToMessages(parsed.error)) };
  }
  return { request: parsed.data };
}

/**
 * A call about one order this simulator booked: its request (as `readRequest` reads it) and the
 * order its OrderReference names; or the FAIL that answers it.
 */
function readOrderRequest<S extends z.ZodType<{ OrderReference: string }>>(
  body: unknown,
  context: HandlerContext,
  orders: OrderBook,
  schema: S,
): { request: z.output<S>; order: StoredOrder } | { refused: Reply } {
  const read = readRequest(body, context, schema, 'OrderReference is required');
  if ('refused' in read) return read;
  const order = orders.order(read.request.OrderReference);
  if (!order) return { refused: fail(`Order not found: ${read.request.OrderReference}`) };
  return { request: read.request, order };
}

function checkCredentials(body: unknown, context: HandlerContext): Reply | undefined {
  const raw = (body as { Credentials?: unknown } | null)?.Credentials;
  const parsed = CredentialsSchema.safeParse(raw);
  if (!parsed.success) {
    return fail('Credentials are required: send Credentials with APIKey and Password');
  }
  const expected = context.credentials;
  if (
    expected &&
    (parsed.data.APIKey !== expected.apiKey || parsed.data.Password !== expected.password)
  ) {
    return fail('Invalid Credentials: the APIKey and Password were not recognised');
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Shared validation
// ---------------------------------------------------------------------------------------------

interface ResolvedCountry {
  id: number;
  title: string;
  code: string;
}

function resolveCountry(
  ref: { CountryID?: number | null; CountryCode?: string | null },
  label: string,
  problems: string[],
): ResolvedCountry | undefined {
  const toCountry = (row: CountryRow): ResolvedCountry => ({
    id: row[0],
    title: row[1],
    code: row[2],
  });
  if (ref.CountryID != null) {
    const row = findCourierCountry(ref.CountryID);
    if (!row) {
      problems.push(`${label}.Country: CountryID ${ref.CountryID} is not a known CountryID`);
      return undefined;
    }
    if (ref.CountryCode && ref.CountryCode !== row[2]) {
      problems.push(
        `${label}.Country: CountryID ${row[0]} is ${row[1]} (${row[2]}), which does not match CountryCode ${ref.CountryCode}`,
      );
      return undefined;
    }
    return toCountry(row);
  }
  if (ref.CountryCode) {
    const row = COURIER_COUNTRIES.find(([, , code]) => code === ref.CountryCode);
    if (!row) {
      problems.push(`${label}.Country: CountryCode ${ref.CountryCode} is not a known country`);
      return undefined;
    }
    return toCountry(row);
  }
  problems.push(`${label}.Country: CountryID or CountryCode is required`);
  return undefined;
}

interface CheckedShipment {
  shipment: ShipmentJson;
  collection: ResolvedCountry;
  delivery: ResolvedCountry;
  route: Route;
}

function checkShipment(shipment: ShipmentJson, problems: string[]): CheckedShipment | undefined {
  const collection = resolveCountry(
    shipment.CollectionAddress.Country,
    'CollectionAddress',
    problems,
  );
  const delivery = resolveCountry(shipment.DeliveryAddress.Country, 'DeliveryAddress', problems);
  const packages = shipment.Consignment.Packages;
  if (packages.length > MAX_PACKAGES) {
    problems.push(`At most ${MAX_PACKAGES} packages can be sent in one shipment`);
  }
  packages.forEach((p, i) => {
    if (p.Weight > MAX_PACKAGE_KG) {
      problems.push(
        `Package ${i + 1} weighs ${p.Weight} kg, over the maximum of ${MAX_PACKAGE_KG} kg per package`,
      );
    }
    const longest = Math.max(p.Length, p.Width, p.Height);
    if (longest > MAX_PACKAGE_SIDE_CM) {
      problems.push(
        `Package ${i + 1} measures ${longest} cm on one side, over the maximum of ${MAX_PACKAGE_SIDE_CM} cm`,
      );
    }
  });
  if (!collection || !delivery || problems.length > 0) return undefined;
  return {
    shipment,
    collection,
    delivery,
    route: { collectionCountryId: collection.id, deliveryCountryCode: delivery.code },
  };
}

function sameDayCutOff(service: SimService, now: Date): string | null {
  const london = londonClock(now);
  if (isWeekend(london.date) || london.time >= service.cutOff) return null;
  return service.cutOff;
}

// ---------------------------------------------------------------------------------------------
// GetCountries
// ---------------------------------------------------------------------------------------------

export function getCountries(body: unknown, context: HandlerContext): Reply {
  const denied = checkCredentials(body, context);
  if (denied) return denied;
  return success({
    Countries: COURIER_COUNTRIES.map(([CountryID, Title, CountryCode]) => ({
      CountryID,
      Title,
      CountryCode,
    })),
  });
}

// ---------------------------------------------------------------------------------------------
// GetQuote / GetQuoteMinimal
// ---------------------------------------------------------------------------------------------

const EXPECTED_LABEL = {
  LabelRole: 'Primary',
  LabelFormat: 'PDF',
  LabelGenerateStatus: 'LabelGenerated',
  AvailableSizes: [{ Size: 'A4' }, { Size: 'Thermal' }],
};

function serviceResult(service: SimService, checked: CheckedShipment, now: Date): Reply {
  const packages = checked.shipment.Consignment.Packages;
  const price = priceFor(service, checked.route, packages);
  const options = collectionOptionsFor(service, packages.length);
  const cutOff = sameDayCutOff(service, now);
  const collectionCharge = options[0]?.charge ?? 0;
  const net = price.net;
  const breakdown = [
    { Code: 'FRT', Description: 'Freight', Cost: price.freight },
    { Code: 'FSC', Description: 'Fuel surcharge', Cost: price.fuel },
    ...(price.remoteArea > 0
      ? [{ Code: 'RAS', Description: 'Remote area collection', Cost: price.remoteArea }]
      : []),
  ];
  const extras = [
    { Code: 'INS', Description: 'Enhanced cover up to 500.00', Cost: insuranceCost(500) },
    ...(service.residentialSurcharge > 0
      ? [
          {
            Code: 'RES',
            Description: 'Residential delivery surcharge (if applicable)',
            Cost: service.residentialSurcharge,
          },
        ]
      : []),
  ];
  return {
    ServiceID: service.id,
    ServiceName: service.name,
    CarrierName: service.carrier,
    ChargeableWeight: price.chargeableWeight,
    TransitTimeEstimate: service.transit[zoneOf(checked.route.deliveryCountryCode)],
    SameDayCollectionCutOffTime: cutOff,
    IsWarehouseService: false,
    // International freight from the UK is zero-rated for VAT: gross equals net.
    TotalCost: {
      TotalCostNetWithCollection: round2(net + collectionCharge),
      TotalCostNetWithoutCollection: net,
      TotalCostGrossWithCollection: round2(net + collectionCharge),
      TotalCostGrossWithoutCollection: net,
    },
    ServicePriceBreakdown: breakdown,
    OptionalExtras: extras,
    SignatureRequiredAvailable: service.signature,
    ExpectedLabels: [EXPECTED_LABEL],
    ...(options.length > 0
      ? {
          CollectionOptions: options.map((option) => ({
            CollectionOptionID: option.id,
            CollectionOptionTitle: option.title,
            CollectionCharge: option.charge,
            SameDayCollectionCutOffTime: cutOff,
            ExpectedLabel: { ...EXPECTED_LABEL, LabelRole: 'Collection' },
          })),
        }
      : {}),
    ServiceType: service.type,
  };
}

export class QuoteBook {
  private nextId = 1265 + randomInt(0, 1000);
  private readonly quotes = new Map<number, { shipment: ShipmentJson; at: number }>();

  save(shipment: ShipmentJson, now: Date): number {
    const id = this.nextId++;
    this.quotes.set(id, { shipment, at: now.getTime() });
    if (this.quotes.size > MAX_STORED_ORDERS) {
      const oldest = this.quotes.keys().next().value;
      if (oldest !== undefined) this.quotes.delete(oldest);
    }
    return id;
  }

  /** A full quote keeps its shipment for 10 days (docs/providers.md, "Quotes"). */
  find(id: number, now: Date): ShipmentJson | undefined {
    const quote = this.quotes.get(id);
    if (!quote || now.getTime() - quote.at > 10 * 24 * 3600 * 1000) return undefined;
    return quote.shipment;
  }
}

export function getQuote(
  body: unknown,
  context: HandlerContext,
  minimal: boolean,
  quotes: QuoteBook,
): Reply {
  const read = readRequest(body, context, QuoteRequestSchema);
  if ('refused' in read) return read.refused;
  const { request } = read;
  const problems: string[] = [];
  const checked = checkShipment(request.Shipment, problems);
  if (!checked) return fail(...problems);
  const now = context.now();
  const services = servicesFor(checked.route, checked.shipment.Consignment.Packages);
  // GetQuoteMinimal's QuoteID is always 0; a full GetQuote stores the shipment for booking.
  const quoteId = minimal || services.length === 0 ? 0 : quotes.save(checked.shipment, now);
  return success(
    { QuoteID: quoteId, ServiceResults: services.map((s) => serviceResult(s, checked, now)) },
    services.length === 0
      ? [
          {
            Message: `No services are available from ${checked.collection.title} to ${checked.delivery.title}`,
            Severity: 'WARNING',
          },
        ]
      : [],
  );
}

// ---------------------------------------------------------------------------------------------
// GetCommodity
// ---------------------------------------------------------------------------------------------

export function getCommodity(body: unknown, context: HandlerContext): Reply {
  const read = readRequest(body, context, CommodityRequestSchema);
  if ('refused' in read) return read.refused;
  const { request } = read;
  const limit = Math.min(Math.max(request.NumberOfResults ?? 5, 1), 25);
  // No match is a SUCCESS with an empty Results list (the real behaviour is UNKNOWN).
  return success({
    SearchResults: request.Searches.map((search) => ({
      Results: searchCommodities(search.Description, limit).map((entry) => ({
        CommodityCode: entry.code,
        CommodityDescription: entry.description,
      })),
    })),
  });
}

// ---------------------------------------------------------------------------------------------
// BookShipment
// ---------------------------------------------------------------------------------------------

export type { StoredOrder };

/**
 * The orders the simulator booked (the last MAX_STORED_ORDERS), with their PDFs; in memory, and
 * in a store on disk when it has one (order-store.ts), from which `open` loads them again.
 */
export class OrderBook {
  private nextOrder = 52_000 + randomInt(0, 900_000);
  private nextInvoice = 40_000 + randomInt(0, 900_000);
  private readonly orders = new Map<string, StoredOrder>();
  private readonly files = new Map<string, Buffer>();

  constructor(
    private readonly store?: OrderStore,
    /** How many orders it keeps, the newest (tests set fewer). */
    private readonly limit = MAX_STORED_ORDERS,
  ) {}

  /** The book, with the orders its store kept (if it has one). */
  static async open(store?: OrderStore, limit = MAX_STORED_ORDERS): Promise<OrderBook> {
    const book = new OrderBook(store, limit);
    for (const order of (await store?.load()) ?? []) book.keep(order);
    await book.evict();
    return book;
  }

  newOrderReference(): string {
    let reference: string;
    do reference = `GB${String(this.nextOrder++).padStart(7, '0')}`;
    while (this.orders.has(reference));
    return reference;
  }

  newInvoiceReference(): string {
    return `INV-${String(this.nextInvoice++).padStart(7, '0')}`;
  }

  private keep(order: StoredOrder): void {
    this.orders.set(order.orderReference.toUpperCase(), order);
    for (const file of [...order.labels, ...order.documents]) {
      this.files.set(file.token, file.content);
    }
  }

  /** Keeps a new order (written to the store first, when there is one). */
  async add(order: StoredOrder): Promise<void> {
    await this.store?.add(order);
    this.keep(order);
    await this.evict();
  }

  /**
   * Writes an order's changed scenario or collection to the store (when there is one); `labels`:
   * its labels were rendered again (their tokens kept), so downloads serve the new ones.
   */
  async changed(order: StoredOrder, options: { labels?: boolean } = {}): Promise<void> {
    if (options.labels)
      for (const label of order.labels) this.files.set(label.token, label.content);
    await this.store?.update(order, options);
  }

  /** Lets the oldest orders go beyond the limit, their files with them. */
  private async evict(): Promise<void> {
    while (this.orders.size > this.limit) {
      const [oldestKey, oldest] = this.orders.entries().next().value ?? [];
      if (!oldestKey || !oldest) return;
      this.orders.delete(oldestKey);
      for (const file of [...oldest.labels, ...oldest.documents]) this.files.delete(file.token);
      await this.store?.remove(oldest);
    }
  }

  /** Every write to the store asked so far, done. */
  async idle(): Promise<void> {
    await this.store?.idle();
  }

  order(reference: string): StoredOrder | undefined {
    return this.orders.get(reference.toUpperCase());
  }

  /** The orders booked under this YourReference, oldest first (those kept with what they booked). */
  byYourReference(yourReference: string): StoredOrder[] {
    const wanted = yourReference.trim();
    return [...this.orders.values()].filter((order) => order.pdf?.yourReference === wanted);
  }

  /** Each cancelled order's reference and how many CancelShipment calls it answered SUCCESS. */
  /** By order reference: each cover raised after booking, in pounds, oldest first. */
  coverRaises(): Record<string, number[]> {
    const raises: Record<string, number[]> = {};
    for (const order of this.orders.values()) {
      const values = order.rebookings.flatMap((r) =>
        r.coverValue === undefined ? [] : [r.coverValue],
      );
      if (values.length > 0) raises[order.orderReference] = values;
    }
    return raises;
  }

  cancellations(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const order of this.orders.values()) {
      if (order.cancellation) counts[order.orderReference] = order.cancellation.count;
    }
    return counts;
  }

  file(token: string): Buffer | undefined {
    return this.files.get(token);
  }
}

/** A 10-digit air waybill whose last digit is the first nine mod 7 (DHL Express style). */
export function newAirWaybill(): string {
  const body = String(randomInt(100_000_000, 1_000_000_000));
  return `${body}${Number(body) % 7}`;
}

function token(): string {
  return Array.from({ length: 4 }, () => randomInt(0, 2 ** 32).toString(36)).join('');
}

function checkBookingAddress(address: AddressJson, label: string, problems: string[]): void {
  const named =
    (address.Forename?.trim() && address.Surname?.trim()) || address.CompanyName?.trim();
  if (!named) problems.push(`${label}: Forename and Surname (or CompanyName) are required`);
  if (!address.AddressLineOne?.trim()) problems.push(`${label}.AddressLineOne is required`);
  if (!address.City?.trim()) problems.push(`${label}.City is required`);
  if (!address.TelephoneNumber?.trim()) problems.push(`${label}.TelephoneNumber is required`);
  if (address.EmailAddress && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address.EmailAddress)) {
    problems.push(`${label}.EmailAddress "${address.EmailAddress}" is not an email address`);
  }
}

function pdfAddress(address: AddressJson, country: ResolvedCountry): PdfAddress {
  const name = [address.Forename, address.Surname].filter(Boolean).join(' ').trim();
  return {
    name: name || address.CompanyName || '',
    ...(name && address.CompanyName ? { companyName: address.CompanyName } : {}),
    lines: [address.AddressLineOne, address.AddressLineTwo, address.AddressLineThree].filter(
      (line): line is string => !!line?.trim(),
    ),
    city: address.City ?? '',
    ...(address.County ? { county: address.County } : {}),
    postcode: address.Postcode ?? '',
    country: country.title,
    ...(address.TelephoneNumber ? { telephone: address.TelephoneNumber } : {}),
    ...(address.EmailAddress ? { email: address.EmailAddress } : {}),
  };
}

export const INVALID_SERVICE = 'Carrier Error: An invalid service has been entered';

type BookRequest = z.infer<typeof BookShipmentRequestSchema>;
type BookDetails = BookRequest['BookDetails'];
type Packages = ShipmentJson['Consignment']['Packages'];

/**
 * BookShipment, in steps: the shipment (sent, or a stored quote's) → checked as the courier
 * checks it (service, addresses, collection, customs, cover) → priced → its labels and invoice
 * rendered and the order stored → the reply with its documents and links.
 */
export async function bookShipment(
  body: unknown,
  context: HandlerContext,
  quotes: QuoteBook,
  orders: OrderBook,
): Promise<Reply> {
  const read = readRequest(body, context, BookShipmentRequestSchema);
  if ('refused' in read) return read.refused;
  const { request } = read;
  const now = context.now();
  const toBook = shipmentToBook(request, quotes, now);
  if ('refused' in toBook) return toBook.refused;
  const { shipment } = toBook;
  const problems: string[] = [];
  const checked = checkShipment(shipment, problems);
  if (!checked) return fail(...problems);
  const packages = shipment.Consignment.Packages;
  const details = request.BookDetails;
  const service = SERVICES.find((s) => s.id === details.ServiceID);
  if (!service || !servicesFor(checked.route, packages).some((s) => s.id === service.id)) {
    return fail(INVALID_SERVICE);
  }
  checkBookingAddress(shipment.CollectionAddress, 'CollectionAddress', problems);
  checkBookingAddress(shipment.DeliveryAddress, 'DeliveryAddress', problems);
  if (!shipment.CollectionAddress.Postcode?.trim()) {
    problems.push('CollectionAddress.Postcode is required');
  }
  if (!shipment.DeliveryAddress.Postcode?.trim() && !NO_POSTCODE.has(checked.delivery.code)) {
    problems.push(`DeliveryAddress.Postcode is required for ${checked.delivery.title}`);
  }
  checkCollection(details.Collection, service, packages.length, now, problems);
  // Customs: every package of a shipment leaving the UK declares its contents.
  const customs = checked.delivery.code !== 'GB';
  checkDeclarations(packages, customs ? checked.delivery.title : undefined, problems);
  const cover = details.Insurance?.CoverValue ?? 0;
  if (cover > 5000) problems.push('Insurance.CoverValue above 5000.00 is not available');
  if (problems.length > 0) return fail(...problems);
  const invoice = invoiceFor(checked, service, details, cover);
  const stored = await storeBooking(context, orders, {
    checked,
    service,
    details,
    customs,
    now,
  });
  context.recordBooking?.(details.YourReference ?? stored.orderReference, { coverValue: cover });
  return bookingReply(context, stored, invoice);
}

/** The shipment to book: the one sent, or the stored quote's it names (a FAIL otherwise). */
function shipmentToBook(
  request: BookRequest,
  quotes: QuoteBook,
  now: Date,
): { shipment: ShipmentJson } | { refused: Reply } {
  if (request.QuoteSelection && request.Shipment) {
    return { refused: fail('Send either QuoteSelection or Shipment, not both') };
  }
  let shipment: ShipmentJson | undefined = request.Shipment ?? undefined;
  if (request.QuoteSelection) {
    const id = request.QuoteSelection.QuoteID;
    shipment = id === 0 ? undefined : quotes.find(id, now);
    if (!shipment) {
      return {
        refused: fail(
          id === 0
            ? 'QuoteID 0 cannot be booked: a GetQuoteMinimal quote is not stored; send the full Shipment'
            : `QuoteID ${id} was not found or has expired`,
        ),
      };
    }
  }
  return shipment ? { shipment } : { refused: fail('Shipment (or QuoteSelection) is required') };
}

/** The collection: a weekday from today (before the service's cut-off today), and its option. */
function checkCollection(
  collection: BookDetails['Collection'],
  service: SimService,
  packageCount: number,
  now: Date,
  problems: string[],
): void {
  if (!collection) {
    problems.push('BookDetails.Collection with CollectionDate is required');
    return;
  }
  const today = londonClock(now);
  const date = collection.CollectionDate.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    problems.push(`CollectionDate "${collection.CollectionDate}" is not a date (yyyy-MM-dd)`);
  } else if (date < today.date) {
    problems.push(`CollectionDate ${date} is in the past`);
  } else if (isWeekend(date)) {
    problems.push(
      `CollectionDate ${date} is a Saturday or Sunday: collections run Monday to Friday`,
    );
  } else if (date === today.date && today.time >= service.cutOff) {
    problems.push(
      `CollectionDate ${date} is today and the same-day cut-off (${service.cutOff}) has passed`,
    );
  }
  if (collection.ReadyFrom && !/^([01]\d|2[0-3]):[0-5]\d$/.test(collection.ReadyFrom)) {
    problems.push(`ReadyFrom "${collection.ReadyFrom}" is not a time (HH:mm)`);
  }
  const options = collectionOptionsFor(service, packageCount);
  const chosen = collection.CollectionOptionID;
  const list = options.map((o) => `${o.id} (${o.title})`).join(', ');
  if (options.length > 0 && chosen == null) {
    problems.push(`Collection.CollectionOptionID is required for ${service.name}: one of ${list}`);
  } else if (options.length > 0 && !options.some((o) => o.id === chosen)) {
    problems.push(
      `CollectionOptionID ${chosen} is not available for ${packageCount} package(s) on ${service.name}: use one of ${list}`,
    );
  }
}

/**
 * Each package's declared items: tariff codes, no heavier than the package, and present for a
 * customs destination (`customsTo`, its name).
 */
function checkDeclarations(
  packages: Packages,
  customsTo: string | undefined,
  problems: string[],
): void {
  packages.forEach((p, i) => {
    const lines = p.CommodityDetails ?? [];
    if (customsTo && lines.length === 0) {
      problems.push(
        `Package ${i + 1}: CommodityDetails are required for a customs destination (${customsTo})`,
      );
    }
    lines.forEach((line, j) => {
      const code = line.CommodityCode.replace(/[\s.]/g, '');
      if (!/^\d{6,10}$/.test(code)) {
        problems.push(
          `Package ${i + 1}, commodity ${j + 1}: CommodityCode "${line.CommodityCode}" is not a tariff code (6 to 10 digits)`,
        );
      }
    });
    const declared = round2(lines.reduce((sum, l) => sum + l.NumberOfUnits * l.UnitWeight, 0));
    if (declared > p.Weight + 1e-9) {
      problems.push(
        `Package ${i + 1}: the declared items weigh ${declared} kg, more than the package's ${p.Weight} kg`,
      );
    }
  });
}

/** The booking's invoice lines: the freight, the collection option's charge, the insurance. */
function invoiceFor(
  checked: CheckedShipment,
  service: SimService,
  details: BookDetails,
  cover: number,
): { items: { ItemDescription: string; AmountNet: number }[]; totalNet: number } {
  const packages = checked.shipment.Consignment.Packages;
  const price = priceFor(service, checked.route, packages);
  const options = collectionOptionsFor(service, packages.length);
  const option = options.find((o) => o.id === details.Collection?.CollectionOptionID);
  const insurance = insuranceCost(cover);
  const items = [
    {
      ItemDescription: `${service.name} - ${packages.length} x ${checked.shipment.Consignment.ItemType} to ${checked.delivery.title}`,
      AmountNet: round2(price.freight + price.fuel + price.remoteArea),
    },
    ...(option && option.charge > 0
      ? [{ ItemDescription: `Collection (${option.title})`, AmountNet: option.charge }]
      : []),
    ...(insurance > 0
      ? [{ ItemDescription: `Insurance, cover ${cover.toFixed(2)}`, AmountNet: insurance }]
      : []),
  ];
  return { items, totalNet: round2(items.reduce((sum, item) => sum + item.AmountNet, 0)) };
}

/** The order as its labels and invoice print it. */
function pdfOrderFor(
  booking: { checked: CheckedShipment; service: SimService; details: BookDetails; now: Date },
  references: { orderReference: string; airWaybill: string },
): PdfOrder {
  const { checked, service, details, now } = booking;
  const { shipment } = checked;
  const collection = details.Collection;
  return {
    ...references,
    yourReference: details.YourReference ?? '',
    serviceName: service.name,
    carrierName: service.carrier,
    collectionDate: collection?.CollectionDate.slice(0, 10) ?? '',
    readyFrom: collection?.ReadyFrom ?? '09:00',
    bookedAt: now,
    from: pdfAddress(shipment.CollectionAddress, checked.collection),
    to: pdfAddress(shipment.DeliveryAddress, checked.delivery),
    packages: shipment.Consignment.Packages.map((p) => ({
      weightKg: p.Weight,
      lengthCm: p.Length,
      widthCm: p.Width,
      heightCm: p.Height,
      items: (p.CommodityDetails ?? []).map((line) => ({
        description: line.CommodityDescription,
        commodityCode: line.CommodityCode,
        countryOfOrigin:
          line.CountryOfOrigin?.CountryCode ??
          (line.CountryOfOrigin?.CountryID != null
            ? (findCourierCountry(line.CountryOfOrigin.CountryID)?.[2] ?? '')
            : ''),
        units: line.NumberOfUnits,
        unitValue: line.UnitValue,
        unitWeightKg: line.UnitWeight,
      })),
    })),
    currency: shipment.Consignment.ConsignmentCurrency?.CurrencyCode ?? 'GBP',
    // The shipper's reason as sent; none sent is printed as such, never assumed.
    reasonForExport: shipment.Consignment.ReasonForExport ?? 'Not stated',
    ...(shipment.Consignment.ConsignmentSummary
      ? { goodsDescription: shipment.Consignment.ConsignmentSummary }
      : {}),
    ...(details.DeliveryInstructions ? { deliveryInstructions: details.DeliveryInstructions } : {}),
  };
}

/** Renders the labels (and, for customs, the invoice) and stores the booked order. */
async function storeBooking(
  context: HandlerContext,
  orders: OrderBook,
  booking: {
    checked: CheckedShipment;
    service: SimService;
    details: BookDetails;
    customs: boolean;
    now: Date;
  },
): Promise<StoredOrder> {
  const { checked, service, customs, now } = booking;
  const orderReference = orders.newOrderReference();
  const airWaybill = newAirWaybill();
  const pdfOrder = pdfOrderFor(booking, { orderReference, airWaybill });
  const { labelA4, labelThermal, invoice: invoicePdf } = await context.renderDocuments(pdfOrder);
  const stored: StoredOrder = {
    orderReference,
    airWaybill,
    invoiceReference: orders.newInvoiceReference(),
    serviceName: service.name,
    carrierName: service.carrier,
    collectionDate: pdfOrder.collectionDate,
    readyFrom: pdfOrder.readyFrom,
    bookedAt: now,
    transit: service.transit[zoneOf(checked.route.deliveryCountryCode)],
    from: pdfOrder.from,
    to: pdfOrder.to,
    packageCount: checked.shipment.Consignment.Packages.length,
    labels: [
      { size: 'A4', token: token(), content: labelA4 },
      { size: 'Thermal', token: token(), content: labelThermal },
    ],
    documents: customs ? [{ type: 'CommercialInvoice', token: token(), content: invoicePdf }] : [],
    rebookings: [],
    scenario: { name: 'normal' },
    pdf: pdfOrder,
  };
  await orders.add(stored);
  return stored;
}

/** BookShipment's SUCCESS: the order's reference, invoice, labels, documents and links. */
function bookingReply(
  context: HandlerContext,
  stored: StoredOrder,
  invoice: { items: { ItemDescription: string; AmountNet: number }[]; totalNet: number },
): Reply {
  const base = context.baseUrl();
  return success({
    OrderReference: stored.orderReference,
    OrderInvoice: {
      InvoiceReference: stored.invoiceReference,
      TotalNet: invoice.totalNet,
      // Zero-rated export (international freight); a UK account would show 0 tax.
      Tax: 0,
      TotalGross: invoice.totalNet,
      InvoiceItems: invoice.items,
    },
    ...filesOf(stored, base),
  });
}

// ---------------------------------------------------------------------------------------------
// GetOrderDocuments (the shape we assume of the real API: docs/providers.md)
// ---------------------------------------------------------------------------------------------

/** The labels and documents of an order this simulator booked, asked again by its reference. */
export function getOrderDocuments(
  body: unknown,
  context: HandlerContext,
  orders: OrderBook,
): Reply {
  const read = readOrderRequest(body, context, orders, OrderDocumentsRequestSchema);
  if ('refused' in read) return read.refused;
  const { order } = read;
  return success(orderDocumentsOf(order, context.baseUrl()));
}

/**
 * FindOrders (the shape we assume of the real API: docs/providers.md): every order this
 * simulator booked under a YourReference, from its own book, each as GetOrderDocuments answers
 * it; none is a SUCCESS with an empty list.
 */
export function findOrders(body: unknown, context: HandlerContext, orders: OrderBook): Reply {
  const read = readRequest(body, context, FindOrdersRequestSchema, 'YourReference is required');
  if ('refused' in read) return read.refused;
  const { request } = read;
  const base = context.baseUrl();
  return success({
    Orders: orders
      .byYourReference(request.YourReference)
      .map((order) => orderDocumentsOf(order, base)),
  });
}

/** An order's reply body as GetOrderDocuments and FindOrders give it. */
function orderDocumentsOf(order: StoredOrder, base: string): Reply {
  return {
    OrderReference: order.orderReference,
    ...filesOf(order, base),
    ...collectionInForce(order),
  };
}

/** An order's labels, documents and tracking page, as BookShipment and GetOrderDocuments give them. */
function filesOf(order: StoredOrder, base: string) {
  return {
    Labels: order.labels.map((label) => ({
      LabelRole: 'Primary',
      LabelFormat: 'PDF',
      LabelSize: label.size,
      AirWaybillReference: order.airWaybill,
      LabelContent: label.content.toString('base64'),
      DownloadURL: `${base}/Download/Label/${label.token}/`,
      CarrierName: order.carrierName,
      ServiceName: order.serviceName,
    })),
    Documents: order.documents.map((document) => ({
      DocumentType: document.type,
      Format: 'PDF',
      Content: document.content.toString('base64'),
      DownloadURL: `${base}/Download/Document/${document.token}/`,
    })),
    TrackingURL: `${base}/Track/${order.orderReference}/`,
  };
}

/**
 * The collection in force, as GetOrderDocuments answers it (assumed, docs/providers.md): the
 * day and time, the contact, the driver's instructions and the cover, in RebookCollection's own
 * fields.
 */
function collectionInForce(order: StoredOrder): Reply {
  const { collectionDate, readyFrom } = currentCollection(order);
  const contact = currentContact(order);
  return {
    CollectionDate: collectionDate,
    ReadyFrom: readyFrom,
    CollectionContact: {
      ContactName: contact.name,
      TelephoneNumber: contact.phone,
      EmailAddress: contact.email,
    },
    CollectionInstructions: currentInstructions(order) ?? '',
    // The cover raised since booking (0 for none: the simulator keeps the raises only).
    Insurance: { CoverValue: currentCover(order) },
  };
}

// ---------------------------------------------------------------------------------------------
// TrackOrder and RebookCollection (the shapes we assume of the real API: docs/providers.md)
// ---------------------------------------------------------------------------------------------

/** Every box of an order it booked, with its events so far (tracking.ts), oldest first. */
export function trackOrder(body: unknown, context: HandlerContext, orders: OrderBook): Reply {
  const read = readOrderRequest(body, context, orders, TrackOrderRequestSchema);
  if ('refused' in read) return read.refused;
  const { order } = read;
  return success({
    OrderReference: order.orderReference,
    Parcels: trackingAt(order, context.now()).map((parcel) => ({
      ParcelReference: parcel.parcelReference,
      AirWaybillReference: order.airWaybill,
      PieceNumber: parcel.piece,
      Events: parcel.events.map((event) => ({
        EventCode: event.code,
        EventDescription: event.description,
        Location: event.location,
        EventDateTime: apiDateTime(event.at),
        ...(event.reason ? { Reason: event.reason } : {}),
      })),
    })),
  });
}

/**
 * Changes an order's collection while a box is still to be collected (and it is not cancelled):
 * moves it to another weekday after today, and/or records another contact or driver
 * instructions (a change of those alone keeps the date in force, today's included). Asked again
 * for what is already in force, it changes nothing and succeeds (so a client may repeat it).
 */
export async function rebookCollection(
  body: unknown,
  context: HandlerContext,
  orders: OrderBook,
): Promise<Reply> {
  const read = readRequest(body, context, RebookCollectionRequestSchema);
  if ('refused' in read) return read.refused;
  const { request } = read;
  const order = orders.order(request.OrderReference);
  if (!order) return fail(`Order not found: ${request.OrderReference}`);
  if (order.cancellation) {
    return fail(`${order.orderReference} was cancelled: its collection cannot be rebooked`);
  }
  const now = context.now();
  const today = londonClock(now).date;
  const date = request.CollectionDate.slice(0, 10);
  const current = currentCollection(order);
  const readyFrom = request.ReadyFrom ?? current.readyFrom;
  if (!awaitingCollection(order, now)) {
    return fail(
      `The boxes of ${order.orderReference} have been collected: the collection cannot be rebooked`,
    );
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    return fail(`CollectionDate "${request.CollectionDate}" is not a date (yyyy-MM-dd)`);
  }
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(readyFrom)) {
    return fail(`ReadyFrom "${readyFrom}" is not a time (HH:mm)`);
  }
  const moves = date !== current.collectionDate || readyFrom !== current.readyFrom;
  const coverValue = request.Insurance?.CoverValue;
  const details =
    request.CollectionContact != null ||
    request.CollectionInstructions != null ||
    coverValue !== undefined;
  // Only a move is checked as a new day: a change of contact keeps the day in force.
  if (moves || !details) {
    if (date <= today) return fail(`CollectionDate ${date} is not after today (${today})`);
    if (isWeekend(date)) {
      return fail(
        `CollectionDate ${date} is a Saturday or Sunday: collections run Monday to Friday`,
      );
    }
  }
  const given = request.CollectionContact;
  const contact = given
    ? { name: given.ContactName, phone: given.TelephoneNumber, email: given.EmailAddress }
    : undefined;
  const was = currentContact(order);
  const contactChanged =
    !!contact &&
    (contact.name !== was.name || contact.phone !== was.phone || contact.email !== was.email);
  const instructions = request.CollectionInstructions ?? undefined;
  const instructionsChanged =
    instructions !== undefined && instructions !== (currentInstructions(order) ?? '');
  // Cover is only ever raised: the same or less than in force changes nothing.
  const coverRaised = coverValue !== undefined && coverValue > currentCover(order);
  const reply = success({
    OrderReference: order.orderReference,
    CollectionDate: date,
    ReadyFrom: readyFrom,
  });
  // What is already in force asked again (a repeat after a lost reply): already so.
  if (!moves && !contactChanged && !instructionsChanged && !coverRaised) return reply;
  const change: CollectionMove = {
    collectionDate: date,
    readyFrom,
    at: now,
    ...(contactChanged ? { contact } : {}),
    ...(instructionsChanged ? { instructions } : {}),
    ...(coverRaised ? { coverValue } : {}),
  };
  order.rebookings.push(change);
  const relabelled = moves && (await relabel(order, context));
  await orders.changed(order, { labels: relabelled });
  return reply;
}

/**
 * A moved collection's labels rendered again with the day and time now in force (the same
 * references, so the same barcodes): a label never prints a day that is no longer true. False
 * for an order kept without what its PDFs were made from (stored before that was kept).
 */
async function relabel(order: StoredOrder, context: HandlerContext): Promise<boolean> {
  if (!order.pdf) return false;
  const { collectionDate, readyFrom } = currentCollection(order);
  const pdf = { ...order.pdf, collectionDate, readyFrom };
  const { labelA4, labelThermal } = await context.renderDocuments(pdf);
  order.pdf = pdf;
  order.labels = order.labels.map((label) => ({
    ...label,
    content: label.size === 'A4' ? labelA4 : labelThermal,
  }));
  return true;
}

// ---------------------------------------------------------------------------------------------
// CancelShipment (the shape we assume of the real API: docs/providers.md)
// ---------------------------------------------------------------------------------------------

/**
 * Cancels an order before any of its boxes is collected: its journey ends with a `CANCELLED`
 * event. Asked again, it succeeds with the same time (so a client may repeat it). Refused once a
 * box has been collected, at the simulator's clock.
 */
export async function cancelShipment(
  body: unknown,
  context: HandlerContext,
  orders: OrderBook,
): Promise<Reply> {
  const read = readOrderRequest(body, context, orders, CancelShipmentRequestSchema);
  if ('refused' in read) return read.refused;
  const { order } = read;
  if (!order.cancellation) {
    const now = context.now();
    const collected = collectedBoxes(order, now);
    if (collected > 0) {
      const which =
        collected === order.packageCount
          ? `The boxes of ${order.orderReference} have been collected`
          : `${collected} of the ${order.packageCount} boxes of ${order.orderReference} have been collected`;
      return fail(`${which}: the booking cannot be cancelled`);
    }
    order.cancellation = { at: now, count: 0 };
  }
  order.cancellation.count += 1;
  await orders.changed(order);
  return success({
    OrderReference: order.orderReference,
    CancelledAt: apiDateTime(order.cancellation.at),
  });
}

/** Sets an order's scenario (POST /__control); refuses an unknown order or box. */
export function setScenario(orders: OrderBook, reference: string, scenario: Scenario): StoredOrder {
  const order = orders.order(reference.trim());
  if (!order) throw new Error(`scenario: no order ${reference} in the simulator`);
  if (scenario.parcel !== undefined && scenario.parcel > order.packageCount) {
    throw new Error(
      `scenario: ${order.orderReference} has ${order.packageCount} box(es), not ${scenario.parcel}`,
    );
  }
  order.scenario = { ...scenario };
  return order;
}
