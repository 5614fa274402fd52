import type { TrackingStatus } from '#src/domain/tracking.js';

/**
 * The courier port: everything the site does with the courier goes through this interface, in
 * our words. Implementations: `transglobal` (the real HTTP API) and the simulator of that API.
 * Every failure is thrown as a ProviderError (see ../provider-error.ts) with one of the codes
 * below.
 */

/** An address as far as routing needs it. `countryId` is the courier's CountryID. */
export interface RoutePlace {
  countryId: number;
  countryCode: string;
  postcode: string;
  city?: string;
}

/** One package; weight in kg, dimensions in cm. */
export interface PackageSize {
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

export interface RouteQuery {
  collection: RoutePlace;
  delivery: RoutePlace;
  packages: PackageSize[];
}

export interface CollectionOption {
  collectionOptionId: number;
  /** e.g. "DHLParcel", "DHLParcelMulti". */
  title: string;
  /** What the courier charges us for the collection, in pence, when it says. */
  chargePence?: number;
}

export interface RouteService {
  serviceId: number;
  /** The courier's name, e.g. "TG Express Worldwide", "TG International Economy". */
  serviceName: string;
  carrierName?: string;
  /** Free text from the courier, e.g. "1-2" (working days). */
  transitTimeEstimate?: string;
  collectionOptions: CollectionOption[];
}

export interface CommodityMatch {
  /** HS/tariff code as the courier returns it (not yet padded). */
  commodityCode: string;
  commodityDescription: string;
}

export interface CourierCountry {
  countryId: number;
  title: string;
  countryCode: string;
}

export interface BookingAddress {
  forename: string;
  surname: string;
  companyName?: string;
  emailAddress: string;
  telephoneNumber: string;
  addressLineOne: string;
  addressLineTwo?: string;
  city: string;
  county?: string;
  postcode: string;
  countryId: number;
  countryCode: string;
}

export interface CommodityLine {
  commodityCode: string;
  commodityDescription: string;
  numberOfUnits: number;
  /** Per unit, in pence (GBP). */
  unitValuePence: number;
  unitWeightKg: number;
  countryOfOriginCode: string;
}

export interface BookingPackage extends PackageSize {
  commodities: CommodityLine[];
}

/** Why the goods are exported, in our words; the adapter says it in the courier's. */
export type CustomsReason = 'gift' | 'personal-effects';

export interface ShipmentBooking {
  /** Our order reference, sent as YourReference. */
  reference: string;
  serviceId: number;
  collectionOptionId?: number;
  /** yyyy-MM-dd, Europe/London calendar date. */
  collectionDate: string;
  /** HH:mm */
  readyFrom: string;
  consignmentSummary: string;
  /**
   * Why the goods leave the UK, for customs (ReasonForExport): a gift, or the recipient's own
   * used belongings (personal effects).
   */
  customsReason: CustomsReason;
  consignmentValuePence: number;
  insurance: {
    coverPence: number;
    excessPence: number;
    goodsAreNew: boolean;
    goodsAreFragile: boolean;
  };
  deliveryInstructions?: string;
  collection: BookingAddress;
  delivery: BookingAddress;
  packages: BookingPackage[];
}

export interface BookedLabel {
  role: string;
  format: string;
  size: string;
  airWaybillReference?: string;
  /** The PDF bytes, decoded from the courier's base64. */
  content: Buffer;
  downloadUrl?: string;
}

export interface BookedDocument {
  documentType: string;
  format: string;
  content: Buffer;
  downloadUrl?: string;
}

export interface BookingResult {
  orderReference: string;
  trackingUrl: string;
  labels: BookedLabel[];
  documents: BookedDocument[];
  invoice?: {
    invoiceReference?: string;
    totalNetPence?: number;
    taxPence?: number;
    totalGrossPence?: number;
    items: { description: string; amountNetPence?: number }[];
  };
}

/**
 * The labels and documents of a shipment the courier already booked, asked again by its
 * reference (an order an operator found booked on the courier's side). May have no labels yet.
 */
export interface ShipmentDocuments {
  orderReference: string;
  /** Empty when the courier did not say. */
  trackingUrl: string;
  labels: BookedLabel[];
  documents: BookedDocument[];
  /**
   * The collection the courier has in force (assumed: docs/providers.md, GetOrderDocuments), how
   * a change whose answer was lost is found out. Absent when the courier did not say.
   */
  collection?: CollectionInForce;
}

/** A booked shipment's collection as the courier has it now. */
export interface CollectionInForce {
  /** yyyy-MM-dd, Europe/London calendar date. */
  date: string;
  /** HH:mm, null when not said. */
  readyFrom: string | null;
  /** Who the driver asks for; null when not said. */
  contact: CollectionContact | null;
  /** The driver's instructions ('' for none); null when not said. */
  instructions: string | null;
  /**
   * The cover in force in pounds, as the last RebookCollection that raised it set it (0: none
   * raised since booking); null or absent when not said.
   */
  coverValue?: number | null;
}

/**
 * One event of one box, as the courier reported it, with its status in our words (the courier's
 * adapter maps its codes: docs/tracking.md). An event is the same event when its box, code and
 * time are the same: the courier repeats every event in every answer.
 */
export interface CourierTrackingEvent {
  /** The courier's own code for the event, as it sent it (e.g. "COLLECTED", "011"). */
  courierCode: string;
  /** Our status for that code; `exception` for a code we do not know (`recognised` false). */
  status: TrackingStatus;
  recognised: boolean;
  /** The courier's words, e.g. "Departed facility in East Midlands". */
  description: string;
  location?: string;
  /** Why, when the courier says: a customs hold's or a failed delivery's reason. */
  reason?: string;
  at: Date;
}

/** One box (parcel, piece) of a shipment and its events so far, oldest first. */
export interface CourierParcelTracking {
  /** The box's own tracking number (its air waybill or piece number). */
  parcelReference: string;
  events: CourierTrackingEvent[];
}

/** TrackOrder: every box of a booked shipment with its events; a box may have none yet. */
export interface ShipmentTracking {
  orderReference: string;
  parcels: CourierParcelTracking[];
}

/** Who the driver asks for at the collection address. */
export interface CollectionContact {
  name: string;
  phone: string;
  email: string;
}

/**
 * A change to a booked, not yet collected shipment's collection: another day (or time), and/or
 * another contact or driver instructions. The date and time are always sent: the ones in force
 * when only the contact or the instructions change.
 */
export interface CollectionRebooking {
  courierReference: string;
  /** yyyy-MM-dd, Europe/London calendar date. */
  collectionDate: string;
  /** HH:mm */
  readyFrom: string;
  /** The collection contact from now on; left out: unchanged. */
  contact?: CollectionContact;
  /** The driver's instructions from now on; left out: unchanged. */
  instructions?: string;
  /** The shipment's cover from now on, in pounds (a raise after booking); left out: unchanged. */
  coverValue?: number;
}

/** A booked shipment cancelled with the courier. */
export interface ShipmentCancellation {
  /** ISO 8601: when the courier cancelled it (the first time, when asked again). */
  cancelledAt: string;
}

/** The codes a ProviderError from the courier carries. */
export type CourierErrorCode =
  | 'TIMEOUT' // a safe call did not answer in time (retryable)
  | 'NETWORK' // the courier could not be reached (retryable)
  | 'HTTP_ERROR' // a non-2xx reply (5xx retryable, 4xx not)
  | 'INVALID_RESPONSE' // not JSON, or JSON that fails validation
  | 'REJECTED' // Status FAIL/ERROR with the courier's Notifications as the message
  | 'BOOKING_OUTCOME_UNKNOWN'; // BookShipment timed out or broke mid-way: never repeat blindly

/**
 * One HTTP exchange with the courier, as an operator may read it (the console's order timeline):
 * never a credential, never a label's or document's content.
 */
export interface CourierExchange {
  /** The courier's operation, e.g. "BookShipment". */
  operation: string;
  /** The body sent, without the credentials. */
  request: unknown;
  /** The HTTP status of the reply; null when none came (timeout, broken connection). */
  httpStatus: number | null;
  /** `SUCCESS`, or the CourierErrorCode the call failed with. */
  outcome: 'SUCCESS' | CourierErrorCode;
  /** The reply's JSON (base64 contents replaced by their length), its text when not JSON, or null. */
  reply: unknown;
  /** The failure's message, when it failed. */
  error: string | null;
  durationMs: number;
}

/** Told about each exchange of a call; it must not throw (and what it throws is ignored). */
export type CourierExchangeObserver = (exchange: CourierExchange) => void;

export interface CourierProvider {
  readonly name: string;
  getCountries(): Promise<CourierCountry[]>;
  /** GetQuoteMinimal: which services run on the route, with their ids and collection options. */
  getRouteServices(query: RouteQuery): Promise<RouteService[]>;
  /** GetCommodity: up to 5 matches in English for GB; an empty list when nothing matches. */
  lookupCommodity(description: string): Promise<CommodityMatch[]>;
  /**
   * BookShipment with the full shipment. Never retried automatically. `observe` is told about
   * the exchange (credentials removed) whatever its outcome.
   */
  bookShipment(booking: ShipmentBooking, observe?: CourierExchangeObserver): Promise<BookingResult>;
  /**
   * The labels and documents of a shipment already booked, by the courier's reference (safe to
   * repeat), with the collection in force when the courier says it: the labels as they are now
   * (a moved collection's print the new day). REJECTED when the courier has no such shipment.
   */
  getShipmentDocuments(
    courierReference: string,
    observe?: CourierExchangeObserver,
  ): Promise<ShipmentDocuments>;
  /**
   * The shipments the courier booked under our reference (sent as `YourReference`), with their
   * labels and documents as GetOrderDocuments gives them: how a booking whose outcome is in doubt
   * (a lost reply, a process gone mid-call, a restored database) is found instead of guessed
   * (decision 142). An empty list: the courier has no booking under it. Safe to repeat. REJECTED
   * when the courier refuses the look-up (then nothing can be settled from it).
   */
  findBookings(
    ourReference: string,
    observe?: CourierExchangeObserver,
  ): Promise<ShipmentDocuments[]>;
  /**
   * TrackOrder: the events of each box of a booked shipment (safe to repeat). REJECTED when the
   * courier has no such shipment.
   */
  trackShipment(
    courierReference: string,
    observe?: CourierExchangeObserver,
  ): Promise<ShipmentTracking>;
  /**
   * Changes the collection of any booked, not yet collected shipment, at no charge: another day
   * (a missed collection, or the customer's choice) and/or another contact or driver
   * instructions. The labels keep their references; a moved day's labels are asked again with
   * `getShipmentDocuments` (they print the day). Safe to repeat. REJECTED when
   * the courier refuses (already collected, cancelled, or a day it does not collect).
   */
  rebookCollection(change: CollectionRebooking, observe?: CourierExchangeObserver): Promise<void>;
  /**
   * Cancels a booked shipment before the courier collects it. Idempotent: a shipment already
   * cancelled answers success again, with the same `cancelledAt`. REJECTED (not retryable) when
   * the courier refuses, e.g. the boxes have been collected (its message says so); TIMEOUT and
   * NETWORK are retryable, as for the other safe calls.
   */
  cancelShipment(
    courierReference: string,
    observe?: CourierExchangeObserver,
  ): Promise<ShipmentCancellation>;
}
