import {
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import { z } from './zod.js';

/**
 * The booking wizard's address forms (docs/product-rules.md, "Booking wizard"). Country and
 * post code are read-only: they come from the quote. The collection phone is UK only (+44, as in
 * the product rules); the delivery phone uses the destination's calling code.
 */
export const ADDRESS_MESSAGES = {
  requiredMissing: 'Required field is missing.',
  firstName: 'Enter a first name',
  lastName: 'Enter a last name',
  street: 'Enter the street address',
  city: 'Enter the town or city',
  state: 'Enter the county, state or region',
  phoneNumber: 'Enter a phone number',
  email: 'Enter an email address',
  emailInvalid: 'Enter an email address in the correct format, like name@example.com',
} as const;

const LIMITS = {
  firstName: 50,
  lastName: 50,
  street: 100,
  city: 60,
  state: 60,
  phoneNumber: 30,
  email: 254,
  instructions: 300,
} as const;

export const REQUIRED_ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'street',
  'city',
  'state',
  'phoneNumber',
  'email',
] as const;
export type RequiredAddressField = (typeof REQUIRED_ADDRESS_FIELDS)[number];

/** The form's fields in the order they are shown (and their errors listed). */
export const ADDRESS_FIELD_ORDER = [...REQUIRED_ADDRESS_FIELDS, 'instructions'] as const;

/** What the form sends; every value is a string, possibly empty. */
export const AddressInputSchema = z.object({
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  street: z.string().default(''),
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
  street: string;
  city: string;
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
 * Checks an address form. Any missing required field gives the product's summary "Required field
 * is missing." with a message beside each missing field; then formats are checked.
 * `phoneCountry` is the ISO code the phone number must belong to.
 */
export function validateAddress(input: AddressInputValue, phoneCountry: string): AddressValidation {
  const values = Object.fromEntries(
    Object.entries(input).map(([key, value]) => [key, clean(value)]),
  ) as AddressInputValue;
  const fields: Partial<Record<keyof AddressInputValue, string>> = {};

  for (const field of REQUIRED_ADDRESS_FIELDS) {
    if (!values[field]) fields[field] = ADDRESS_MESSAGES[field];
  }
  if (Object.keys(fields).length > 0) {
    return { ok: false, summary: ADDRESS_MESSAGES.requiredMissing, fields };
  }

  for (const [field, max] of Object.entries(LIMITS) as [keyof typeof LIMITS, number][]) {
    if (values[field].length > max) fields[field] = `Use at most ${max} characters`;
  }
  if (!fields.email && !EMAIL.safeParse(values.email).success) {
    fields.email = ADDRESS_MESSAGES.emailInvalid;
  }
  const phone = parsePhoneNumberFromString(values.phoneNumber, phoneCountry as CountryCode);
  const prefix = callingCodeFor(phoneCountry);
  if (!fields.phoneNumber && (!phone || !phone.isValid() || phone.country !== phoneCountry)) {
    fields.phoneNumber = `Enter a valid ${prefix} phone number for ${countryName(phoneCountry)}`;
  }
  const first = Object.values(fields)[0];
  if (first || !phone) return { ok: false, summary: first ?? ADDRESS_MESSAGES.phoneNumber, fields };

  return {
    ok: true,
    value: {
      firstName: values.firstName,
      lastName: values.lastName,
      street: values.street,
      city: values.city,
      state: values.state,
      phone: phone.number,
      email: values.email.toLowerCase(),
      ...(values.instructions ? { instructions: values.instructions } : {}),
    },
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
