import {
  getCountryCallingCode,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js';
import { z } from './zod.js';

/**
 * The booking wizard's address forms (docs/product-rules.md, "Booking wizard"). Country and
 * post code are read-only: they come from the quote. The collection phone is any number reachable
 * on +44 (the UK's, and those of Guernsey, Jersey and the Isle of Man, which share it: decision
 * 108); the delivery phone uses the destination's calling code. Which fields an
 * address needs follows its country's address format (`addressFormatFor`).
 */
export const ADDRESS_MESSAGES = {
  requiredMissing: 'Required field is missing.',
  firstName: 'Enter a first name',
  lastName: 'Enter a last name',
  street: 'Enter the street address',
  city: 'Enter the town or city',
  phoneNumber: 'Enter a phone number',
  email: 'Enter an email address',
  emailInvalid: 'Enter an email address in the correct format, like name@example.com',
} as const;

/** Why a collection (UK, +44) phone number is refused, in the customer's words (decision 108). */
export const UK_PHONE_MESSAGES = {
  notANumber: 'Enter a phone number in digits, like 07400 123456',
  tooShort:
    'This number is too short for a UK phone number: it should have 11 digits, like 07400 123456',
  tooLong:
    'This number is too long for a UK phone number: it should have 11 digits, like 07400 123456',
  otherCountry: 'Enter a UK number (starting 07, 01, 02 or +44)',
  notInUse:
    'This is not a UK phone number: check it, or enter a UK number (starting 07, 01, 02 or +44)',
} as const;

const UK_CALLING_CODE = '44';

type PhoneCheck = { ok: true; e164: string } | { ok: false; message: string };

/**
 * A collection contact's number: any valid number on +44, whichever of the UK, Guernsey, Jersey
 * or the Isle of Man the phone library assigns it to, as E.164; else why not.
 */
export function checkUkPhone(raw: string): PhoneCheck {
  const phone = parsePhoneNumberFromString(raw, 'GB');
  if (phone?.countryCallingCode === UK_CALLING_CODE && phone.isValid()) {
    return { ok: true, e164: phone.number };
  }
  if (phone && phone.countryCallingCode !== UK_CALLING_CODE) {
    return { ok: false, message: UK_PHONE_MESSAGES.otherCountry };
  }
  const length = phone ? validatePhoneNumberLength(raw, 'GB') : 'NOT_A_NUMBER';
  if (length === 'NOT_A_NUMBER') return { ok: false, message: UK_PHONE_MESSAGES.notANumber };
  // The library's lengths are those of any UK number (7 to 10 digits after the 0); a mobile
  // (07…) always has 10, so an invalid one with fewer is a digit or more short.
  // (The library keeps the 0 of a number too short to be one without it.)
  const national = phone?.nationalNumber.replace(/^0/, '') ?? '';
  const mobileShort = national.startsWith('7') && national.length < 10;
  if (length === 'TOO_SHORT' || mobileShort) {
    return { ok: false, message: UK_PHONE_MESSAGES.tooShort };
  }
  if (length === 'TOO_LONG') return { ok: false, message: UK_PHONE_MESSAGES.tooLong };
  return { ok: false, message: UK_PHONE_MESSAGES.notInUse };
}

const LIMITS = {
  firstName: 50,
  lastName: 50,
  company: 100,
  street: 100,
  street2: 100,
  city: 60,
  state: 60,
  phoneNumber: 30,
  email: 254,
  instructions: 300,
} as const;

/**
 * How a country writes its addresses, as far as the form is concerned: what the area above the
 * town is called there and whether an address needs it. The US, Canada and Australia (states,
 * provinces and territories) and Spain and Italy (provinces) write it on every address; the UK,
 * the rest of Europe, New Zealand and South Africa do not, so there it may be left empty.
 */
export interface AddressFormat {
  /** The label of the area field, e.g. "State", "County". */
  areaLabel: string;
  areaRequired: boolean;
}

const AREA_OPTIONAL_REGION: AddressFormat = { areaLabel: 'Region', areaRequired: false };

const ADDRESS_FORMATS: Readonly<Record<string, AddressFormat>> = {
  GB: { areaLabel: 'County', areaRequired: false },
  US: { areaLabel: 'State', areaRequired: true },
  CA: { areaLabel: 'Province or territory', areaRequired: true },
  AU: { areaLabel: 'State or territory', areaRequired: true },
  ES: { areaLabel: 'Province', areaRequired: true },
  IT: { areaLabel: 'Province', areaRequired: true },
  FR: AREA_OPTIONAL_REGION,
  DE: AREA_OPTIONAL_REGION,
  NL: AREA_OPTIONAL_REGION,
  BE: AREA_OPTIONAL_REGION,
  PT: AREA_OPTIONAL_REGION,
  NZ: AREA_OPTIONAL_REGION,
  ZA: { areaLabel: 'Province', areaRequired: false },
};

/** The address format of a country (ISO code); a country we do not know asks for its region. */
export function addressFormatFor(countryCode: string): AddressFormat {
  return (
    ADDRESS_FORMATS[countryCode] ?? { areaLabel: 'County, state or region', areaRequired: true }
  );
}

/** "Enter the state", "Enter the province or territory"… */
export function areaMessage(format: AddressFormat): string {
  return `Enter the ${format.areaLabel.toLowerCase()}`;
}

/** The fields every address needs, wherever it is; the area is required by some countries only. */
export const ALWAYS_REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'street',
  'city',
  'phoneNumber',
  'email',
] as const;
export type RequiredAddressField = (typeof ALWAYS_REQUIRED_FIELDS)[number] | 'state';

