/**
 * The JSON of the Transglobal Express "services3" API v2, as zod schemas (docs/providers.md,
 * "The courier API as we know it"). The reply schemas are what our client accepts: unknown extra fields are
 * dropped, numbers may arrive as numeric strings, optional parts may be null. The request schemas
 * are what the simulator accepts, equally lenient (the real server coerces "2" to 2 and ignores
 * unknown keys such as Newtonsoft's "$id").
 */
import { z } from 'zod';

/** A number, or a string holding one (the real API is lenient about both). */
export const looseNumber = z.preprocess(
  (value) =>
    typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value,
  z.number({ message: 'expected a number' }),
);
export const looseInt = looseNumber.pipe(z.number().int('expected a whole number'));
const looseBool = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'True', 'False']).transform((v) => v.toLowerCase() === 'true'),
]);
const optionalString = z.string().nullish();

// ---------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------

export const NotificationSchema = z.object({
  Message: optionalString,
  Severity: optionalString,
});
export type Notification = z.infer<typeof NotificationSchema>;

/** The envelope every reply carries; read first, before the call's own fields. */
export const EnvelopeSchema = z.object({
  Status: z.string(),
  Notifications: z.array(NotificationSchema).nullish(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

export const CountriesReplySchema = EnvelopeSchema.extend({
  Countries: z.array(z.object({ CountryID: looseInt, Title: z.string(), CountryCode: z.string() })),
});
export type CountriesReply = z.infer<typeof CountriesReplySchema>;

const ExpectedLabelSchema = z.object({
  LabelRole: optionalString,
  LabelFormat: optionalString,
  LabelGenerateStatus: optionalString,
  AvailableSizes: z.array(z.object({ Size: optionalString })).nullish(),
});

const PriceLineSchema = z.object({
  Code: optionalString,
  Description: optionalString,
  Cost: looseNumber.nullish(),
});

export const CollectionOptionReplySchema = z.object({
  CollectionOptionID: looseInt,
  CollectionOptionTitle: z.string(),
  CollectionCharge: looseNumber.nullish(),
  SameDayCollectionCutOffTime: optionalString,
  ExpectedLabel: ExpectedLabelSchema.nullish(),
});

export const ServiceResultSchema = z.object({
  ServiceID: looseInt,
  ServiceName: z.string(),
  CarrierName: optionalString,
  ChargeableWeight: looseNumber.nullish(),
  TransitTimeEstimate: optionalString,
  SameDayCollectionCutOffTime: optionalString,
  IsWarehouseService: looseBool.nullish(),
  TotalCost: z
    .object({
      TotalCostNetWithCollection: looseNumber.nullish(),
      TotalCostNetWithoutCollection: looseNumber.nullish(),
      TotalCostGrossWithCollection: looseNumber.nullish(),
      TotalCostGrossWithoutCollection: looseNumber.nullish(),
    })
    .nullish(),
  ServicePriceBreakdown: z.array(PriceLineSchema).nullish(),
  OptionalExtras: z.array(PriceLineSchema).nullish(),
  SignatureRequiredAvailable: looseBool.nullish(),
  ExpectedLabels: z.array(ExpectedLabelSchema).nullish(),
  CollectionOptions: z.array(CollectionOptionReplySchema).nullish(),
  ServiceType: optionalString,
});
export type ServiceResult = z.infer<typeof ServiceResultSchema>;

export const QuoteReplySchema = EnvelopeSchema.extend({
  QuoteID: looseInt.nullish(),
  ServiceResults: z.array(ServiceResultSchema).nullish(),
});
export type QuoteReply = z.infer<typeof QuoteReplySchema>;

export const CommodityReplySchema = EnvelopeSchema.extend({
  SearchResults: z
    .array(
      z.object({
        Results: z
          .array(
            z.object({
              CommodityCode: z.union([z.string(), z.number()]).transform(String),
              CommodityDescription: z.string(),
            }),
          )
          .nullish(),
      }),
    )
    .nullish(),
});
export type CommodityReply = z.infer<typeof CommodityReplySchema>;

export const LabelReplySchema = z.object({
  LabelRole: optionalString,
  LabelFormat: optionalString,
  LabelSize: optionalString,
  AirWaybillReference: optionalString,
  LabelContent: z.string().min(1, 'a label without content'),
  DownloadURL: optionalString,
  CarrierName: optionalString,
  ServiceName: optionalString,
});

export const DocumentReplySchema = z.object({
  DocumentType: optionalString,
  Format: optionalString,
  Content: z.string().min(1, 'a document without content'),
  DownloadURL: optionalString,
});

/**
 * What BookShipment and GetOrderDocuments both answer of a booked order: its reference, tracking
 * page and documents (labels apart: each call has its own rule for them).
 */
const bookedOrderShape = {
  OrderReference: z.string().min(1, 'no OrderReference'),
  TrackingURL: optionalString,
  Documents: z.array(DocumentReplySchema).nullish(),
};

/** A successful booking: the reference and at least one label are what we cannot do without. */
export const BookShipmentReplySchema = EnvelopeSchema.extend({
  ...bookedOrderShape,
  OrderInvoice: z
    .object({
      InvoiceReference: z.union([z.string(), z.number()]).transform(String).nullish(),
      TotalNet: looseNumber.nullish(),
      Tax: looseNumber.nullish(),
      TotalGross: looseNumber.nullish(),
      InvoiceItems: z
        .array(z.object({ ItemDescription: optionalString, AmountNet: looseNumber.nullish() }))
        .nullish(),
    })
    .nullish(),
  Labels: z.array(LabelReplySchema).min(1, 'no Labels'),
});
export type BookShipmentReply = z.infer<typeof BookShipmentReplySchema>;

/**
 * The documents of a booked shipment, asked again by its OrderReference (our assumption of the
 * API's shape: docs/providers.md, "GetOrderDocuments"). Labels may be missing while the carrier
 * has not generated them.
 */
export const OrderDocumentsReplySchema = EnvelopeSchema.extend({
  ...bookedOrderShape,
  Labels: z.array(LabelReplySchema).nullish(),
  /**
   * Assumed (docs/providers.md, GetOrderDocuments): the collection in force, in RebookCollection's
   * own fields. Absent: the courier did not say, so nothing is known of it.
   */
  CollectionDate: optionalString,
  ReadyFrom: optionalString,
  CollectionContact: z
    .object({
      ContactName: optionalString,
      TelephoneNumber: optionalString,
      EmailAddress: optionalString,
    })
    .nullish(),
  CollectionInstructions: optionalString,
  /** Assumed likewise: the cover in force, as RebookCollection's `Insurance.CoverValue`. */
  Insurance: z.object({ CoverValue: looseNumber.nullish() }).nullish(),
});
export type OrderDocumentsReply = z.infer<typeof OrderDocumentsReplySchema>;

/**
 * The orders booked under one YourReference (our assumption of the API's shape: docs/providers.md,
 * "FindOrders"), each as GetOrderDocuments answers it.
 */
export const FindOrdersReplySchema = EnvelopeSchema.extend({
  Orders: z.array(OrderDocumentsReplySchema.omit({ Status: true, Notifications: true })).nullish(),
});
export type FindOrdersReply = z.infer<typeof FindOrdersReplySchema>;

/** A code or reference the API may send as a string or a number; always a string here. */
const looseText = z.union([z.string(), z.number()]).transform(String);

/**
 * A date and time as .NET serialises one: `yyyy-MM-ddTHH:mm[:ss[.fff]]`, with `Z` or an offset
 * when it says which zone, without either when it does not (the mapper reads that as UK time).
 */
const API_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|([+-])(\d{2}):?(\d{2}))?$/i;

/**
 * The parts of an API date and time: its wall clock as if it were UTC, and its offset from UTC
 * in minutes when it names one. Undefined when it is not one (or names no real day or time).
 */
export function apiDateTimeParts(
  text: string,
): { wallMs: number; offsetMinutes: number | undefined } | undefined {
  const m = API_DATE_TIME.exec(text.trim());
  if (!m) return undefined;
  const n = (index: number) => Number(m[index] ?? 0);
  const [year, month, day, hour, minute, second] = [n(1), n(2), n(3), n(4), n(5), n(6)];
  const wallMs = Date.UTC(
    year,
    month - 1,
    day,
    hour,
    minute,
    second,
    Number((m[7] ?? '0').padEnd(3, '0')),
  );
  const date = new Date(wallMs);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const zone = m[8];
  const offsetMinutes = !zone
    ? undefined
    : zone.toUpperCase() === 'Z'
      ? 0
      : (m[9] === '-' ? -1 : 1) * (n(10) * 60 + n(11));
  return { wallMs, offsetMinutes };
}

/** One event of one parcel (assumed shape: docs/providers.md, "TrackOrder (assumed)"). */
export const TrackingEventReplySchema = z.object({
  EventCode: looseText.pipe(z.string().trim().min(1, 'an event without EventCode')),
  EventDescription: optionalString,
  Location: optionalString,
  EventDateTime: z.string().refine((v) => apiDateTimeParts(v) !== undefined, 'not a date and time'),
  Reason: optionalString,
});
export type TrackingEventReply = z.infer<typeof TrackingEventReplySchema>;

/**
 * One parcel (box, piece) of a tracked order. Its own reference is `ParcelReference` when sent;
 * otherwise its `AirWaybillReference` (a UPS-style number per parcel), with `PieceNumber` when
 * parcels share one waybill (DHL-style). A parcel may have no events yet.
 */
export const TrackedParcelReplySchema = z.object({
  ParcelReference: looseText.nullish(),
  AirWaybillReference: looseText.nullish(),
  PieceNumber: looseInt.nullish(),
  Events: z.array(TrackingEventReplySchema).nullish(),
});
export type TrackedParcelReply = z.infer<typeof TrackedParcelReplySchema>;

/**
 * TrackOrder's reply (assumed). `OrderReference` is read but not trusted: a reply was seen
 * naming another order than the one asked about. No `Parcels` means no events yet (a DHL order
 * was seen answering none).
 */
export const TrackOrderReplySchema = EnvelopeSchema.extend({
  OrderReference: looseText.nullish(),
  Parcels: z.array(TrackedParcelReplySchema).nullish(),
});
export type TrackOrderReply = z.infer<typeof TrackOrderReplySchema>;

/**
 * CancelShipment's reply (assumed: docs/providers.md, "CancelShipment (assumed)"): the envelope,
 * and when the courier cancelled it, if it says (a time as TrackOrder's events carry them).
 */
export const CancelShipmentReplySchema = EnvelopeSchema.extend({
  OrderReference: looseText.nullish(),
  CancelledAt: z
    .string()
    .refine((v) => apiDateTimeParts(v) !== undefined, 'not a date and time')
    .nullish(),
});
export type CancelShipmentReply = z.infer<typeof CancelShipmentReplySchema>;

/** RebookCollection's reply (assumed): the envelope; what it echoes is not relied on. */
export const RebookCollectionReplySchema = EnvelopeSchema.extend({
  OrderReference: looseText.nullish(),
  CollectionDate: optionalString,
  ReadyFrom: optionalString,
});
export type RebookCollectionReply = z.infer<typeof RebookCollectionReplySchema>;

// ---------------------------------------------------------------------------------------------
// Requests (what our client sends; what the simulator accepts)
// ---------------------------------------------------------------------------------------------

export const CredentialsSchema = z.object(
  {
    APIKey: z.string({ message: 'Credentials.APIKey is required' }).min(1, 'APIKey is empty'),
    Password: z.string({ message: 'Credentials.Password is required' }).min(1, 'Password is empty'),
  },
  { message: 'Credentials are required' },
);
export type Credentials = z.infer<typeof CredentialsSchema>;

export const CountryRefSchema = z.object({
  CountryID: looseInt.nullish(),
  CountryCode: z.string().trim().toUpperCase().nullish(),
});

export const CommodityLineSchema = z.object({
  CommodityCode: z.union([z.string(), z.number()]).transform(String),
  CommodityDescription: z.string().min(1, 'CommodityDescription is empty'),
  CountryOfOrigin: CountryRefSchema.nullish(),
  NumberOfUnits: looseInt.pipe(z.number().min(1, 'NumberOfUnits must be at least 1')),
  UnitValue: looseNumber.pipe(z.number().min(0, 'UnitValue cannot be negative')),
  UnitWeight: looseNumber.pipe(z.number().min(0, 'UnitWeight cannot be negative')),
  ProductCode: optionalString,
});
export type CommodityLineJson = z.infer<typeof CommodityLineSchema>;

export const PackageSchema = z.object({
  Weight: looseNumber.pipe(z.number().positive('Weight must be more than 0')),
  Length: looseNumber.pipe(z.number().positive('Length must be more than 0')),
  Width: looseNumber.pipe(z.number().positive('Width must be more than 0')),
  Height: looseNumber.pipe(z.number().positive('Height must be more than 0')),
  CommodityDetails: z.array(CommodityLineSchema).nullish(),
});
export type PackageJson = z.infer<typeof PackageSchema>;

export const AddressSchema = z.object({
  Forename: optionalString,
  Surname: optionalString,
  CompanyName: optionalString,
  EmailAddress: optionalString,
  TelephoneNumber: optionalString,
  MobileNumber: optionalString,
  AddressLineOne: optionalString,
  AddressLineTwo: optionalString,
  AddressLineThree: optionalString,
  City: optionalString,
  County: optionalString,
  Postcode: optionalString,
  Country: CountryRefSchema,
  IsAddressResidential: looseBool.nullish(),
  EORINumber: optionalString,
});
export type AddressJson = z.infer<typeof AddressSchema>;

export const ShipmentSchema = z.object({
  Consignment: z.object({
    ItemType: z.string().min(1, 'ItemType is required'),
    ItemsAreStackable: looseBool.nullish(),
    ConsignmentSummary: optionalString,
    ConsignmentValue: looseNumber.nullish(),
    ConsignmentCurrency: z.object({ CurrencyCode: z.string() }).nullish(),
    ReasonForExport: optionalString,
    Packages: z.array(PackageSchema).min(1, 'at least one package is required'),
  }),
  CollectionAddress: AddressSchema,
  DeliveryAddress: AddressSchema,
});
export type ShipmentJson = z.infer<typeof ShipmentSchema>;

export const QuoteRequestSchema = z.object({
  Credentials: CredentialsSchema,
  Shipment: ShipmentSchema,
});
export type QuoteRequest = z.input<typeof QuoteRequestSchema>;

export const CommodityRequestSchema = z.object({
  Credentials: CredentialsSchema,
  Searches: z
    .array(z.object({ Description: z.string() }))
    .min(1, 'at least one search is required'),
  MessageLanguage: optionalString,
  CountryCode: optionalString,
  NumberOfResults: looseInt.nullish(),
});
export type CommodityRequest = z.input<typeof CommodityRequestSchema>;

export const BookDetailsSchema = z.object({
  ServiceID: looseInt,
  YourReference: optionalString,
  ShippingCharges: looseNumber.nullish(),
  VATNumber: optionalString,
  EORINumber: optionalString,
  IOSSNumber: optionalString,
  Collection: z
    .object({
      CollectionDate: z.string(),
      ReadyFrom: optionalString,
      CollectionOptionID: looseInt.nullish(),
    })
    .nullish(),
  BookAccessories: z.array(z.object({ Code: z.string() })).nullish(),
  Insurance: z
    .object({
      CoverValue: looseNumber,
      ExcessValue: looseNumber.nullish(),
      GoodsAreNew: looseBool.nullish(),
      GoodsAreFragile: looseBool.nullish(),
    })
    .nullish(),
  DeliveryInstructions: optionalString,
});
export type BookDetailsJson = z.infer<typeof BookDetailsSchema>;

export const BookShipmentRequestSchema = z.object({
  Credentials: CredentialsSchema,
  QuoteSelection: z.object({ QuoteID: looseInt }).nullish(),
  Shipment: ShipmentSchema.nullish(),
  BookDetails: BookDetailsSchema,
});
export type BookShipmentRequest = z.input<typeof BookShipmentRequestSchema>;

export const CountriesRequestSchema = z.object({ Credentials: CredentialsSchema });

export const OrderDocumentsRequestSchema = z.object({
  Credentials: CredentialsSchema,
  OrderReference: z.string().min(1, 'OrderReference is required'),
});

export const FindOrdersRequestSchema = z.object({
  Credentials: CredentialsSchema,
  YourReference: z.string().trim().min(1, 'YourReference is required'),
});

export const TrackOrderRequestSchema = z.object({
  Credentials: CredentialsSchema,
  OrderReference: z.string().trim().min(1, 'OrderReference is required'),
});
export type TrackOrderRequest = z.input<typeof TrackOrderRequestSchema>;

export const RebookCollectionRequestSchema = z.object({
  Credentials: CredentialsSchema,
  OrderReference: z.string().trim().min(1, 'OrderReference is required'),
  CollectionDate: z.string({ message: 'CollectionDate is required' }),
  ReadyFrom: optionalString,
  /** Assumed: who the driver asks for, from now on (left out: unchanged). */
  CollectionContact: z
    .object({
      ContactName: z.string().trim().min(1, 'ContactName is required'),
      TelephoneNumber: z.string().trim().min(1, 'TelephoneNumber is required'),
      EmailAddress: z.string().trim().min(1, 'EmailAddress is required'),
    })
    .nullish(),
  /** Assumed: the driver's instructions, from now on (left out: unchanged). */
  CollectionInstructions: optionalString,
  /**
   * Assumed: the shipment's cover from now on, as BookShipment's `Insurance.CoverValue` in pounds
   * (left out: unchanged). Only ever raised.
   */
  Insurance: z
    .object({ CoverValue: z.number({ message: 'CoverValue must be a number' }).positive() })
    .nullish(),
});
export type RebookCollectionRequest = z.input<typeof RebookCollectionRequestSchema>;

export const CancelShipmentRequestSchema = z.object({
  Credentials: CredentialsSchema,
  OrderReference: z.string().trim().min(1, 'OrderReference is required'),
});
export type CancelShipmentRequest = z.input<typeof CancelShipmentRequestSchema>;

/** The API's paths, as the documentation spells them (the server matches any casing). */
export const TRANSGLOBAL_PATHS = {
  countries: '/Country/V2/GetCountries',
  quote: '/Quote/V2/GetQuote',
  quoteMinimal: '/Quote/V2/GetQuoteMinimal',
  commodity: '/Commodity/V2/GetCommodity',
  book: '/Book/V2/BookShipment',
  orderDocuments: '/Order/V2/GetOrderDocuments',
  /** Assumed entirely: no look-up by YourReference is documented (docs/providers.md). */
  findOrders: '/Order/V2/FindOrders',
  /** Assumed: the method's name is known, its area is not (`/Tracking/V2/TrackOrder` is as likely). */
  trackOrder: '/Track/V2/TrackOrder',
  /** Assumed entirely: no rebooking method is documented. */
  rebookCollection: '/Collection/V2/RebookCollection',
  /** Assumed: a cancel method exists, its path and shape are not known (beside BookShipment). */
  cancelShipment: '/Book/V2/CancelShipment',
} as const;
