/**
 * Pure mapping between our courier model (../courier-provider.ts) and the JSON of the
 * Transglobal API (./transglobal.schemas.ts). No I/O, no credentials: the client adds those.
 */
import { londonClock } from '#src/domain/london-time.js';
import type {
  BookingAddress,
  BookingResult,
  CollectionRebooking,
  CommodityMatch,
  CourierCountry,
  CourierParcelTracking,
  CourierTrackingEvent,
  CustomsReason,
  RoutePlace,
  RouteQuery,
  RouteService,
  ShipmentBooking,
  ShipmentCancellation,
  ShipmentDocuments,
  ShipmentTracking,
} from '../courier-provider.js';
import { trackingStatusOf } from './tracking-codes.js';
import {
  apiDateTimeParts,
  type BookShipmentReply,
  type BookShipmentRequest,
  type CancelShipmentReply,
  type CancelShipmentRequest,
  type CommodityReply,
  type CommodityRequest,
  type CountriesReply,
  type Notification,
  type OrderDocumentsReply,
  type FindOrdersReply,
  type QuoteReply,
  type QuoteRequest,
  type RebookCollectionRequest,
  type TrackingEventReply,
  type TrackOrderReply,
} from './transglobal.schemas.js';

/** The request bodies without `Credentials` (the client adds them). */
export type QuoteMinimalBody = Omit<QuoteRequest, 'Credentials'>;
export type CommodityBody = Omit<CommodityRequest, 'Credentials'>;
export type BookShipmentBody = Omit<BookShipmentRequest, 'Credentials'>;
export type RebookCollectionBody = Omit<RebookCollectionRequest, 'Credentials'>;
export type CancelShipmentBody = Omit<CancelShipmentRequest, 'Credentials'>;

/** How many matches GetCommodity is asked for (docs/product-rules.md, "Declare items"). */
export const COMMODITY_RESULTS = 5;

export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

function country(place: { countryId: number; countryCode: string }) {
  return { CountryID: place.countryId, CountryCode: place.countryCode };
}

function routeAddress(place: RoutePlace) {
  return { City: place.city ?? '', Postcode: place.postcode, Country: country(place) };
}

export function toQuoteMinimalBody(query: RouteQuery): QuoteMinimalBody {
  return {
    Shipment: {
      Consignment: {
        ItemType: 'Parcel',
        Packages: query.packages.map((p) => ({
          Weight: p.weightKg,
          Length: p.lengthCm,
          Width: p.widthCm,
          Height: p.heightCm,
        })),
      },
      CollectionAddress: routeAddress(query.collection),
      DeliveryAddress: routeAddress(query.delivery),
    },
  };
}

export function fromQuoteReply(reply: QuoteReply): RouteService[] {
  return (reply.ServiceResults ?? []).map((service) => ({
    serviceId: service.ServiceID,
    serviceName: service.ServiceName,
    ...(service.CarrierName ? { carrierName: service.CarrierName } : {}),
    ...(service.TransitTimeEstimate ? { transitTimeEstimate: service.TransitTimeEstimate } : {}),
    collectionOptions: (service.CollectionOptions ?? []).map((option) => ({
      collectionOptionId: option.CollectionOptionID,
      title: option.CollectionOptionTitle,
      ...(option.CollectionCharge == null
        ? {}
        : { chargePence: poundsToPence(option.CollectionCharge) }),
    })),
  }));
}

export function toCommodityBody(description: string): CommodityBody {
  return {
    Searches: [{ Description: description.trim() }],
    MessageLanguage: 'EN',
    CountryCode: 'GB',
    NumberOfResults: COMMODITY_RESULTS,
  };
}

/** The first search's results, at most five, without duplicate codes. */
export function fromCommodityReply(reply: CommodityReply): CommodityMatch[] {
  const results = reply.SearchResults?.[0]?.Results ?? [];
  const seen = new Set<string>();
  const matches: CommodityMatch[] = [];
  for (const result of results) {
    const code = result.CommodityCode.trim();
    if (!code || seen.has(code)) continue;
    seen.add(code);
    matches.push({ commodityCode: code, commodityDescription: result.CommodityDescription.trim() });
    if (matches.length === COMMODITY_RESULTS) break;
  }
  return matches;
}

