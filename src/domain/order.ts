import { z } from './zod.js';
import { QuoteServiceSchema, SERVICE_LEVELS } from './quote.js';
import { findCountry } from './countries.js';
import { TRACKING_STATUSES } from './tracking.js';

/** Every route that names an order answers this when there is no such order (404). */
export const ORDER_NOT_FOUND = {
  code: 'ORDER_NOT_FOUND',
  message: 'We could not find that order. Please start again with a new quote.',
} as const;

/** What the pages see of an order; the server builds it from the persisted order. */
/**
 * The letters of an order reference after "BA-": Crockford's base32 without I, L, O and U, easy
 * to read out on the phone (docs/orders.md).
 */
export const ORDER_REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The order references a text names ("BA-7K2M9QXD"; written in any case), each once, in capitals,
 * in the order they first appear.
 */
export function orderReferencesIn(text: string): string[] {
  const found = text.toUpperCase().match(/\bBA-[0-9A-HJKMNP-TV-Z]{8}\b/g) ?? [];
  return [...new Set(found)];
}

export const OrderPlaceSchema = z.object({
  countryId: z.number().int(),
  title: z.string(),
  countryCode: z.string(),
  flagPath: z.string(),
  postcode: z.string(),
});
export type OrderPlace = z.infer<typeof OrderPlaceSchema>;

/** A country of ours and a post code, as an order or a quote shows them. */
export function orderPlace(countryId: number, postcode: string): OrderPlace {
  const country = findCountry(countryId);
  return {
    countryId,
    title: country?.title ?? `Country ${countryId}`,
    countryCode: country?.countryCode ?? '',
    flagPath: country?.flagPath ?? '',
    postcode,
  };
}

export const OfferedServiceSchema = z.object({
  service: QuoteServiceSchema,
  name: z.string(),
  detail: z.string(),
  pricePence: z.number().int().positive(),
  /** The courier's estimate in working days, e.g. "2-4", when it gives one. */
  transitDays: z.string().nullable(),
});
export type OfferedService = z.infer<typeof OfferedServiceSchema>;

/**
 * An address as saved on the order. Company and the second line are optional (orders saved before
 * they existed have neither); `state` is empty where the country's addresses need no area.
 */
export const OrderAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().optional(),
  street: z.string(),
  street2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  countryTitle: z.string(),
  phone: z.string(),
  email: z.string(),
  instructions: z.string().optional(),
});
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

/** An address as written on an envelope, one line each: what the order pages show. */
export function addressLines(address: OrderAddress): string[] {
  return [
    `${address.firstName} ${address.lastName}`.trim(),
    address.company,
    address.street,
    address.street2,
    address.city,
    address.state,
    address.postcode,
    address.countryTitle,
  ].filter((line): line is string => Boolean(line?.trim()));
}

/** What describes a declared item, on an order or kept by an account (a saved item). */
export const ItemFieldsSchema = z.object({
  name: z.string(),
  /** The courier's code, padded with zeros to 8 characters. */
  commodityCode: z.string(),
  commodityDescription: z.string(),
  numberOfUnits: z.number().int(),
  unitValuePence: z.number().int(),
  unitWeightGrams: z.number().int(),
});

export const DeclaredItemSchema = z.object({
  id: z.string(),
  ...ItemFieldsSchema.shape,
  countryOfOrigin: z.literal('GB'),
});

export const ParcelViewSchema = z.object({
  key: z.string(),
  type: z.enum(['small', 'large']),
  index: z.number().int(),
  title: z.string(),
  maxWeightKg: z.number(),
  heightCm: z.number(),
  widthCm: z.number(),
  lengthCm: z.number(),
  items: z.array(DeclaredItemSchema),
  declaredWeightGrams: z.number().int(),
});
export type ParcelView = z.infer<typeof ParcelViewSchema>;

