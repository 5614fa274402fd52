import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import { QUOTE_MESSAGES } from '../../../domain/quote.js';
import { ApiError } from '../../http/errors.js';
import { isProviderError } from '../../providers/provider-error.js';
import type {
  CourierProvider,
  RouteQuery,
  RouteService,
} from '../../providers/courier/courier-provider.js';
import type {
  CachedRoute,
  CourierRoutesRepository,
  RouteKey,
} from './courier-routes.repository.js';

export interface RouteCachePolicy {
  /** An answer younger than this is used as it is. */
  freshMs: number;
  /** An answer up to this old is still used, while a refresh runs in the background. */
  maxStaleMs: number;
  /** The background refresher renews answers older than this, ahead of need. */
  refreshAheadMs: number;
  /** Routes nobody asked for in this long are no longer refreshed ahead of need. */
  keepWarmMs: number;
  /** How long one refresh may hold its lease. */
  leaseMs: number;
  /** After a failed attempt, wait this long before the background tries the route again. */
  retryAfterMs: number;
}

export const DEFAULT_ROUTE_CACHE_POLICY: RouteCachePolicy = {
  freshMs: 6 * 60 * 60_000,
  maxStaleMs: 24 * 60 * 60_000,
  refreshAheadMs: 4 * 60 * 60_000,
  keepWarmMs: 7 * 24 * 60 * 60_000,
  leaseMs: 2 * 60_000,
  retryAfterMs: 5 * 60_000,
};

export const COURIER_UNAVAILABLE_MESSAGE =
  'We can’t confirm which courier services run on this route right now. Please try again in a few minutes.';

/**
 * Which courier services run on a route, answered from the database cache so a customer normally
 * never waits for the courier (whose quotes can take tens of seconds). Fresh answers are used as
 * they are; stale ones are used while a background refresh renews them; an answer that is
 * missing or too old is fetched at once, and when the courier cannot answer the customer is told
 * so instead of being offered a service that may not exist.
 */
export class CourierRoutesService {
  private readonly inFlight = new Map<string, Promise<RouteService[]>>();
  private readonly background = new Set<Promise<unknown>>();
  /** Fresh answers this process fetched or read, so a quote needs no database round trip. */
  private readonly memory = new Map<string, { services: RouteService[]; fetchedAt: number }>();
  /** Routes used since the last flush: their last_used_at is written in one go, not per quote. */
  private readonly pendingUse = new Map<string, { key: RouteKey; query: RouteQuery; at: Date }>();

  constructor(
    private readonly repository: CourierRoutesRepository,
    private readonly courier: CourierProvider,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly policy: RouteCachePolicy = DEFAULT_ROUTE_CACHE_POLICY,
  ) {}

  async servicesFor(key: RouteKey, query: RouteQuery): Promise<RouteService[]> {
    const now = this.clock.now();
    const id = routeId(key);
    const remembered = this.memory.get(id);
    if (remembered && now.getTime() - remembered.fetchedAt < this.policy.freshMs) {
      this.pendingUse.set(id, { key, query, at: now });
      return remembered.services;
    }
    const cached = await this.repository.touch(key, query, now);
    const age = cached.fetchedAt ? now.getTime() - cached.fetchedAt.getTime() : Infinity;
    if (cached.services && cached.fetchedAt && age < this.policy.freshMs) {
      this.memory.set(id, { services: cached.services, fetchedAt: cached.fetchedAt.getTime() });
      return cached.services;
    }
    if (cached.services && age < this.policy.maxStaleMs) {
      const refresh = this.refreshInBackground(key, query);
      this.background.add(refresh);
      void refresh.finally(() => this.background.delete(refresh));
      return cached.services;
    }
    try {
      return await this.fetch(key, query);
    } catch (error) {
      // The courier answered and refused this shipment (Status FAIL): nothing runs on the route
      // for these post codes. Anything else means the courier could not answer at all.
      if (isProviderError(error) && error.code === 'REJECTED') {
        throw new ApiError(422, 'NO_QUOTES', QUOTE_MESSAGES.noQuotes);
      }
      throw new ApiError(503, 'COURIER_UNAVAILABLE', COURIER_UNAVAILABLE_MESSAGE);
    }
  }

  /** Resolves when no background refresh started by a customer request is still running. */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
    await this.flushUse();
  }

  /** Writes when routes answered from memory were last used (the refresher keeps those warm). */
  async flushUse(): Promise<void> {
    const used = [...this.pendingUse.values()];
    this.pendingUse.clear();
    for (const { key, query, at } of used) await this.repository.touch(key, query, at);
  }

  /** Renews the routes customers use, ahead of need. Returns how many were refreshed. */
  async refreshDue(limit = 20): Promise<number> {
    await this.flushUse();
    const now = this.clock.now().getTime();
    const due = await this.repository.listDueForRefresh({
      fetchedBefore: new Date(now - this.policy.refreshAheadMs),
      usedSince: new Date(now - this.policy.keepWarmMs),
      attemptedBefore: new Date(now - this.policy.retryAfterMs),
      limit,
    });
    let refreshed = 0;
    for (const route of due) {
      if (await this.refreshInBackground(keyOf(route), route.lastQuery)) refreshed += 1;
    }
    return refreshed;
  }

  /** Refreshes under the lease; never throws (the failure is recorded on the route). */
  private async refreshInBackground(key: RouteKey, query: RouteQuery): Promise<boolean> {
    const now = this.clock.now();
    const leased = await this.repository.tryLease(
      key,
      now,
      new Date(now.getTime() + this.policy.leaseMs),
    );
    if (!leased) return false;
    try {
      await this.fetch(key, query);
      return true;
    } catch {
      return false;
    }
  }

  /** One courier call per route at a time in this process; the answer or failure is stored. */
  private fetch(key: RouteKey, query: RouteQuery): Promise<RouteService[]> {
    const id = routeId(key);
    const running = this.inFlight.get(id);
    if (running) return running;
    const call = (async () => {
      try {
        const services = await this.courier.getRouteServices(query);
        const at = this.clock.now();
        await this.repository.saveFetched(key, services, at);
        this.memory.set(id, { services, fetchedAt: at.getTime() });
        return services;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.logger.warn({ route: id, err: message }, 'courier route lookup failed');
        await this.repository.saveFailure(key, message.slice(0, 500), this.clock.now());
        throw error;
      } finally {
        this.inFlight.delete(id);
      }
    })();
    this.inFlight.set(id, call);
    return call;
  }
}

function routeId(key: RouteKey): string {
  return `${key.collectionCountryId}:${key.destinationCountryId}:${key.smallBoxes}:${key.largeBoxes}`;
}

function keyOf(route: CachedRoute): RouteKey {
  return {
    collectionCountryId: route.collectionCountryId,
    destinationCountryId: route.destinationCountryId,
    smallBoxes: route.smallBoxes,
    largeBoxes: route.largeBoxes,
  };
}
