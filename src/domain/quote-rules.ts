import { MAX_BOXES, packageSizeOf, parcelsFor } from './boxes.js';
import { COLLECTION_REGIONS, DESTINATIONS, type CountryOption } from './countries.js';
import {
  DESTINATION_POSTCODE_FORMATS,
  isValidDestinationPostcode,
  normaliseDestinationPostcode,
} from './destination-postcodes.js';
import { parseUkPostcode, ukRegionFor } from './uk-postcodes.js';

/**
 * The quote form's rules without zod, so the home page can check them without loading a schema
 * library (its JavaScript budget is 80 KB). `quote.ts` holds the API's schemas built on these.
 */

/** The quote form's messages: the first three are docs/product-rules.md's, word for word. */
export const QUOTE_MESSAGES = {
  collectionPostcodeRequired: 'Please enter collection post code',
  destinationPostcodeRequired: 'Please enter destination post code',
  boxesRequired: 'Please select amount of boxes',
  tooManyBoxes: `You can send at most ${MAX_BOXES} boxes in one order`,
  unknownCollectionCountry: 'Please choose a collection country from the list',
  unknownDestination: 'Please choose a destination country from the list',
  invalidUkPostcode: 'Please enter a valid UK post code, like SW1A 1AA',
  noQuotes: 'No quotes found. Please review countries and post codes.',
} as const;

/**
 * The courier runs the route but our rate tables have no price for this weight: our gap, not the
 * customer's mistake (docs/quotes-and-orders.md, "Prices").
 */
export function noPriceMessage(destinationTitle: string, boxes: number): string {
  const what = boxes === 1 ? 'one box' : `${boxes} boxes`;
  return `We can't price ${what} to ${destinationTitle} online yet. Please try a different number or size of boxes, or contact us and we will quote by email.`;
}

export type QuoteService = 'express' | 'economy';

/** What the form sends and the API accepts. */
export interface QuoteRequestInput {
  collection: { countryId: number; postcode?: string };
  destination: { countryId: number; postcode?: string };
  smallBoxes: number;
  largeBoxes: number;
}

export interface QuoteRequestShapeValue {
  collection: { countryId: number; postcode: string };
  destination: { countryId: number; postcode: string };
  smallBoxes: number;
  largeBoxes: number;
}

export interface QuoteFieldError {
  /** e.g. "collection.postcode", "boxes". */
  field: string;
  message: string;
  /** For a post code in another collection region: the region to switch to. */
  suggestedCountryId?: number;
}

export interface ValidQuoteRequest {
  collection: { country: CountryOption; postcode: string };
  destination: { country: CountryOption; postcode: string };
  smallBoxes: number;
  largeBoxes: number;
}

export type QuoteValidation =
  { ok: true; value: ValidQuoteRequest } | { ok: false; errors: QuoteFieldError[] };

/**
 * Every rule of the quote form, in the order docs/product-rules.md gives them; the form shows the first
 * failure and the API answers with it. Beyond the original: UK post codes must be real UK post
 * codes in the chosen region, and destination post codes must match the country's format.
 */
export function validateQuoteRequest(input: QuoteRequestShapeValue): QuoteValidation {
  const errors: QuoteFieldError[] = [];
  const collectionPostcode = input.collection.postcode.trim();
  const destinationPostcode = input.destination.postcode.trim();
  const total = input.smallBoxes + input.largeBoxes;

  if (!collectionPostcode) {
    errors.push({
      field: 'collection.postcode',
      message: QUOTE_MESSAGES.collectionPostcodeRequired,
    });
  }
  if (!destinationPostcode) {
    errors.push({
      field: 'destination.postcode',
      message: QUOTE_MESSAGES.destinationPostcodeRequired,
    });
  }
  if (total === 0) errors.push({ field: 'boxes', message: QUOTE_MESSAGES.boxesRequired });
  if (total > MAX_BOXES) errors.push({ field: 'boxes', message: QUOTE_MESSAGES.tooManyBoxes });

  const collectionCountry = COLLECTION_REGIONS.find(
    (c) => c.countryId === input.collection.countryId,
  );
  const destinationCountry = DESTINATIONS.find((c) => c.countryId === input.destination.countryId);
  if (!collectionCountry) {
    errors.push({
      field: 'collection.countryId',
      message: QUOTE_MESSAGES.unknownCollectionCountry,
    });
  }
  if (!destinationCountry) {
    errors.push({ field: 'destination.countryId', message: QUOTE_MESSAGES.unknownDestination });
  }

  let collectionFormatted = collectionPostcode;
  if (collectionPostcode && collectionCountry) {
    const checked = checkCollectionPostcode(collectionCountry, collectionPostcode);
    if (checked.ok) collectionFormatted = checked.postcode;
    else errors.push(checked.error);
  }

  if (destinationPostcode && destinationCountry) {
    const checked = checkDestinationPostcode(destinationCountry, destinationPostcode);
    if (!checked.ok) errors.push(checked.error);
  }

  if (errors.length > 0 || !collectionCountry || !destinationCountry) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: {
      collection: { country: collectionCountry, postcode: collectionFormatted },
      destination: {
        country: destinationCountry,
        postcode: normaliseDestinationPostcode(destinationCountry.countryCode, destinationPostcode),
      },
      smallBoxes: input.smallBoxes,
      largeBoxes: input.largeBoxes,
    },
  };
}