export const OrderViewSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  /** The booking's state (docs/orders.md): what the pages show before the order is booked. */
  status: z.string(),
  /**
   * Once booked: the order's status from its boxes' (docs/tracking.md), what every page shows
   * instead of "Booked"; null before (and on the routes that edit a draft).
   */
  trackingStatus: z.enum(TRACKING_STATUSES).nullable(),
  collection: OrderPlaceSchema,
  destination: OrderPlaceSchema,
  smallBoxes: z.number().int(),
  largeBoxes: z.number().int(),
  totalBoxes: z.number().int(),
  totalWeightKg: z.number().int(),
  services: z.array(OfferedServiceSchema),
  selectedService: QuoteServiceSchema.nullable(),
  /** What the order costs: the service's price plus the extra cover's (`cover.pricePence`). */
  pricePence: z.number().int().nullable(),
  /**
   * The cover chosen: its whole level (null while only the included cover) and what the extra
   * cover costs, part of `pricePence` (docs/cover-and-import-charges.md, "Cover").
   */
  cover: z.object({ coverPence: z.number().int().nullable(), pricePence: z.number().int() }),
  collectionAddress: OrderAddressSchema.nullable(),
  deliveryAddress: OrderAddressSchema.nullable(),
  /** yyyy-mm-dd, a Europe/London calendar date. */
  collectionDate: z.string().nullable(),
  parcels: z.array(ParcelViewSchema),
  /**
   * The declaration's switch: the boxes hold the recipient's own used belongings, declared to
   * customs as personal effects (docs/cover-and-import-charges.md, "Personal effects").
   */
  personalEffects: z.boolean(),
  /** When the declaration last passed every check (Continue on Declare Items). */
  declaredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderView = z.infer<typeof OrderViewSchema>;

/**
 * A quote as `GET /api/v1/quotes` answers it: the services offered for a question and their
 * prices, before any order exists (the order starts when a service is chosen:
 * docs/quotes-and-orders.md). Only what the question does not already say: the countries' names
 * and flags and the services' names come from this folder (`quoteViewOf`), which keeps the
 * answer small (its bytes are most of what a quote costs to send and to read).
 */
export const QuoteAnswerSchema = z.object({
  collection: z.object({ countryId: z.number().int(), postcode: z.string() }),
  destination: z.object({ countryId: z.number().int(), postcode: z.string() }),
  smallBoxes: z.number().int(),
  largeBoxes: z.number().int(),
  totalWeightKg: z.number().int(),
  services: z.array(
    z.object({
      service: QuoteServiceSchema,
      pricePence: z.number().int(),
      transitDays: z.string().nullable(),
    }),
  ),
});
export type QuoteAnswer = z.infer<typeof QuoteAnswerSchema>;

/** A quote as a page shows it: the part of an order's view a quote has. */
export type QuoteView = Pick<
  OrderView,
  | 'collection'
  | 'destination'
  | 'smallBoxes'
  | 'largeBoxes'
  | 'totalBoxes'
  | 'totalWeightKg'
  | 'services'
>;

/** The answer with the names, flags and service descriptions it leaves out. */
export function quoteViewOf(answer: QuoteAnswer): QuoteView {
  return {
    collection: orderPlace(answer.collection.countryId, answer.collection.postcode),
    destination: orderPlace(answer.destination.countryId, answer.destination.postcode),
    smallBoxes: answer.smallBoxes,
    largeBoxes: answer.largeBoxes,
    totalBoxes: answer.smallBoxes + answer.largeBoxes,
    totalWeightKg: answer.totalWeightKg,
    services: answer.services.map((s) => ({
      ...s,
      name: SERVICE_LEVELS[s.service].name,
      detail: SERVICE_LEVELS[s.service].detail,
    })),
  };
}

export const SelectServiceInputSchema = z.object({
  service: z.enum(['express', 'economy'], { message: 'Please choose Express or Economy' }),
});
export type SelectServiceInput = z.infer<typeof SelectServiceInputSchema>;