export function fromCountriesReply(reply: CountriesReply): CourierCountry[] {
  return reply.Countries.map((c) => ({
    countryId: c.CountryID,
    title: c.Title,
    countryCode: c.CountryCode,
  }));
}

function bookingAddress(address: BookingAddress) {
  return {
    Forename: address.forename,
    Surname: address.surname,
    ...(address.companyName ? { CompanyName: address.companyName } : {}),
    EmailAddress: address.emailAddress,
    TelephoneNumber: address.telephoneNumber,
    AddressLineOne: address.addressLineOne,
    ...(address.addressLineTwo ? { AddressLineTwo: address.addressLineTwo } : {}),
    City: address.city,
    ...(address.county ? { County: address.county } : {}),
    Postcode: address.postcode,
    Country: country(address),
    // Our customers are private people sending from and to their homes.
    IsAddressResidential: true,
  };
}

/**
 * ReasonForExport is free text in the API (its accepted values are not known: docs/providers.md,
 * "Open questions"); these are the words a commercial invoice uses.
 */
export const REASON_FOR_EXPORT: Record<CustomsReason, string> = {
  gift: 'Gift',
  'personal-effects': 'Personal effects',
};

export function toBookShipmentBody(booking: ShipmentBooking): BookShipmentBody {
  return {
    Shipment: {
      Consignment: {
        ItemType: 'Parcel',
        ItemsAreStackable: true,
        ConsignmentSummary: booking.consignmentSummary,
        ConsignmentValue: penceToPounds(booking.consignmentValuePence),
        ConsignmentCurrency: { CurrencyCode: 'GBP' },
        ReasonForExport: REASON_FOR_EXPORT[booking.customsReason],
        Packages: booking.packages.map((p) => ({
          Weight: p.weightKg,
          Length: p.lengthCm,
          Width: p.widthCm,
          Height: p.heightCm,
          CommodityDetails: p.commodities.map((line) => ({
            CommodityCode: line.commodityCode,
            CommodityDescription: line.commodityDescription,
            CountryOfOrigin: { CountryCode: line.countryOfOriginCode },
            NumberOfUnits: line.numberOfUnits,
            UnitValue: penceToPounds(line.unitValuePence),
            UnitWeight: line.unitWeightKg,
          })),
        })),
      },
      CollectionAddress: bookingAddress(booking.collection),
      DeliveryAddress: bookingAddress(booking.delivery),
    },
    BookDetails: {
      ServiceID: booking.serviceId,
      YourReference: booking.reference,
      // Meaning UNKNOWN (docs/providers.md, "Booking"); 0.00 as the PHP client sends: we charge no shipping
      // on top of the declared goods.
      ShippingCharges: 0,
      Collection: {
        CollectionDate: booking.collectionDate,
        ReadyFrom: booking.readyFrom,
        ...(booking.collectionOptionId === undefined
          ? {}
          : { CollectionOptionID: booking.collectionOptionId }),
      },
      Insurance: {
        CoverValue: penceToPounds(booking.insurance.coverPence),
        ExcessValue: penceToPounds(booking.insurance.excessPence),
        GoodsAreNew: booking.insurance.goodsAreNew,
        GoodsAreFragile: booking.insurance.goodsAreFragile,
      },
      ...(booking.deliveryInstructions
        ? { DeliveryInstructions: booking.deliveryInstructions }
        : {}),
    },
  };
}

function fromBase64(content: string): Buffer {
  return Buffer.from(content, 'base64');
}

/** The request for a booked shipment's documents (credentials are added by the client). */
export function toOrderDocumentsBody(courierReference: string): { OrderReference: string } {
  return { OrderReference: courierReference.trim() };
}

/** The look-up of the orders booked under our reference (assumed: docs/providers.md). */
export function toFindOrdersBody(ourReference: string): { YourReference: string } {
  return { YourReference: ourReference.trim() };
}

export function fromFindOrdersReply(reply: FindOrdersReply): ShipmentDocuments[] {
  return (reply.Orders ?? []).map((order) =>
    fromOrderDocumentsReply({ ...order, Status: 'SUCCESS' }),
  );
}