/** Package sizes sent to the courier for a box mix (docs/product-rules.md, "Boxes"). */
export function packagesFor(smallBoxes: number, largeBoxes: number) {
  return parcelsFor(smallBoxes, largeBoxes).map(packageSizeOf);
}

/** The display names of our two services, and the courier services behind them. */
export const SERVICE_LEVELS: Record<
  QuoteService,
  { name: string; courierServiceName: string; detail: string }
> = {
  express: {
    name: 'Express',
    courierServiceName: 'TG Express Worldwide',
    detail: 'Fastest door-to-door delivery by air',
  },
  economy: {
    name: 'Economy',
    courierServiceName: 'TG International Economy',
    detail: 'Best value door-to-door delivery',
  },
};

/** Collection options in order of preference (docs/product-rules.md, "Fixed booking values"): single parcel, then multi. */
export const PREFERRED_COLLECTION_OPTIONS = ['DHLParcel', 'DHLParcelMulti'] as const;

/** A courier service on a route, as far as choosing ours needs it. */
export interface CourierServiceOnRoute {
  serviceName: string;
  collectionOptions: readonly { title: string; collectionOptionId: number }[];
}

/** The courier service behind one of ours, if it runs on the route with a usable collection. */
export function courierServiceFor<S extends CourierServiceOnRoute>(
  service: QuoteService,
  routeServices: readonly S[],
): { courierService: S; collectionOptionId: number } | undefined {
  const courierService = routeServices.find(
    (s) => s.serviceName === SERVICE_LEVELS[service].courierServiceName,
  );
  if (!courierService) return undefined;
  for (const title of PREFERRED_COLLECTION_OPTIONS) {
    const option = courierService.collectionOptions.find((o) => o.title === title);
    if (option) return { courierService, collectionOptionId: option.collectionOptionId };
  }
  return undefined;
}

export type PostcodeCheck = { ok: true; postcode: string } | { ok: false; error: QuoteFieldError };

/**
 * A collection post code in a collection region: a real UK post code, in that region (else the
 * region it is in). The quote form's rule; the address book checks a saved address with it too.
 */
export function checkCollectionPostcode(region: CountryOption, postcode: string): PostcodeCheck {
  const field = 'collection.postcode';
  const parsed = parseUkPostcode(postcode.trim());
  if (!parsed) return { ok: false, error: { field, message: QUOTE_MESSAGES.invalidUkPostcode } };
  const found = ukRegionFor(parsed);
  if (found.kind === 'crown-dependency') {
    return {
      ok: false,
      error: {
        field,
        message: `${parsed.formatted} is in ${found.name}. We collect from the United Kingdom only.`,
      },
    };
  }
  if (found.regionId !== region.countryId) {
    const right = COLLECTION_REGIONS.find((c) => c.countryId === found.regionId);
    return {
      ok: false,
      error: {
        field,
        message: `${parsed.formatted} is in ${right?.title}, not ${region.title}. Please choose ${right?.title} as the collection country.`,
        suggestedCountryId: found.regionId,
      },
    };
  }
  return { ok: true, postcode: parsed.formatted };
}

/** A destination post code in its country's format, normalised. The quote form's rule. */
export function checkDestinationPostcode(country: CountryOption, postcode: string): PostcodeCheck {
  const value = postcode.trim();
  if (!isValidDestinationPostcode(country.countryCode, value)) {
    const format = DESTINATION_POSTCODE_FORMATS[country.countryCode];
    return {
      ok: false,
      error: {
        field: 'destination.postcode',
        message: format
          ? `Please enter a valid post code for ${country.title}: ${format.description}, like ${format.example}`
          : `Please enter a valid post code for ${country.title}`,
      },
    };
  }
  return { ok: true, postcode: normaliseDestinationPostcode(country.countryCode, value) };
}
