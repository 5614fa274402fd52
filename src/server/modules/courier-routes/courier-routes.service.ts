import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import { packagesFor, QUOTE_MESSAGES } from '#src/domain/quote.js';
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
import { availabilityKey, routeMatrix, type MatrixEntry } from './route-matrix.js';
import { errorMessage } from '../../error-message.js';

export interface RouteCachePolicy {
  /** An answer younger than this is used as it is. */
  freshMs: number;
  /** An answer up to this old is still used, while a refresh runs in the background. */
  maxStaleMs: number;
  /** The recurring refresh of the route matrix renews answers older than this, ahead of need. */
  refreshAheadMs: number;
  /** How long one refresh may hold its lease. */
  leaseMs: number;
  /** After a failed attempt, wait this long before the background tries the route again. */
  retryAfterMs: number;
}

export const DEFAULT_ROUTE_CACHE_POLICY: RouteCachePolicy = {
  freshMs: 6 * 60 * 60_000,
  maxStaleMs: 24 * 60 * 60_000,
  refreshAheadMs: 4 * 60 * 60_000,
  leaseMs: 2 * 60_000,
  retryAfterMs: 5 * 60_000,
};

/**
 * The recurring job that warms the whole route matrix and keeps it warm (decision 034): one row
 * in `jobs`, so one process at a time runs it, whichever claims it; it looks again this often.
 */
