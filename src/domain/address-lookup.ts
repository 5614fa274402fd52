import { z } from './zod.js';

/**
 * Finding a UK collection address from its post code (docs/providers.md, "Addresses"): what the
 * booking form shows and fills. The lookup helps; the form never depends on it, so every failure
 * says to type the address instead.
 */

/** One address at a post code, in the address form's own fields (company, street, street2, city, state). */
export const FoundAddressSchema = z.object({
  /** The provider's id of the delivery point (stable between lookups). */
  id: z.string(),
  /** One line for the list: "Flat 2, 14 Palace Street, London". */
  label: z.string(),
  /** An organisation at the address, or empty. */
  company: z.string(),
  street: z.string(),
  /** The rest of the address lines, or empty. */
  street2: z.string(),
  city: z.string(),
  /** The county, or empty. */
  state: z.string(),
  postcode: z.string(),
});
export type FoundAddress = z.infer<typeof FoundAddressSchema>;

export const AddressLookupResultSchema = z.object({
  /** The post code asked, normalised ("SW1A 1AA"). */
  postcode: z.string(),
  /** Empty when the post code has no addresses the provider knows. */
  addresses: z.array(FoundAddressSchema),
});
export type AddressLookupResult = z.infer<typeof AddressLookupResultSchema>;

/** The longest the booking form waits for the list before it asks the customer to type the address. */
export const ADDRESS_LOOKUP_BROWSER_WAIT_MS = 3_000;

export const ADDRESS_LOOKUP_MESSAGES = {
  postcodeRequired: 'Enter a post code',
  postcodeTooLong: 'Post codes are at most 16 characters',
  unavailable: 'Finding addresses is not working just now. Please enter the address yourself.',
  slow: 'Finding addresses is taking too long. Please enter the address yourself.',
  capped:
    'Finding addresses is not available for the rest of today. Please enter the address yourself.',
} as const;

/** What the form says when a post code has no addresses. */
export function noAddressesMessage(postcode: string): string {
  return `We could not find any addresses at ${postcode}. Please enter the address yourself.`;
}
