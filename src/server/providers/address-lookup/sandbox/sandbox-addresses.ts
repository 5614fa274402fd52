import {
  address as recordedAddress,
  errors as recordedErrors,
  postcodes as recordedPostcodes,
} from '@ideal-postcodes/api-fixtures';
import type { IdealAddress } from '../ideal-postcodes/ideal-postcodes.schemas.js';
import type { FetchFunction } from '../ideal-postcodes/ideal-postcodes.client.js';
import { SANDBOX_OWN_POSTCODES } from './sandbox-postcodes.data.js';

/**
 * The offline sandbox of Ideal Postcodes' postcode lookup (docs/providers.md, "Addresses"): a
 * `fetch` the real client sends its requests to, answering as the provider does, from answers
 * recorded from it (`@ideal-postcodes/api-fixtures`: the bodies and statuses of a success, a
 * post code not found, a refused key, a used-up balance and daily limit) and from our own post
 * codes in the same shape. No network, no state: the same request always gets the same answer.
 */

/** The key the sandbox accepts (and the recordings' own placeholder for a valid key). */
export const SANDBOX_API_KEY = 'sandbox';

/** Post codes that switch the sandbox's behaviour for that lookup (valid UK shapes). */
export const SANDBOX_SWITCHES = {
  /** Answers after `slowMs` (10 s by default): longer than anyone waits. */
  slow: 'ID1 1SL',
  /** The provider cannot be reached. */
  down: 'ID1 1DN',
  /** The provider's "Postcode Not Found". */
  notFound: 'ID1 1NF',
} as const;

type Recorded = { httpStatus: number; body?: unknown; query?: Record<string, string> };

/** Keys of the recordings of refusals: a request with one gets that recording's answer. */
const RECORDED_KEY_REFUSALS: readonly Recorded[] = [
  recordedErrors.invalidKey,
  recordedErrors.invalidUrl,
  recordedErrors.balanceDepleted,
  recordedErrors.dailyLimitReached,
];
const VALID_KEYS = new Set([SANDBOX_API_KEY, recordedPostcodes.success.query.api_key]);

/** Every post code the sandbox knows, recorded answers first, then ours. */
function knownPostcodes(): Map<string, readonly IdealAddress[]> {
  const known = new Map<string, readonly IdealAddress[]>();
  const add = (addresses: readonly IdealAddress[]) => {
    for (const one of addresses) {
      known.set(one.postcode, [...(known.get(one.postcode) ?? []), one]);
    }
  };
  add(recordedPostcodes.success.body.result as IdealAddress[]);
  add(recordedPostcodes.multipleResidence.success.body.result as IdealAddress[]);
  for (const one of Object.values(recordedAddress) as IdealAddress[]) {
    if (!known.has(one.postcode)) add([one]);
  }
  for (const [postcode, addresses] of SANDBOX_OWN_POSTCODES) known.set(postcode, addresses);
  return known;
}

/** Every post code the sandbox answers with addresses, and how many (for docs and tests). */
export function sandboxPostcodes(): Map<string, number> {
  return new Map([...knownPostcodes()].map(([postcode, list]) => [postcode, list.length]));
}

const answer = ({ httpStatus, body }: Recorded) =>
  new Response(JSON.stringify(body), {
    status: httpStatus,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

function keyOf(url: URL, init: RequestInit): string | undefined {
  const header = new Headers(init.headers).get('authorization') ?? '';
  return /api_key="([^"]*)"/.exec(header)?.[1] ?? url.searchParams.get('api_key') ?? undefined;
}

/** Resolves after `ms`, or rejects with the signal's reason when the caller gives up first. */
function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}

/** "SW1A1AA" or "sw1a 1aa" as the provider writes it: "SW1A 1AA". */
function spaced(compact: string): string {
  const upper = decodeURIComponent(compact).replace(/\s+/g, '').toUpperCase();
  return upper.length > 3 ? `${upper.slice(0, -3)} ${upper.slice(-3)}` : upper;
}

/** The sandbox's `fetch`. `slowMs`: how long the slow switch takes to answer. */
export function sandboxFetch(options: { slowMs?: number } = {}): FetchFunction {
  const known = knownPostcodes();
  const slowMs = options.slowMs ?? 10_000;
  return async (href, init) => {
    const url = new URL(href);
    const key = keyOf(url, init);
    const refusal = RECORDED_KEY_REFUSALS.find((r) => r.query?.api_key === key);
    if (refusal) return answer(refusal);
    if (!key || !VALID_KEYS.has(key)) return answer(recordedErrors.invalidKey);
    const match = /^\/v1\/postcodes\/([^/]+)$/.exec(url.pathname);
    if (!match?.[1] || init.method !== 'GET') {
      return answer({ httpStatus: 404, body: { code: 4044, message: 'Resource not found' } });
    }
    const postcode = spaced(match[1]);
    if (postcode === SANDBOX_SWITCHES.down) {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    }
    if (postcode === SANDBOX_SWITCHES.slow) await wait(slowMs, init.signal);
    const addresses = known.get(postcode);
    if (!addresses) return answer(recordedPostcodes.notFound);
    return answer({
      httpStatus: 200,
      body: {
        result: addresses,
        code: 2000,
        message: 'Success',
        total: addresses.length,
        page: 0,
        limit: 100,
      },
    });
  };
}
