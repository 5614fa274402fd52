/**
 * The real courier adapter: JSON over HTTP to the Transglobal "services3" API v2 (or to our
 * simulator of it). All I/O lives here; the mapping is in ./transglobal.mapper.ts.
 *
 * - Credentials are added to every body here and never logged.
 * - Every call has a timeout. Calls that are safe to repeat (countries, quote, commodity,
 *   TrackOrder, RebookCollection, CancelShipment) are retried with exponential backoff on transient failures;
 *   BookShipment never is, nor GetOrderDocuments (an operator's question, asked again by them).
 * - Every failure is a ProviderError (provider "transglobal") with a CourierErrorCode.
 */
import type { Logger } from 'pino';
import type { z } from 'zod';
import { ProviderError } from '../../provider-error.js';
import type {
  BookingResult,
  CollectionRebooking,
  CourierExchangeObserver,
  CommodityMatch,
  CourierCountry,
  CourierErrorCode,
  CourierProvider,
  RouteQuery,
  RouteService,
  ShipmentBooking,
  ShipmentCancellation,
  ShipmentDocuments,
  ShipmentTracking,
} from '../courier-provider.js';
import {
  fromBookShipmentReply,
  fromCancelShipmentReply,
  fromCommodityReply,
  fromCountriesReply,
  fromOrderDocumentsReply,
  fromFindOrdersReply,
  fromQuoteReply,
  fromTrackOrderReply,
  notificationsMessage,
  toBookShipmentBody,
  toCancelShipmentBody,
  toCommodityBody,
  toOrderDocumentsBody,
  toFindOrdersBody,
  toQuoteMinimalBody,
  toRebookCollectionBody,
  toTrackOrderBody,
} from './transglobal.mapper.js';
import {
  BookShipmentReplySchema,
  CancelShipmentReplySchema,
  CommodityReplySchema,
  CountriesReplySchema,
  EnvelopeSchema,
  OrderDocumentsReplySchema,
  FindOrdersReplySchema,
  QuoteReplySchema,
  RebookCollectionReplySchema,
  TrackOrderReplySchema,
  TRANSGLOBAL_PATHS,
  type BookShipmentReply,
  type CancelShipmentReply,
  type CommodityReply,
  type CountriesReply,
  type OrderDocumentsReply,
  type FindOrdersReply,
  type QuoteReply,
  type RebookCollectionReply,
  type TrackOrderReply,
} from './transglobal.schemas.js';

export const PROVIDER = 'transglobal';

/** A GetCommodity FAIL that only says nothing matched. */
const NO_MATCH = /no (commodit|match|result)|not found|nothing found/i;

export interface CourierTimeouts {
  countriesMs: number;
  quoteMs: number;
  commodityMs: number;
  bookMs: number;
  documentsMs: number;
  trackMs: number;
  rebookMs: number;
  cancelMs: number;
}

/**
 * Staging took 26–46 s for quotes, 13–14 s for bookings and about 40 s to track; a published
 * client waits 50 s for tracking (docs/providers.md, "Transport").
 */
export const DEFAULT_TIMEOUTS: CourierTimeouts = {
  countriesMs: 30_000,
  quoteMs: 60_000,
  commodityMs: 15_000,
  bookMs: 90_000,
  documentsMs: 30_000,
  trackMs: 50_000,
  rebookMs: 30_000,
  cancelMs: 30_000,
};

export interface RetryPolicy {
  /** Total attempts for a safe call, the first included. */
  attempts: number;
  /** Backoff before attempt n+1 is base·2^(n-1), with jitter between 50 % and 100 %. */
  baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 500 };

export interface TransglobalOptions {
  baseUrl: string;
  apiKey: string;
  password: string;
  /** Shown as CourierProvider.name ("transglobal", or "simulator" when pointed at ours). */
  name?: string;
  timeouts?: Partial<CourierTimeouts>;
  retry?: Partial<RetryPolicy>;
  logger?: Logger;
}

/** The reply each call the client makes reads. */
interface Replies {
  GetCountries: CountriesReply;
  GetQuoteMinimal: QuoteReply;
  GetCommodity: CommodityReply;
  BookShipment: BookShipmentReply;
  GetOrderDocuments: OrderDocumentsReply;
  FindOrders: FindOrdersReply;
  TrackOrder: TrackOrderReply;
  RebookCollection: RebookCollectionReply;
  CancelShipment: CancelShipmentReply;
}
type Call = keyof Replies;
type Reply<C extends Call> = Replies[C];

