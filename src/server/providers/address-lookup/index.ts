import type { Logger } from 'pino';
import type { AddressLookupProvider } from './address-lookup-provider.js';
import { IdealPostcodesClient } from './ideal-postcodes/ideal-postcodes.client.js';
import { SANDBOX_API_KEY, sandboxFetch } from './sandbox/sandbox-addresses.js';

export interface AddressLookupEnv {
  ADDRESS_PROVIDER: 'sandbox' | 'ideal-postcodes';
  IDEAL_POSTCODES_API_KEY?: string | undefined;
  IDEAL_POSTCODES_BASE_URL?: string | undefined;
  ADDRESS_LOOKUP_TIMEOUT_MS: number;
}

/**
 * The address lookup chosen by ADDRESS_PROVIDER (docs/providers.md, "Addresses"): the Ideal
 * Postcodes client on the real API with IDEAL_POSTCODES_API_KEY (env.ts has checked it is set),
 * or the same client on the offline sandbox (the default).
 */
export function createAddressLookup(env: AddressLookupEnv, logger: Logger): AddressLookupProvider {
  const log = logger.child({ provider: 'address-lookup' });
  const provider = pick(env, log);
  log.info({ addressLookup: provider.name }, 'address lookup ready');
  return provider;
}

function pick(env: AddressLookupEnv, log: Logger): AddressLookupProvider {
  if (env.ADDRESS_PROVIDER === 'ideal-postcodes') {
    if (!env.IDEAL_POSTCODES_API_KEY) throw new Error('IDEAL_POSTCODES_API_KEY is required');
    return new IdealPostcodesClient({
      apiKey: env.IDEAL_POSTCODES_API_KEY,
      ...(env.IDEAL_POSTCODES_BASE_URL ? { baseUrl: env.IDEAL_POSTCODES_BASE_URL } : {}),
      timeoutMs: env.ADDRESS_LOOKUP_TIMEOUT_MS,
      logger: log,
    });
  }
  return sandboxAddressLookup({ timeoutMs: env.ADDRESS_LOOKUP_TIMEOUT_MS, logger: log });
}

/** The Ideal Postcodes client on the offline sandbox. */
export function sandboxAddressLookup(
  options: { timeoutMs?: number; slowMs?: number; apiKey?: string; logger?: Logger } = {},
): AddressLookupProvider {
  return new IdealPostcodesClient({
    name: 'sandbox',
    baseUrl: 'https://sandbox.address-lookup.invalid',
    apiKey: options.apiKey ?? SANDBOX_API_KEY,
    timeoutMs: options.timeoutMs ?? 2_500,
    fetch: sandboxFetch(options.slowMs !== undefined ? { slowMs: options.slowMs } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
