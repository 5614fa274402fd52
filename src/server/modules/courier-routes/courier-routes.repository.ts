import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { returnedRow } from '../../db/queryable.js';
import { courierRoutes } from '../../db/schema.js';
import type { RouteQuery, RouteService } from '../../providers/courier/courier-provider.js';

/** A cached route: collection region × destination × box mix (a parcel profile's, see route-matrix.ts). */
export interface RouteKey {
  collectionCountryId: number;
  destinationCountryId: number;
  smallBoxes: number;
  largeBoxes: number;
}

/** The row, with the JSON columns typed as the courier port's own types. */
export type CachedRoute = Omit<typeof courierRoutes.$inferSelect, 'services' | 'lastQuery'> & {
  services: RouteService[] | null;
  lastQuery: RouteQuery;
};

const byKey = (key: RouteKey) =>
  and(
    eq(courierRoutes.collectionCountryId, key.collectionCountryId),
    eq(courierRoutes.destinationCountryId, key.destinationCountryId),
    eq(courierRoutes.smallBoxes, key.smallBoxes),
    eq(courierRoutes.largeBoxes, key.largeBoxes),
  );

export class CourierRoutesRepository {
  constructor(private readonly db: Db) {}

  /** Records that a customer asked for the route now, and returns what is cached for it. */
  async touch(key: RouteKey, query: RouteQuery, at: Date): Promise<CachedRoute> {
    const row = await returnedRow(
      this.db
        .insert(courierRoutes)
        .values({ ...key, lastQuery: query, lastUsedAt: at })
        .onConflictDoUpdate({
          target: [
            courierRoutes.collectionCountryId,
            courierRoutes.destinationCountryId,
            courierRoutes.smallBoxes,
            courierRoutes.largeBoxes,
          ],
          set: { lastUsedAt: at, lastQuery: query },
        })
        .returning(),
      'courier_routes upsert',
    );
    return row as CachedRoute;
  }

  /** Adds the routes that have no row yet (nothing fetched); existing rows are left as they are. */
  async register(entries: { key: RouteKey; query: RouteQuery }[], at: Date): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .insert(courierRoutes)
      .values(entries.map(({ key, query }) => ({ ...key, lastQuery: query, lastUsedAt: at })))
      .onConflictDoNothing();
  }

  async deleteAll(): Promise<number> {
    const rows = await this.db
      .delete(courierRoutes)
      .returning({ key: courierRoutes.collectionCountryId });
    return rows.length;
  }

  async listAll(): Promise<CachedRoute[]> {
    return this.db.select().from(courierRoutes) as Promise<CachedRoute[]>;
  }

  /** Takes the refresh lease unless another process holds it; true when taken. */
  async tryLease(key: RouteKey, now: Date, until: Date): Promise<boolean> {
    const rows = await this.db
      .update(courierRoutes)
      .set({ refreshingUntil: until })
      .where(
        and(
          byKey(key),
          or(isNull(courierRoutes.refreshingUntil), lt(courierRoutes.refreshingUntil, now)),
        ),
      )
      .returning({ key: courierRoutes.collectionCountryId });
    return rows.length > 0;
  }

  async saveFetched(key: RouteKey, services: RouteService[], at: Date): Promise<void> {
    await this.db
      .update(courierRoutes)
      .set({
        services,
        fetchedAt: at,
        lastAttemptAt: at,
        lastError: null,
        refreshingUntil: null,
      })
      .where(byKey(key));
  }

  async saveFailure(key: RouteKey, error: string, at: Date): Promise<void> {
    await this.db
      .update(courierRoutes)
      .set({ lastError: error, lastAttemptAt: at, refreshingUntil: null })
      .where(byKey(key));
  }
}