export const REFRESH_COURIER_ROUTES_JOB = 'refresh-courier-routes';
export const ROUTE_REFRESH_INTERVAL_MS = 60_000;
/** Courier calls the matrix refresh makes at a time unless told otherwise (`COURIER_WARMUP_CONCURRENCY`). */
export const DEFAULT_WARMUP_CONCURRENCY = 2;

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
  /** Bumped by `forgetAll`: an answer from a call started before it is not remembered. */
  private generation = 0;

  constructor(
    private readonly repository: CourierRoutesRepository,
    private readonly courier: CourierProvider,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly policy: RouteCachePolicy = DEFAULT_ROUTE_CACHE_POLICY,
  ) {}

  /**
   * The services on a route, cached by what availability depends on (`availabilityKey`): the
   * courier is asked about the key's representative parcels, never about the exact box mix.
   *
   * `waitMs`: how long a customer waits for the courier when the route must be fetched now; past
   * it they are told the courier is unavailable, while the fetch goes on and its answer is stored
   * for their next try.
   */
  async servicesFor(
    mix: RouteKey,
    customerQuery: Omit<RouteQuery, 'packages'>,
    options: { waitMs?: number } = {},
  ): Promise<RouteService[]> {
    const key = availabilityKey(mix);
    const now = this.clock.now();
    const id = routeId(key);
    const remembered = this.memory.get(id);
    // The common case, a fresh answer in memory: nothing else is worked out.
    if (remembered && now.getTime() - remembered.fetchedAt < this.policy.freshMs) {
      return remembered.services;
    }
    // The courier is asked about the parcel profile's representative parcels.
    const query = { ...customerQuery, packages: packagesFor(key.smallBoxes, key.largeBoxes) };
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
    // Another asker's call may have finished while this one read the database: use its answer.
    const justFetched = this.memory.get(id);
    if (justFetched && this.clock.now().getTime() - justFetched.fetchedAt < this.policy.freshMs) {
      return justFetched.services;
    }
    try {
      return await withDeadline(this.fetch(key, query), options.waitMs);
    } catch (error) {
      // The courier answered and refused this shipment (Status FAIL): nothing runs on the route
      // for these post codes. Anything else means the courier could not answer at all.
      if (isProviderError(error) && error.code === 'REJECTED') {
        throw new ApiError(422, 'NO_QUOTES', QUOTE_MESSAGES.noQuotes);
      }
      throw new ApiError(503, 'COURIER_UNAVAILABLE', COURIER_UNAVAILABLE_MESSAGE);
    }
  }

  /** How many routes of the matrix have a fresh stored answer (development tools, tests). */
  async matrixStatus(): Promise<{ routes: number; warm: number }> {
    const now = this.clock.now().getTime();
    const fresh = new Set(
      (await this.repository.listAll())
        .filter(
          (row) =>
            row.services && row.fetchedAt && now - row.fetchedAt.getTime() < this.policy.freshMs,
        )
        .map((row) => routeId(keyOf(row))),
    );
    const matrix = routeMatrix();
    return { routes: matrix.length, warm: matrix.filter((e) => fresh.has(routeId(e.key))).length };
  }

  /** Forgets every cached answer (development tools only); returns how many routes had one. */
  async forgetAll(): Promise<number> {
    await this.idle();
    this.generation += 1;
    this.memory.clear();
    return this.repository.deleteAll();
  }

  /** Resolves when no background refresh started by a customer request is still running. */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  /**
   * One round of the recurring matrix refresh (`REFRESH_COURIER_ROUTES_JOB`, decision 034): keeps
   * every route the site can quote (`routeMatrix`) warm. Registers routes with no row yet, loads
   * the stored answers into this process's memory, then asks the courier, at most `concurrency`
   * calls at a time, about each route that has no answer or one older than the refresh-ahead
   * age, so answers are renewed before they stop being fresh (skipping routes tried within the
   * retry interval). Stops taking new routes once `stopped()` says so (`remaining` counts the
   * ones left for the next round). Throws only when the database cannot be read.
   */
  async warmMatrix(options: {
    concurrency: number;
    stopped?: () => boolean;
    matrix?: MatrixEntry[];
  }): Promise<{
    routes: number;
    due: number;
    fetched: number;
    failed: number;
    /** Routes another process was refreshing (its lease), left to it. */
    elsewhere: number;
    /** Due routes not asked about because the round was stopped. */
    remaining: number;
    ms: number;
  }> {
    const started = performance.now();
    const matrix = options.matrix ?? routeMatrix();
    const due = await this.dueRoutes(matrix, this.clock.now());
    let fetched = 0;
    let failed = 0;
    let elsewhere = 0;
    let done = 0;
    const step = Math.max(1, Math.ceil(due.length / 10));
    if (due.length > 0) {
      this.logger.info(
        { routes: matrix.length, due: due.length, concurrency: options.concurrency },
        'courier route warm-up started',
      );
    }
    const queue = [...due];
    const worker = async () => {
      for (;;) {
        if (options.stopped?.()) return;
        const entry = queue.shift();
        if (!entry) return;
        const outcome = await this.refreshInBackground(entry.key, entry.query);
        if (outcome === 'fetched') fetched += 1;
        else if (outcome === 'failed') failed += 1;
        else elsewhere += 1;
        done += 1;
        if (done % step === 0 && done < due.length) {
          this.logger.info(
            { done, due: due.length, fetched, failed, ms: Math.round(performance.now() - started) },
            'courier route warm-up progress',
          );
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(options.concurrency, due.length)) }, worker),
    );
    const result = {
      routes: matrix.length,
      due: due.length,
      fetched,
      failed,
      elsewhere,
      remaining: queue.length,
      ms: Math.round(performance.now() - started),
    };
    if (due.length > 0) {
      this.logger.info(
        result,
        queue.length > 0 ? 'courier route warm-up stopped' : 'courier route warm-up finished',
      );
    }
    return result;
  }

  /**
   * Registers the matrix's routes with no row yet and loads the stored answers into this
   * process's memory; the routes due a courier call: no answer, or one older than the
   * refresh-ahead age (routes tried within the retry interval wait).
   */
  private async dueRoutes(matrix: MatrixEntry[], now: Date): Promise<MatrixEntry[]> {
    await this.repository.register(matrix, now);
    const stored = new Map(
      (await this.repository.listAll()).map((row) => [routeId(keyOf(row)), row] as const),
    );
    const due: MatrixEntry[] = [];
    for (const entry of matrix) {
      const id = routeId(entry.key);
      const row = stored.get(id);
      const fetchedAt = row?.fetchedAt?.getTime();
      if (row?.services && fetchedAt !== undefined) {
        // A newer answer another process stored replaces this process's copy.
        const known = this.memory.get(id)?.fetchedAt ?? -1;
        if (now.getTime() - fetchedAt < this.policy.freshMs && known < fetchedAt) {
          this.memory.set(id, { services: row.services, fetchedAt });
        }
        if (now.getTime() - fetchedAt < this.policy.refreshAheadMs) continue;
      }
      const attempted = row?.lastAttemptAt?.getTime();
      if (attempted !== undefined && now.getTime() - attempted < this.policy.retryAfterMs) continue;
      due.push(entry);
    }
    return due;
  }

  /** Refreshes under the lease; never throws (the failure is recorded on the route). */
  private async refreshInBackground(
    key: RouteKey,
    query: RouteQuery,
  ): Promise<'fetched' | 'failed' | 'leased'> {
    const now = this.clock.now();
    const leased = await this.repository.tryLease(
      key,
      now,
      new Date(now.getTime() + this.policy.leaseMs),
    );
    if (!leased) return 'leased';
    try {
      await this.fetch(key, query);
      return 'fetched';
    } catch {
      return 'failed';
    }
  }

  /** One courier call per route at a time in this process; the answer or failure is stored. */
  private fetch(key: RouteKey, query: RouteQuery): Promise<RouteService[]> {
    const id = routeId(key);
    const running = this.inFlight.get(id);
    if (running) return running;
    const call = (async () => {
      try {
        const generation = this.generation;
        const services = await this.courier.getRouteServices(query);
        const at = this.clock.now();
        await this.repository.saveFetched(key, services, at);
        if (generation === this.generation)
          this.memory.set(id, { services, fetchedAt: at.getTime() });
        return services;
      } catch (error) {
        const message = errorMessage(error);
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
  const { collectionCountryId, destinationCountryId, smallBoxes, largeBoxes } = route;
  return { collectionCountryId, destinationCountryId, smallBoxes, largeBoxes };
}

/** The longest a customer waits for the courier before being told it is unavailable. */
export interface CustomerWaits {
  /** Get Quotes on a route whose services are not known yet. */
  quoteMs: number;
  /** An item's lookup in the courier's commodity list. */
  itemLookupMs: number;
}

/** The site's waits (docs/quotes-and-orders.md); tests shorten them. */
export const DEFAULT_CUSTOMER_WAITS: CustomerWaits = { quoteMs: 10_000, itemLookupMs: 8_000 };

/** The promise, or a rejection once `ms` has passed (the promise itself goes on). */
export function withDeadline<T>(promise: Promise<T>, ms: number | undefined): Promise<T> {
  if (ms === undefined) return promise;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // The abandoned promise's own failure is handled where it is stored; never unhandled here.
  promise.catch(() => undefined);
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