/** Each call the client makes: where it is posted, its timeout, the shape of its reply. */
const CALLS: {
  [C in Call]: { path: string; timeout: keyof CourierTimeouts; reply: z.ZodType<Reply<C>> };
} = {
  GetCountries: {
    path: TRANSGLOBAL_PATHS.countries,
    timeout: 'countriesMs',
    reply: CountriesReplySchema,
  },
  GetQuoteMinimal: {
    path: TRANSGLOBAL_PATHS.quoteMinimal,
    timeout: 'quoteMs',
    reply: QuoteReplySchema,
  },
  GetCommodity: {
    path: TRANSGLOBAL_PATHS.commodity,
    timeout: 'commodityMs',
    reply: CommodityReplySchema,
  },
  BookShipment: { path: TRANSGLOBAL_PATHS.book, timeout: 'bookMs', reply: BookShipmentReplySchema },
  GetOrderDocuments: {
    path: TRANSGLOBAL_PATHS.orderDocuments,
    timeout: 'documentsMs',
    reply: OrderDocumentsReplySchema,
  },
  FindOrders: {
    path: TRANSGLOBAL_PATHS.findOrders,
    timeout: 'documentsMs',
    reply: FindOrdersReplySchema,
  },
  TrackOrder: {
    path: TRANSGLOBAL_PATHS.trackOrder,
    timeout: 'trackMs',
    reply: TrackOrderReplySchema,
  },
  RebookCollection: {
    path: TRANSGLOBAL_PATHS.rebookCollection,
    timeout: 'rebookMs',
    reply: RebookCollectionReplySchema,
  },
  CancelShipment: {
    path: TRANSGLOBAL_PATHS.cancelShipment,
    timeout: 'cancelMs',
    reply: CancelShipmentReplySchema,
  },
};

export class TransglobalCourier implements CourierProvider {
  readonly name: string;
  private readonly baseUrl: string;
  private readonly timeouts: CourierTimeouts;
  private readonly retry: RetryPolicy;
  private readonly logger: Logger | undefined;
  readonly #credentials: { APIKey: string; Password: string };

  constructor(options: TransglobalOptions) {
    this.name = options.name ?? PROVIDER;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.logger = options.logger;
    this.#credentials = { APIKey: options.apiKey, Password: options.password };
  }

  async getCountries(): Promise<CourierCountry[]> {
    const reply = await this.safeCall('GetCountries', {});
    return fromCountriesReply(reply);
  }

  async getRouteServices(query: RouteQuery): Promise<RouteService[]> {
    const reply = await this.safeCall('GetQuoteMinimal', toQuoteMinimalBody(query));
    return fromQuoteReply(reply);
  }

  async lookupCommodity(description: string): Promise<CommodityMatch[]> {
    if (description.trim() === '') return [];
    try {
      const reply = await this.safeCall('GetCommodity', toCommodityBody(description));
      return fromCommodityReply(reply);
    } catch (error) {
      // The API's no-match reply is UNKNOWN (docs/providers.md, "GetCommodity"): a FAIL whose only complaint is
      // that nothing matched means "not found", like a SUCCESS with no results.
      if (
        error instanceof ProviderError &&
        error.code === 'REJECTED' &&
        NO_MATCH.test(error.message)
      ) {
        return [];
      }
      throw error;
    }
  }

  async bookShipment(
    booking: ShipmentBooking,
    observe?: CourierExchangeObserver,
  ): Promise<BookingResult> {
    const reply = await this.attempt('BookShipment', toBookShipmentBody(booking), true, observe);
    return fromBookShipmentReply(reply);
  }

  /**
   * An operator's question, once (they can ask again): the labels and documents of a booking
   * the courier already has.
   */
  async getShipmentDocuments(
    courierReference: string,
    observe?: CourierExchangeObserver,
  ): Promise<ShipmentDocuments> {
    const reply = await this.attempt(
      'GetOrderDocuments',
      toOrderDocumentsBody(courierReference),
      false,
      observe,
    );
    return fromOrderDocumentsReply(reply);
  }

  /**
   * FindOrders (shape assumed entirely: docs/providers.md): the orders booked under our
   * reference. A question that changes nothing, so retried like a quote.
   */
  async findBookings(
    ourReference: string,
    observe?: CourierExchangeObserver,
  ): Promise<ShipmentDocuments[]> {
    const reply = await this.safeCall('FindOrders', toFindOrdersBody(ourReference), observe);
    return fromFindOrdersReply(reply);
  }

  /**
   * TrackOrder (assumed shape: docs/providers.md): every box of the shipment with its events.
   * Safe to repeat, so retried like a quote; `observe` is told about each attempt.
   */
  async trackShipment(
    courierReference: string,
    observe?: CourierExchangeObserver,
  ): Promise<ShipmentTracking> {
    const reply = await this.safeCall('TrackOrder', toTrackOrderBody(courierReference), observe);
    return fromTrackOrderReply(reply, courierReference);
  }

