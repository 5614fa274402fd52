import type { Logger } from 'pino';
import {
  ADDRESS_LOOKUP_MESSAGES,
  type AddressLookupResult,
  type FoundAddress,
} from '#src/domain/address-lookup.js';
import { savedAddressMisfit } from '#src/domain/address-book.js';
import { londonDate } from '#src/domain/london-time.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../http/errors.js';
import type { Limit, RateLimiter } from '../../http/rate-limiter.js';
import type { AddressLookupProvider } from '../../providers/address-lookup/address-lookup-provider.js';
import { isProviderError } from '../../providers/provider-error.js';
import type { OrdersService } from '../orders/index.js';

export interface AddressLookupSettings {
  /** How long a post code's answer is kept (15 minutes). */
  cacheTtlMs: number;
  /** Post codes kept at most per process; the oldest go first. */
  cacheMaxEntries: number;
  /** Provider calls per UK day, across every process (ADDRESS_LOOKUP_DAILY_CAP). */
  dailyCap: number;
  /** Lookups per order in a window, whoever asks. */
  perOrder: Limit;
}

export const DEFAULT_ADDRESS_LOOKUP_SETTINGS: Omit<AddressLookupSettings, 'perOrder'> = {
  cacheTtlMs: 15 * 60_000,
  cacheMaxEntries: 5_000,
  dailyCap: 1_000,
};

/** Longer than a day, so the count of one UK day is never cut short by the counter's window. */
const DAY_COUNTER_WINDOW_SECONDS = 2 * 24 * 3600;

/**
 * "Find address" on the booking form (docs/providers.md, "Addresses"; decision 124): the
 * addresses at the order's collection post code, asked of the address provider through its
 * port. Guard-rails, in order: the post code must be a UK one and the order's own (the saved
 * address rule and its messages), the order's own limit, a 15-minute answer kept per post code
 * (also "not found"; one provider call for lookups of the same post code at the same moment),
 * then the day's cap of provider calls, counted in the database so every process shares it.
 */
export class AddressLookupService {
  private readonly kept = new Map<string, { at: number; addresses: FoundAddress[] }>();
  private readonly asking = new Map<string, Promise<FoundAddress[]>>();

  constructor(
    private readonly deps: {
      provider: AddressLookupProvider;
      orders: Pick<OrdersService, 'get'>;
      limiter: RateLimiter;
      clock: Clock;
      logger: Logger;
      settings: AddressLookupSettings;
    },
  ) {}

  async find(orderId: string, asked: string): Promise<AddressLookupResult> {
    const order = await this.deps.orders.get(orderId);
    const place = order.collection;
    const misfit = savedAddressMisfit(
      { countryId: place.countryId, postcode: asked },
      'collection',
      place,
    );
    if (misfit) throw new ApiError(422, 'VALIDATION_FAILED', misfit, { postcode: misfit });
    // The order's post code, normalised: the one asked, as the rule above made sure.
    const postcode = place.postcode;
    await this.deps.limiter.hit([
      { key: `address-lookup:order:${orderId}`, limit: this.deps.settings.perOrder },
    ]);
    return { postcode, addresses: await this.addressesAt(postcode) };
  }

  /** The kept answer, one being asked already, or the provider's. */
  private addressesAt(postcode: string): Promise<FoundAddress[]> {
    const now = this.deps.clock.now().getTime();
    const kept = this.kept.get(postcode);
    if (kept && now - kept.at < this.deps.settings.cacheTtlMs) {
      return Promise.resolve(kept.addresses);
    }
    const inFlight = this.asking.get(postcode);
    if (inFlight) return inFlight;
    const asking = this.ask(postcode).finally(() => this.asking.delete(postcode));
    this.asking.set(postcode, asking);
    return asking;
  }

  private async ask(postcode: string): Promise<FoundAddress[]> {
    await this.countProviderCall();
    let addresses: FoundAddress[];
    try {
      addresses = await this.deps.provider.findAddresses(postcode);
    } catch (error) {
      if (!isProviderError(error)) throw error;
      this.deps.logger.warn(
        { provider: error.provider, code: error.code, err: error.message },
        'address lookup failed',
      );
      throw new ApiError(503, 'ADDRESS_LOOKUP_UNAVAILABLE', ADDRESS_LOOKUP_MESSAGES.unavailable);
    }
    this.keep(postcode, addresses);
    return addresses;
  }

  /** Counts one provider call against today's cap (UK day); refuses past it. */
  private async countProviderCall(): Promise<void> {
    const day = londonDate(this.deps.clock.now());
    const { attempts } = await this.deps.limiter.increment(
      `address-lookup:provider-calls:${day}`,
      DAY_COUNTER_WINDOW_SECONDS,
    );
    if (attempts > this.deps.settings.dailyCap) {
      if (attempts === this.deps.settings.dailyCap + 1) {
        this.deps.logger.warn(
          { dailyCap: this.deps.settings.dailyCap, day },
          'address lookups: the day’s cap of provider calls is reached',
        );
      }
      throw new ApiError(503, 'ADDRESS_LOOKUP_CAPPED', ADDRESS_LOOKUP_MESSAGES.capped);
    }
  }

  private keep(postcode: string, addresses: FoundAddress[]): void {
    this.kept.delete(postcode);
    if (this.kept.size >= this.deps.settings.cacheMaxEntries) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(postcode, { at: this.deps.clock.now().getTime(), addresses });
  }
}
