import { callingCodeFor, type AddressInputValue, type ValidAddress } from './address.js';
import { COLLECTION_REGIONS, DESTINATIONS, type CountryOption } from './countries.js';
import type { OrderPlace } from './order.js';
import { checkCollectionPostcode, checkDestinationPostcode } from './quote-rules.js';

/**
 * The address book's rules (docs/accounts.md, "Address book"): a saved address is a collection
 * address (a UK post code in one of our collection regions) or a recipient (a destination's post
 * code in its format), checked with the quote form's post code rules and the address form's
 * field rules, when it is saved and again when it is used on a booking.
 */
export type SavedAddressRole = 'collection' | 'delivery';

/** At most this many saved addresses per account. */
export const SAVED_ADDRESSES_MAX = 50;

export const ADDRESS_BOOK_MESSAGES = {
  unknownCollectionRegion: 'Choose a UK collection region',
  unknownDestination: 'Choose a destination country from the list',
  full: `You have ${SAVED_ADDRESSES_MAX} saved addresses, the most you can keep. Delete some on your account page first.`,
  duplicate: 'You already have this address saved.',
} as const;

export type PlaceCheck =
  | { ok: true; country: CountryOption; postcode: string }
  | { ok: false; field: 'countryId' | 'postcode'; message: string };

/** A saved address's country and post code, checked as the quote form checks them. */
export function checkSavedPlace(
  role: SavedAddressRole,
  countryId: number,
  postcode: string,
): PlaceCheck {
  const countries = role === 'collection' ? COLLECTION_REGIONS : DESTINATIONS;
  const country = countries.find((c) => c.countryId === countryId);
  if (!country) {
    return {
      ok: false,
      field: 'countryId',
      message:
        role === 'collection'
          ? ADDRESS_BOOK_MESSAGES.unknownCollectionRegion
          : ADDRESS_BOOK_MESSAGES.unknownDestination,
    };
  }
  const checked =
    role === 'collection'
      ? checkCollectionPostcode(country, postcode)
      : checkDestinationPostcode(country, postcode);
  if (!checked.ok) return { ok: false, field: 'postcode', message: checked.error.message };
  return { ok: true, country, postcode: checked.postcode };
}

/**
 * Whether a saved address can be this booking's address for `role`: the booking's country and
 * post code come from its quote, so the saved one must be at that post code. A UK address in
 * another collection region says so as the quote form would; otherwise null when it fits.
 */
export function savedAddressMisfit(
  saved: { countryId: number; postcode: string },
  role: SavedAddressRole,
  place: Pick<OrderPlace, 'countryId' | 'postcode' | 'title'>,
): string | null {
  if (role === 'delivery' && saved.countryId !== place.countryId) {
    return `This address is not in ${place.title}, where this booking delivers.`;
  }
  const inPlace = checkSavedPlace(role, place.countryId, saved.postcode);
  if (!inPlace.ok) return inPlace.message;
  if (inPlace.postcode !== place.postcode) {
    return role === 'collection'
      ? `This address is at ${inPlace.postcode}; this booking collects from ${place.postcode}. Get a new quote from ${inPlace.postcode} to use it.`
      : `This address is at ${inPlace.postcode}; this booking delivers to ${place.postcode}. Get a new quote to ${inPlace.postcode} to use it.`;
  }
  return null;
}

/** The parts of a saved address the booking's address form holds. */
export interface SavedAddressFields {
  firstName: string;
  lastName: string;
  company: string;
  street: string;
  street2: string;
  city: string;
  state: string;
  /** E.164. */
  phone: string;
  email: string;
  instructions: string;
}

/** A checked address's parts as the address book keeps them, the optional ones as ''. */
export function savedAddressFieldsOf(address: ValidAddress): SavedAddressFields {
  const { company = '', street2 = '', instructions = '' } = address;
  const { firstName, lastName, street, city, state, phone, email } = address;
  return { firstName, lastName, company, street, street2, city, state, phone, email, instructions };
}

/** The address form's values for a saved address in a country (its phone without the prefix). */
export function formValuesOf(saved: SavedAddressFields, countryCode: string): AddressInputValue {
  const prefix = callingCodeFor(countryCode);
  return {
    firstName: saved.firstName,
    lastName: saved.lastName,
    company: saved.company,
    street: saved.street,
    street2: saved.street2,
    city: saved.city,
    state: saved.state,
    phoneNumber:
      prefix && saved.phone.startsWith(prefix) ? saved.phone.slice(prefix.length) : saved.phone,
    email: saved.email,
    instructions: saved.instructions,
  };
}

/** Whether a saved address matches a search: every word in its label, name, company or town. */
export function matchesAddressSearch(
  saved: Pick<SavedAddressFields, 'firstName' | 'lastName' | 'company' | 'city'> & {
    label: string;
  },
  query: string,
): boolean {
  const haystack = [saved.label, saved.firstName, saved.lastName, saved.company, saved.city]
    .join(' ')
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** An account's one name field split for a form: the last word is the last name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}
