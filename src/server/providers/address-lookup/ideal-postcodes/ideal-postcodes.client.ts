import type { Logger } from 'pino';
import type { FoundAddress } from '#src/domain/address-lookup.js';
import { ProviderError } from '../../provider-error.js';
import type { AddressLookupErrorCode, AddressLookupProvider } from '../address-lookup-provider.js';
import { toFoundAddress } from './ideal-postcodes.mapper.js';
import { IdealErrorReplySchema, IdealPostcodeReplySchema } from './ideal-postcodes.schemas.js';

export const IDEAL_POSTCODES_URL = 'https://api.ideal-postcodes.co.uk';

/** What the client sends requests with: the global `fetch`, or the sandbox's. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

export interface IdealPostcodesOptions {
  /** `ideal-postcodes`, or `sandbox` when pointed at the sandbox. */
  name?: string;
  baseUrl?: string;
  /** Sent in the Authorization header only: never in a URL, never logged. */
  apiKey: string;
  /** The longest one lookup may take. */
  timeoutMs: number;
  logger?: Logger;
  fetch?: FetchFunction;
}

/** The provider's own codes (its `code` field) that are not a plain success or not-found. */
const KEY_REFUSED = new Set([4010, 4011]);
const LIMIT_REACHED = new Set([4020, 4021, 4022, 4023]);

/**
 * Ideal Postcodes' postcode lookup (`GET /v1/postcodes/:postcode`), its answers mapped to our
 * address shape (`ideal-postcodes.mapper.ts`) and its failures to `ProviderError`s
 * (docs/providers.md, "Addresses"). One attempt per lookup, never retried: the customer is
 * waiting and can type the address instead. One log line per call, with neither the key nor
 * the post code.
 */
export class IdealPostcodesClient implements AddressLookupProvider {
  readonly name: string;
  private readonly baseUrl: string;
  private readonly fetch: FetchFunction;

  constructor(private readonly options: IdealPostcodesOptions) {
    this.name = options.name ?? 'ideal-postcodes';
    this.baseUrl = (options.baseUrl ?? IDEAL_POSTCODES_URL).replace(/\/+$/, '');
    this.fetch = options.fetch ?? ((url, init) => fetch(url, init));
  }

  async findAddresses(postcode: string): Promise<FoundAddress[]> {
    const started = performance.now();
    const compact = postcode.replace(/\s+/g, '').toUpperCase();
    let httpStatus: number | undefined;
    let outcome = 'error';
    try {
      const response = await this.send(`/v1/postcodes/${encodeURIComponent(compact)}`);
      httpStatus = response.status;
      const body = await this.json(response);
      const addresses = this.read(response.status, body);
      outcome = addresses.length > 0 ? 'found' : 'not_found';
      return addresses;
    } catch (error) {
      if (error instanceof ProviderError) outcome = error.code;
      throw error;
    } finally {
      this.options.logger?.info(
        {
          addressLookupCall: 'postcodes',
          ms: Math.round(performance.now() - started),
          httpStatus,
          outcome,
        },
        'address provider call',
      );
    }
  }

  private async send(path: string): Promise<Response> {
    try {
      return await this.fetch(`${this.baseUrl}${path}`, {
        method: 'GET',
        headers: {
          accept: 'application/json',
          authorization: `IDEALKEY api_key="${this.options.apiKey}"`,
        },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw this.error(
        timedOut ? 'TIMEOUT' : 'NETWORK',
        true,
        timedOut
          ? `no answer within ${this.options.timeoutMs} ms`
          : 'the address provider could not be reached',
        error,
      );
    }
  }

  private async json(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw this.error('TIMEOUT', true, `no answer within ${this.options.timeoutMs} ms`, error);
      }
      throw this.error('INVALID_RESPONSE', false, `HTTP ${response.status}: not JSON`, error);
    }
  }

  /** The addresses of a success, `[]` for "postcode not found", else the failure in our words. */
  private read(status: number, body: unknown): FoundAddress[] {
    if (status === 200) {
      const reply = IdealPostcodeReplySchema.safeParse(body);
      if (!reply.success || reply.data.code !== 2000) {
        throw this.error('INVALID_RESPONSE', false, 'HTTP 200 without a list of addresses');
      }
      try {
        return (reply.data.result ?? []).map(toFoundAddress);
      } catch (error) {
        throw this.error('INVALID_RESPONSE', false, 'an address could not be read', error);
      }
    }
    const code = IdealErrorReplySchema.safeParse(body).data?.code;
    const said = `HTTP ${status}${code ? `, code ${code}` : ''}`;
    if (status === 404 && code === 4040) return [];
    if (status === 401 || (code !== undefined && KEY_REFUSED.has(code))) {
      throw this.error('INVALID_KEY', false, `the API key was refused (${said})`);
    }
    if (status === 402 || (code !== undefined && LIMIT_REACHED.has(code))) {
      throw this.error('OVER_LIMIT', false, `the key's lookups are used up (${said})`);
    }
    throw this.error('HTTP_ERROR', status >= 500 || status === 429, `unexpected answer (${said})`);
  }

  private error(
    code: AddressLookupErrorCode,
    retryable: boolean,
    message: string,
    cause?: unknown,
  ): ProviderError {
    return new ProviderError(this.name, code, retryable, message, cause ? { cause } : undefined);
  }
}