  /**
   * RebookCollection (shape assumed entirely: docs/providers.md). Retried like a safe call:
   * moving a collection to a date is idempotent for that date (asked again, the collection stays
   * on it, rebooked once, at no charge), so a repeat after a lost reply does no harm. Should the
   * real call turn out to charge or refuse a repeat, call it once, as `getShipmentDocuments` does.
   */
  async rebookCollection(
    change: CollectionRebooking,
    observe?: CourierExchangeObserver,
  ): Promise<void> {
    await this.safeCall('RebookCollection', toRebookCollectionBody(change), observe);
  }

  /**
   * CancelShipment (shape assumed entirely: docs/providers.md). Retried like a safe call: a
   * shipment already cancelled is cancelled again with success and the same time, so a repeat
   * after a lost reply does no harm. A refusal (already collected) is REJECTED, not retried.
   */
  async cancelShipment(
    courierReference: string,
    observe?: CourierExchangeObserver,
  ): Promise<ShipmentCancellation> {
    const reply = await this.safeCall(
      'CancelShipment',
      toCancelShipmentBody(courierReference),
      observe,
    );
    return fromCancelShipmentReply(reply, new Date());
  }

  /**
   * A call that is safe to repeat: retried with backoff while its failure is retryable. Each
   * attempt is an exchange `observe` is told about.
   */
  private async safeCall<C extends Call>(
    call: C,
    body: object,
    observe?: CourierExchangeObserver,
  ): Promise<Reply<C>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(call, body, false, observe);
      } catch (error) {
        if (!(error instanceof ProviderError) || !error.retryable) throw error;
        if (attempt >= this.retry.attempts) throw error;
        const backoff = this.retry.baseDelayMs * 2 ** (attempt - 1);
        const delay = Math.round(backoff * (0.5 + Math.random() / 2));
        this.logger?.warn(
          { courierCall: call, attempt, code: error.code, retryInMs: delay },
          'courier call failed; retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /**
   * One HTTP exchange, normalised: the parsed reply, or a ProviderError. `observe` is told about
   * it afterwards, credentials and document contents removed.
   */
  private async attempt<C extends Call>(
    call: C,
    body: object,
    booking: boolean,
    observe?: CourierExchangeObserver,
  ): Promise<Reply<C>> {
    if (!observe) return this.exchange(call, body, booking);
    const started = performance.now();
    const seen: { httpStatus: number | null; text: string | null } = {
      httpStatus: null,
      text: null,
    };
    let failure: ProviderError | undefined;
    try {
      return await this.exchange(call, body, booking, seen);
    } catch (error) {
      if (error instanceof ProviderError) failure = error;
      throw error;
    } finally {
      try {
        const secrets = [this.#credentials.APIKey, this.#credentials.Password];
        observe({
          operation: call,
          request: withoutSecrets(body, secrets),
          httpStatus: seen.httpStatus,
          outcome: failure ? (failure.code as CourierErrorCode) : 'SUCCESS',
          reply: seen.text === null ? null : replySummary(seen.text, secrets),
          error: failure ? scrubText(failure.message, secrets) : null,
          durationMs: Math.round(performance.now() - started),
        });
      } catch (error) {
        this.logger?.warn({ err: error, courierCall: call }, 'courier exchange not reported');
      }
    }
  }

  /**
   * One call to the courier, in steps: post it (a call that gets no reply is a network failure,
   * a timeout, or for a booking an unknown outcome) → refuse an HTTP error → read the reply
   * (JSON, a `Status`, SUCCESS, the method's shape).
   */
  private async exchange<C extends Call>(
    call: C,
    body: object,
    booking: boolean,
    seen?: { httpStatus: number | null; text: string | null },
  ): Promise<Reply<C>> {
    const { path, timeout, reply: schema } = CALLS[call];
    const timeoutMs = this.timeouts[timeout];
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const { response, text } = await this.post(
      call,
      path,
      body,
      { timeoutMs, booking, elapsed },
      seen,
    );
    const log = { courierCall: call, ms: elapsed(), httpStatus: response.status };
    if (!response.ok) {
      this.logger?.warn(log, 'courier call answered with an HTTP error');
      if (booking && response.status >= 500) {
        throw this.error(
          'BOOKING_OUTCOME_UNKNOWN',
          false,
          `BookShipment: HTTP ${response.status}; the shipment may or may not be booked`,
        );
      }
      const retryable = response.status >= 500 || response.status === 429;
      throw this.error('HTTP_ERROR', retryable, `${call}: HTTP ${response.status}`);
    }
    return this.readReply(call, text, schema, booking, log);
  }

  /** Posts the call with the credentials; its HTTP status and text, or the failure to get them. */
  private async post(
    call: Call,
    path: string,
    body: object,
    how: { timeoutMs: number; booking: boolean; elapsed: () => number },
    seen?: { httpStatus: number | null; text: string | null },
  ): Promise<{ response: Response; text: string }> {
    const { timeoutMs, booking } = how;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          Accept: 'application/json',
        },
        body: JSON.stringify({ Credentials: this.#credentials, ...body }),
        signal,
      });
      if (seen) seen.httpStatus = response.status;
      const text = await response.text();
      if (seen) seen.text = text;
      return { response, text };
    } catch (error) {
      const timedOut = signal.aborted;
      const refused = connectionRefused(error);
      this.logger?.warn(
        { courierCall: call, ms: how.elapsed(), timedOut, refused },
        'courier call did not complete',
      );
      if (booking && !refused) {
        throw this.error(
          'BOOKING_OUTCOME_UNKNOWN',
          false,
          timedOut
            ? `BookShipment: no reply within ${timeoutMs} ms; the shipment may or may not be booked`
            : 'BookShipment: the connection broke before a reply; the shipment may or may not be booked',
          error,
        );
      }
      if (timedOut) {
        throw this.error('TIMEOUT', true, `${call}: no reply within ${timeoutMs} ms`, error);
      }
      throw this.error('NETWORK', true, `${call}: the courier could not be reached`, error);
    }
  }

  /** The reply as the method's schema reads it; REJECTED, or unreadable, otherwise. */
  private readReply<S extends z.ZodType>(
    call: Call,
    text: string,
    schema: S,
    booking: boolean,
    log: { courierCall: Call; ms: number; httpStatus: number },
  ): z.infer<S> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      this.logger?.warn(log, 'courier reply is not JSON');
      throw this.invalid(call, booking, 'the reply is not JSON', error);
    }
    const envelope = EnvelopeSchema.safeParse(json);
    if (!envelope.success) {
      this.logger?.warn(log, 'courier reply has no Status');
      throw this.invalid(call, booking, 'the reply has no Status');
    }
    if (envelope.data.Status.toUpperCase() !== 'SUCCESS') {
      const message = notificationsMessage(envelope.data.Notifications);
      this.logger?.warn({ ...log, status: envelope.data.Status }, 'courier rejected the call');
      throw this.error('REJECTED', false, `${call} ${envelope.data.Status}: ${message}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ');
      this.logger?.warn(log, 'courier reply failed validation');
      throw this.invalid(call, booking, `unexpected reply (${where})`);
    }
    this.logger?.info({ ...log, status: 'SUCCESS' }, 'courier call');
    return parsed.data;
  }

  private invalid(call: Call, booking: boolean, detail: string, cause?: unknown): ProviderError {
    // A booking whose reply we cannot read may still have been made.
    return booking
      ? this.error(
          'BOOKING_OUTCOME_UNKNOWN',
          false,
          `BookShipment: ${detail}; the shipment may or may not be booked`,
          cause,
        )
      : this.error('INVALID_RESPONSE', false, `${call}: ${detail}`, cause);
  }

  private error(
    code: CourierErrorCode,
    retryable: boolean,
    message: string,
    cause?: unknown,
  ): ProviderError {
    return new ProviderError(PROVIDER, code, retryable, message, cause ? { cause } : undefined);
  }
}

/** Request and reply fields that name a credential: never kept, whatever their value. */
const SECRET_FIELD = /^(credentials|api_?key|password|authori[sz]ation|token|secret)$/i;
/** A string this long in a reply is a document's content (base64), not something to read. */
const LONG_STRING = 512;

function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret) out = out.split(secret).join('[removed]');
  }
  return out;
}

/** A JSON copy without credential fields, long strings, or any credential's value. */
function withoutSecrets(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') {
    if (value.length > LONG_STRING) return `[${value.length} characters left out]`;
    return scrubText(value, secrets);
  }
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, secrets));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_FIELD.test(key))
        .map(([key, v]) => [key, withoutSecrets(v, secrets)]),
    );
  }
  return value;
}

/** The reply as kept for operators: its JSON without secrets or contents, else its text, cut. */
function replySummary(text: string, secrets: readonly string[]): unknown {
  try {
    return withoutSecrets(JSON.parse(text) as unknown, secrets);
  } catch {
    const cut = text.length > 2000 ? `${text.slice(0, 2000)}… (${text.length} characters)` : text;
    return { text: scrubText(cut, secrets) };
  }
}

/** True when the request provably never reached the server (so a booking was not made). */
function connectionRefused(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