/** The form's fields in the order they are shown (and their errors listed). */
export const ADDRESS_FIELD_ORDER = [
  'firstName',
  'lastName',
  'company',
  'street',
  'street2',
  'city',
  'state',
  'phoneNumber',
  'email',
  'instructions',
] as const;

/**
 * What the form sends; every value is a string, possibly empty. `street` is the first address
 * line, `street2` the optional second; `state` is the area (county, state, province or region).
 */
export const AddressInputSchema = z.object({
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  company: z.string().default(''),
  street: z.string().default(''),
  street2: z.string().default(''),
  city: z.string().default(''),
  state: z.string().default(''),
  phoneNumber: z.string().default(''),
  email: z.string().default(''),
  instructions: z.string().default(''),
});
export type AddressInput = z.input<typeof AddressInputSchema>;
export type AddressInputValue = z.output<typeof AddressInputSchema>;

export interface ValidAddress {
  firstName: string;
  lastName: string;
  company?: string;
  street: string;
  street2?: string;
  city: string;
  /** Empty where the country's addresses need no area and none was given. */
  state: string;
  /** E.164, e.g. "+442079460958". */
  phone: string;
  email: string;
  instructions?: string;
}

export type AddressValidation =
  | { ok: true; value: ValidAddress }
  | { ok: false; summary: string; fields: Partial<Record<keyof AddressInputValue, string>> };

/** "+44" for GB, "+33" for FR… */
export function callingCodeFor(countryCode: string): string {
  try {
    return `+${getCountryCallingCode(countryCode as CountryCode)}`;
  } catch {
    return '';
  }
}

const EMAIL = z.email();
const CONTROL_CHARS = /\p{Cc}/gu;

function clean(value: string): string {
  return value.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Checks an address form for an address in `country` (ISO code), whose phone number must belong
 * to that country too. Any missing required field gives the product's summary "Required field
 * is missing." with a message beside each missing field; then formats are checked.
 */
export function validateAddress(input: AddressInputValue, country: string): AddressValidation {
  const values = Object.fromEntries(
    Object.entries(input).map(([key, value]) => [key, clean(value)]),
  ) as AddressInputValue;
  const fields: Partial<Record<keyof AddressInputValue, string>> = {};
  const format = addressFormatFor(country);

  for (const field of ALWAYS_REQUIRED_FIELDS) {
    if (!values[field]) fields[field] = ADDRESS_MESSAGES[field];
  }
  if (format.areaRequired && !values.state) fields.state = areaMessage(format);
  if (Object.keys(fields).length > 0) {
    return { ok: false, summary: ADDRESS_MESSAGES.requiredMissing, fields };
  }

  for (const [field, max] of Object.entries(LIMITS) as [keyof typeof LIMITS, number][]) {
    if (values[field].length > max) fields[field] = `Use at most ${max} characters`;
  }
  if (!fields.email && !EMAIL.safeParse(values.email).success) {
    fields.email = ADDRESS_MESSAGES.emailInvalid;
  }
  const phone = phoneFor(values.phoneNumber, country);
  if (!fields.phoneNumber && !phone.ok) fields.phoneNumber = phone.message;
  const first = Object.values(fields)[0];
  if (first || !phone.ok) {
    return { ok: false, summary: first ?? ADDRESS_MESSAGES.phoneNumber, fields };
  }

  return {
    ok: true,
    value: {
      firstName: values.firstName,
      lastName: values.lastName,
      ...(values.company ? { company: values.company } : {}),
      street: values.street,
      ...(values.street2 ? { street2: values.street2 } : {}),
      city: values.city,
      state: values.state,
      phone: phone.e164,
      email: values.email.toLowerCase(),
      ...(values.instructions ? { instructions: values.instructions } : {}),
    },
  };
}

/**
 * The phone of an address in `country`: on +44 for the UK (checkUkPhone); elsewhere a valid
 * number the phone library assigns to that country.
 */
function phoneFor(raw: string, country: string): PhoneCheck {
  if (country === 'GB') return checkUkPhone(raw);
  const phone = parsePhoneNumberFromString(raw, country as CountryCode);
  if (phone?.isValid() && phone.country === country) return { ok: true, e164: phone.number };
  return {
    ok: false,
    message: `Enter a valid ${callingCodeFor(country)} phone number for ${countryName(country)}`,
  };
}

const NAMES: Record<string, string> = {
  GB: 'the UK',
  AU: 'Australia',
  CA: 'Canada',
  FR: 'France',
  DE: 'Germany',
  NZ: 'New Zealand',
  ZA: 'South Africa',
  US: 'the United States',
  PT: 'Portugal',
  NL: 'the Netherlands',
  BE: 'Belgium',
  ES: 'Spain',
  IT: 'Italy',
};

function countryName(code: string): string {
  return NAMES[code] ?? code;
}