export function fromOrderDocumentsReply(reply: OrderDocumentsReply): ShipmentDocuments {
  const { labels, documents } = fromBookShipmentReply({
    ...reply,
    Labels: reply.Labels ?? [],
  } as BookShipmentReply);
  const date = reply.CollectionDate?.trim().slice(0, 10);
  const contact = reply.CollectionContact;
  return {
    orderReference: reply.OrderReference,
    trackingUrl: reply.TrackingURL ?? '',
    labels,
    documents,
    ...(date && /^\d{4}-\d{2}-\d{2}$/.test(date)
      ? {
          collection: {
            date,
            readyFrom: reply.ReadyFrom?.trim() || null,
            contact: contact
              ? {
                  name: contact.ContactName?.trim() ?? '',
                  phone: contact.TelephoneNumber?.trim() ?? '',
                  email: contact.EmailAddress?.trim() ?? '',
                }
              : null,
            instructions: reply.CollectionInstructions ?? null,
            coverValue: reply.Insurance?.CoverValue ?? null,
          },
        }
      : {}),
  };
}

export function fromBookShipmentReply(reply: BookShipmentReply): BookingResult {
  const invoice = reply.OrderInvoice;
  return {
    orderReference: reply.OrderReference,
    trackingUrl: reply.TrackingURL ?? '',
    labels: reply.Labels.map((label) => ({
      role: label.LabelRole ?? 'Primary',
      format: label.LabelFormat ?? 'PDF',
      size: label.LabelSize ?? '',
      ...(label.AirWaybillReference ? { airWaybillReference: label.AirWaybillReference } : {}),
      content: fromBase64(label.LabelContent),
      ...(label.DownloadURL ? { downloadUrl: label.DownloadURL } : {}),
    })),
    documents: (reply.Documents ?? []).map((document) => ({
      documentType: document.DocumentType ?? '',
      format: document.Format ?? 'PDF',
      content: fromBase64(document.Content),
      ...(document.DownloadURL ? { downloadUrl: document.DownloadURL } : {}),
    })),
    ...(invoice
      ? {
          invoice: {
            ...(invoice.InvoiceReference ? { invoiceReference: invoice.InvoiceReference } : {}),
            ...(invoice.TotalNet == null ? {} : { totalNetPence: poundsToPence(invoice.TotalNet) }),
            ...(invoice.Tax == null ? {} : { taxPence: poundsToPence(invoice.Tax) }),
            ...(invoice.TotalGross == null
              ? {}
              : { totalGrossPence: poundsToPence(invoice.TotalGross) }),
            items: (invoice.InvoiceItems ?? []).map((item) => ({
              description: item.ItemDescription ?? '',
              ...(item.AmountNet == null ? {} : { amountNetPence: poundsToPence(item.AmountNet) }),
            })),
          },
        }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// TrackOrder and RebookCollection (assumed shapes: docs/providers.md). Only this file and
// ./transglobal.schemas.ts know them; the codes' meanings are in ./tracking-codes.ts.
// ---------------------------------------------------------------------------------------------

/** The request for a booked shipment's tracking (credentials are added by the client). */
export function toTrackOrderBody(courierReference: string): { OrderReference: string } {
  return { OrderReference: courierReference.trim() };
}

/**
 * An API date and time (API_DATE_TIME, checked by the schema) as an instant. With `Z` or an
 * offset, as it says; without, read as UK time (the account's), since the zone the courier means
 * is not documented.
 */
export function parseApiDateTime(text: string): Date {
  const parts = apiDateTimeParts(text);
  if (!parts) throw new Error(`not an API date and time: ${text}`);
  const { wallMs, offsetMinutes } = parts;
  if (offsetMinutes !== undefined) return new Date(wallMs - offsetMinutes * 60_000);
  // UK time: the offset London has at (about) that instant, GMT or BST.
  const london = londonClock(new Date(wallMs));
  const londonWallMs = Date.parse(`${london.date}T${london.time}:00Z`);
  return new Date(wallMs - (londonWallMs - (wallMs - (wallMs % 60_000))));
}

function trimmed(text: string | null | undefined): string | undefined {
  const value = text?.trim();
  return value ? value : undefined;
}

function trackingEvent(event: TrackingEventReply): CourierTrackingEvent {
  const at = parseApiDateTime(event.EventDateTime);
  const courierCode = event.EventCode.trim();
  const { status, recognised } = trackingStatusOf(courierCode);
  const location = trimmed(event.Location);
  const reason = trimmed(event.Reason);
  return {
    courierCode,
    status,
    recognised,
    description: trimmed(event.EventDescription) ?? courierCode,
    ...(location ? { location } : {}),
    ...(reason ? { reason } : {}),
    at,
  };
}

/**
 * Every box of the shipment with its events, oldest first. A box's reference is its
 * `ParcelReference`, else its air waybill (with `-` and the three-digit piece number when boxes
 * share one waybill), else the order's reference and its position. Entries naming the same box
 * are merged, and an event repeated in one reply (same code, time and words) is kept once.
 * The reply's own `OrderReference` is ignored (a reply was seen naming another order): the
 * answer is about the reference asked.
 */
export function fromTrackOrderReply(
  reply: TrackOrderReply,
  courierReference: string,
): ShipmentTracking {
  const orderReference = courierReference.trim();
  const parcels = reply.Parcels ?? [];
  const waybills = new Map<string, number>();
  for (const parcel of parcels) {
    const awb = trimmed(parcel.AirWaybillReference);
    if (awb) waybills.set(awb, (waybills.get(awb) ?? 0) + 1);
  }
  const piece = (n: number) => String(n).padStart(3, '0');
  const byReference = new Map<string, CourierParcelTracking>();
  parcels.forEach((parcel, index) => {
    const awb = trimmed(parcel.AirWaybillReference);
    const reference =
      trimmed(parcel.ParcelReference) ??
      (awb
        ? (waybills.get(awb) ?? 0) > 1
          ? `${awb}-${piece(parcel.PieceNumber ?? index + 1)}`
          : awb
        : `${orderReference}-${piece(index + 1)}`);
    const entry = byReference.get(reference) ?? { parcelReference: reference, events: [] };
    byReference.set(reference, entry);
    for (const event of parcel.Events ?? []) {
      const mapped = trackingEvent(event);
      const repeated = entry.events.some(
        (e) =>
          e.courierCode === mapped.courierCode &&
          e.at.getTime() === mapped.at.getTime() &&
          e.description === mapped.description,
      );
      if (!repeated) entry.events.push(mapped);
    }
  });
  const result = [...byReference.values()];
  for (const parcel of result) parcel.events.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { orderReference, parcels: result };
}

/**
 * The request to change a booked shipment's collection (credentials are added by the client):
 * its date and time always, the contact and the driver's instructions only when they change.
 */
export function toRebookCollectionBody(change: CollectionRebooking): RebookCollectionBody {
  return {
    OrderReference: change.courierReference.trim(),
    CollectionDate: change.collectionDate,
    ReadyFrom: change.readyFrom,
    ...(change.contact
      ? {
          CollectionContact: {
            ContactName: change.contact.name.trim(),
            TelephoneNumber: change.contact.phone.trim(),
            EmailAddress: change.contact.email.trim(),
          },
        }
      : {}),
    ...(change.instructions !== undefined
      ? { CollectionInstructions: change.instructions.trim() }
      : {}),
    ...(change.coverValue !== undefined ? { Insurance: { CoverValue: change.coverValue } } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// CancelShipment (assumed shape: docs/providers.md). Only this file and ./transglobal.schemas.ts
// know it.
// ---------------------------------------------------------------------------------------------

/** The request to cancel a booked shipment (credentials are added by the client). */
export function toCancelShipmentBody(courierReference: string): CancelShipmentBody {
  return { OrderReference: courierReference.trim() };
}

/**
 * When the shipment was cancelled: the courier's `CancelledAt` (read as TrackOrder's times are),
 * else, when it does not say, `answeredAt` (the time its SUCCESS arrived).
 */
export function fromCancelShipmentReply(
  reply: CancelShipmentReply,
  answeredAt: Date,
): ShipmentCancellation {
  const at = reply.CancelledAt ? parseApiDateTime(reply.CancelledAt) : answeredAt;
  return { cancelledAt: at.toISOString() };
}

/** The courier's Notifications as one message, e.g. for a ProviderError. */
export function notificationsMessage(notifications: Notification[] | null | undefined): string {
  const messages = (notifications ?? [])
    .map((n) => n.Message?.trim())
    .filter((m): m is string => !!m);
  return messages.length > 0 ? messages.join('; ') : 'no reason given';
}
