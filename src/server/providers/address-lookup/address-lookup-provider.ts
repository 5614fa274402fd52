import type { FoundAddress } from '#src/domain/address-lookup.js';

/**
 * The address-lookup port (docs/providers.md, "Addresses"): the addresses at a UK post code, in
 * our address shape. Implemented by the Ideal Postcodes client, pointed at the real API or at the
 * offline sandbox of it (`index.ts` picks by ADDRESS_PROVIDER).
 */
export interface AddressLookupProvider {
  /** `ideal-postcodes` or `sandbox`: logs and errors name it. */
  readonly name: string;
  /**
   * The addresses at `postcode` (normalised, "SW1A 1AA"); `[]` when the provider knows no such
   * post code. Failures are `ProviderError`s with the codes below.
   */
  findAddresses(postcode: string): Promise<FoundAddress[]>;
}

/** The codes of the `ProviderError`s `findAddresses` throws. */
export type AddressLookupErrorCode =
  /** The provider refused the API key (missing, wrong, or not allowed from here). */
  | 'INVALID_KEY'
  /** The key's balance or daily limit is used up. */
  | 'OVER_LIMIT'
  /** No answer within the per-call timeout. */
  | 'TIMEOUT'
  /** The provider could not be reached. */
  | 'NETWORK'
  /** Any other non-2xx answer. */
  | 'HTTP_ERROR'
  /** An answer that is not the provider's JSON. */
  | 'INVALID_RESPONSE';
