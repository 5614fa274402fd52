import {
  SQL,
  and,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  is,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import { canTransition, type OrderStatus } from '#src/domain/order-states.js';
import {
  retryableTransaction,
  type Db,
  type DbExecutor,
  type DbTransaction,
} from '../../db/client.js';
import { orderGuests, orders } from '../../db/schema.js';
import { returnedRow } from '../../db/queryable.js';

/**
 * Whether rows of another module point at the order (its `orders.id` column): such an order is
 * never an abandoned draft (decision 050). The owner of those rows writes it (the checkout's
 * payments and courier booking replies: `checkoutHoldsOrder`); it is read in the statement that
 * deletes, so the check and the delete hold one lock.
 */
export type HeldElsewhere = (orderId: typeof orders.id) => SQL;

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
/** What an ordinary update may change: never the status (only `transition` writes it). */
export type OrderChanges = Omit<Partial<NewOrderRow>, 'id' | 'status' | 'paymentAttempt'> & {
  /** Starts a new payment attempt (payment_attempt + 1) in the same write. */
  newPaymentAttempt?: boolean;
};

/** A status move refused because the transition table does not allow it. */
export class ForbiddenTransitionError extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`An order cannot move from ${from} to ${to} (docs/orders.md).`);
  }
}

const ORDER_COLUMNS = getTableColumns(orders);
type OrderKey = keyof typeof ORDER_COLUMNS;
const ORDER_KEYS = Object.keys(ORDER_COLUMNS) as OrderKey[];
/** Columns whose default only the database (an SQL expression) or Drizzle (a function) can make. */
const COMPUTED_DEFAULTS = Object.fromEntries(
  ORDER_KEYS.filter((key) => {
    const column = ORDER_COLUMNS[key];
    return (
      column.defaultFn !== undefined || column.onUpdateFn !== undefined || is(column.default, SQL)
    );
  }).map((key) => [key, true]),
);
/** A column's schema default when it is a plain value, else NULL (a column without one). */
function plainDefaultOf(key: OrderKey): unknown {
  const column = ORDER_COLUMNS[key];
  return column.hasDefault ? (column.default ?? null) : null;
}

/** The rows of `db.execute`, whichever driver answered (PGlite's result or node-postgres'). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** The `keys` of a raw `orders` row (column names, driver values) as Drizzle would read them. */
function orderRowOf(
  raw: Record<string, unknown>,
  keys: readonly (keyof typeof ORDER_COLUMNS)[],
): Partial<OrderRow> {
  const row: Record<string, unknown> = {};
  for (const key of keys) {
    const column = ORDER_COLUMNS[key];
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Partial<OrderRow>;
}

/** The only code that knows how orders are stored, and the only code that writes their status. */
export class OrdersRepository {
  constructor(private readonly db: Db) {}

  /**
   * A transaction on orders, run again when its connection is lost before COMMIT (decision 092):
   * its callback may only read and write the database.
   */
  transaction<T>(fn: (tx: DbTransaction) => Promise<T>): Promise<T> {
    return retryableTransaction(this.db, fn);
  }

  async insert(order: NewOrderRow & { status: 'draft' }): Promise<OrderRow> {
    return returnedRow(this.db.insert(orders).values(order).returning(), 'order insert');
  }

  /**
   * Stores new drafts, each with the browser it belongs to (order_guests), in one statement: an
   * order is never stored without the browser that may open it. One row per draft, in the
   * drafts' order. The rows travel as one JSON parameter, however many there are: built by
   * Drizzle, a batch of a hundred drafts of forty columns cost more than the database's own work
   * (docs/decisions/060). Every column is written, the ones a draft leaves out as their schema
   * default or NULL, so the row stored is the row returned and the database sends nothing back
   * but what only it can compute (none today): PGlite turns every returned value into JavaScript,
   * which cost a third of each draft's time in the database (docs/decisions/066).
   */
  async insertDrafts(
    drafts: readonly { order: NewOrderRow & { status: 'draft' }; guestHash: string }[],
  ): Promise<OrderRow[]> {
    const given = ORDER_KEYS.filter((key) => drafts[0]?.order[key] !== undefined);
    const isGiven = new Set(given);
    // A column one draft leaves to its default must not be sent as NULL for it.
    for (const { order } of drafts) {
      for (const key of ORDER_KEYS) {
        if ((order[key] !== undefined) !== isGiven.has(key)) {
          throw new Error('drafts stored together must set the same columns');
        }
      }
    }
    const left = ORDER_KEYS.filter((key) => !given.includes(key));
    const computed = left.filter((key) => key in COMPUTED_DEFAULTS);
    const written = ORDER_KEYS.filter((key) => !computed.includes(key));
    const names = sql.raw(written.map((key) => `"${ORDER_COLUMNS[key].name}"`).join(', '));
    const returned = sql.raw(
      ['id', ...computed].map((key) => `"${ORDER_COLUMNS[key as OrderKey].name}"`).join(', '),
    );
    const plainDefaults = Object.fromEntries(
      left.filter((key) => !computed.includes(key)).map((key) => [key, plainDefaultOf(key)]),
    );
    // Keys left out of a JSON row are read as NULL by jsonb_populate_recordset.
    const givenNames = given.map((key) => [key, ORDER_COLUMNS[key].name] as const);
    const setDefaults = Object.entries(plainDefaults)
      .filter(([, value]) => value !== null)
      .map(([key, value]) => [ORDER_COLUMNS[key as OrderKey].name, value] as const);
    const newOrders = drafts.map(({ order }) => {
      const row: Record<string, unknown> = {};
      for (const [key, name] of givenNames) row[name] = order[key];
      for (const [name, value] of setDefaults) row[name] = value;
      return row;
    });
    const grants = drafts.map(({ order, guestHash }) => ({
      order_id: order.id,
      guest_hash: guestHash,
      created_at: order.createdAt,
    }));
    const result = await this.db.execute(sql`
      WITH new_orders AS (
        INSERT INTO orders (${names})
        SELECT ${names} FROM jsonb_populate_recordset(NULL::orders, ${JSON.stringify(newOrders)}::jsonb)
        RETURNING ${returned}
      ), grants AS (
        INSERT INTO order_guests (order_id, guest_hash, created_at)
        SELECT g.order_id, g.guest_hash, g.created_at
        FROM jsonb_to_recordset(${JSON.stringify(grants)}::jsonb)
          AS g(order_id uuid, guest_hash text, created_at timestamptz)
        ON CONFLICT DO NOTHING
      )
      SELECT * FROM new_orders`);
    const byId = new Map(rowsOf(result).map((raw) => [raw.id as string, raw] as const));
    return drafts.map(({ order }) => {
      const raw = byId.get(order.id as string);
      if (!raw) throw new Error('order insert returned no row');
      const row: Record<string, unknown> = computed.length > 0 ? orderRowOf(raw, computed) : {};
      for (const key of given) row[key] = order[key];
      for (const key in plainDefaults) row[key] = plainDefaults[key];
      return row as OrderRow;
    });
  }

  async findById(id: string, tx: DbExecutor = this.db): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id));
    return row;
  }

  async findByReference(reference: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(orders).where(eq(orders.reference, reference));
    return row;
  }

  /** The ids of the orders of these references that exist. */
  async findByReferences(references: string[]): Promise<{ id: string; reference: string }[]> {
    if (references.length === 0) return [];
    return this.db
      .select({ id: orders.id, reference: orders.reference })
      .from(orders)
      .where(inArray(orders.reference, references));
  }

  /**
   * The orders an account may open (docs/accounts.md, "Who may open an order"): its own, and,
   * with its email verified, the guest orders booked with that email that belong to no account.
   * Newest first.
   */
  async listForAccount(
    userId: string,
    verifiedEmail: string | null,
    heldElsewhere: HeldElsewhere,
  ): Promise<(OrderRow & { discardable: boolean })[]> {
    return this.db
      .select({ ...ORDER_COLUMNS, discardable: sql<boolean>`${unheldDraft(heldElsewhere)}` })
      .from(orders)
      .where(ofAccount(userId, verifiedEmail))
      .orderBy(desc(orders.createdAt), desc(orders.reference));
  }

  /** One of listForAccount's orders, by its reference. */
  async findForAccount(
    reference: string,
    userId: string,
    verifiedEmail: string | null,
  ): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.reference, reference), ofAccount(userId, verifiedEmail)));
    return row;
  }

  /** Reads the order and locks its row until the caller's transaction ends. */
  /** The ids of every order in one of these statuses, oldest first. */
  async idsIn(statuses: readonly OrderStatus[]): Promise<string[]> {
    const rows = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.status, [...statuses]))
      .orderBy(orders.createdAt);
    return rows.map((r) => r.id);
  }

  async lock(id: string, tx: DbExecutor): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  }

  /**
   * Changes an order, but only while its status is one of `onlyIn` (checked by the same
   * statement that writes, under its row lock): nothing is written to an order that moved on.
   */
  async update(
    id: string,
    changes: OrderChanges,
    onlyIn: readonly OrderStatus[],
    tx: DbExecutor = this.db,
  ): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set(setOf(changes))
      .where(and(eq(orders.id, id), inArray(orders.status, [...onlyIn])))
      .returning();
    return row;
  }

  /**
   * Moves an order from one of `from` to `to`, with `fields` in the same write: the only code that
   * writes `orders.status`. A move the transition table forbids throws; the current status is
   * re-checked by the conditional UPDATE itself (under the row lock, in the caller's
   * transaction), so undefined means the order was not in `from` and nothing was written.
   */
  async transition(
    id: string,
    from: OrderStatus | readonly OrderStatus[],
    to: OrderStatus,
    fields: OrderChanges,
    tx: DbExecutor = this.db,
  ): Promise<OrderRow | undefined> {
    const froms: readonly OrderStatus[] = typeof from === 'string' ? [from] : from;
    for (const f of froms) if (!canTransition(f, to)) throw new ForbiddenTransitionError(f, to);
    const [row] = await tx
      .update(orders)
      .set({ ...setOf(fields), status: to })
      .where(and(eq(orders.id, id), inArray(orders.status, [...froms])))
      .returning();
    return row;
  }

  /** Newest first, one page, with the keyset's indexes (migration 0021). */
  async search(search: OrderSearch): Promise<OrderRow[]> {
    const conditions = searchConditions(search);
    return this.db
      .select()
      .from(orders)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(search.limit);
  }

  /**
   * Deletes up to `limit` abandoned drafts (decision 050): status `draft`, not changed since
   * `before`, and no payment or courier booking reply of any kind. Their items, guest links,
   * booking links and documents go with them (ON DELETE CASCADE). The rows are locked first
   * (`SKIP LOCKED`: an order a customer or a payment is writing right now is left for the next
   * round, and a payment row being inserted holds a lock on its order), then the delete re-checks
   * every condition in a new statement under those locks, so a payment committed in between is
   * seen and its order kept. Returns the ids deleted.
   */
  async deleteAbandonedDrafts(
    before: Date,
    limit: number,
    heldElsewhere: HeldElsewhere,
  ): Promise<string[]> {
    const abandoned = and(unheldDraft(heldElsewhere), lt(orders.updatedAt, before));
    return this.db.transaction(async (tx) => {
      const locked = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(abandoned)
        .orderBy(orders.updatedAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (locked.length === 0) return [];
      const deleted = await tx
        .delete(orders)
        .where(
          and(
            inArray(
              orders.id,
              locked.map((row) => row.id),
            ),
            abandoned,
          ),
        )
        .returning({ id: orders.id });
      return deleted.map((row) => row.id);
    });
  }

  /**
   * Discard (docs/accounts.md): deletes one draft exactly as `deleteAbandonedDrafts` deletes an
   * abandoned one, whatever its age: its row is locked first, then the delete re-checks the
   * status and that no payment or courier booking reply holds it, in the statement that deletes.
   * Answers `deleted`, or the order as it stands when it was kept, or `gone` when there is none.
   */
  async discardDraft(
    id: string,
    heldElsewhere: HeldElsewhere,
  ): Promise<
    | { outcome: 'deleted'; reference: string }
    | { outcome: 'kept'; status: OrderStatus }
    | { outcome: 'gone' }
  > {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(eq(orders.id, id))
        .for('update');
      if (!locked) return { outcome: 'gone' as const };
      const [deleted] = await tx
        .delete(orders)
        .where(and(eq(orders.id, id), unheldDraft(heldElsewhere)))
        .returning({ reference: orders.reference });
      return deleted
        ? { outcome: 'deleted' as const, reference: deleted.reference }
        : { outcome: 'kept' as const, status: locked.status };
    });
  }

  /**
   * Whether someone may open the order (docs/accounts.md, `OrderAccess`): its account, a browser
   * it was granted to (`order_guests`), or the account whose verified email booked it as a guest.
   */
  async openableBy(
    orderId: string,
    who: { userId: string | null; guestHash: string | null; verifiedEmail: string | null },
  ): Promise<boolean> {
    const rows = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.id, orderId),
          sql`(${orders.userId} = ${who.userId}
            OR EXISTS (SELECT 1 FROM ${orderGuests} WHERE ${orderGuests.orderId} = ${orders.id}
              AND ${orderGuests.guestHash} = ${who.guestHash})
            OR (${orders.userId} IS NULL
              AND lower(${orders.bookerEmail}) = lower(${who.verifiedEmail}::text)))`,
        ),
      );
    return rows.length > 0;
  }

  /** Gives a browser the order, and the account (if any) the order that has none yet. */
  async grant(orderId: string, guestHash: string, userId: string | null, now: Date): Promise<void> {
    await this.db
      .insert(orderGuests)
      .values({ orderId, guestHash, createdAt: now })
      .onConflictDoNothing();
    if (userId) {
      await this.db
        .update(orders)
        .set({ userId })
        .where(and(eq(orders.id, orderId), isNull(orders.userId)));
    }
  }

  /** The orders of this browser that have no account yet become the account's. */
  async linkGuestOrders(userId: string, guestHash: string): Promise<void> {
    await this.db
      .update(orders)
      .set({ userId })
      .where(
        and(
          isNull(orders.userId),
          inArray(
            orders.id,
            this.db
              .select({ id: orderGuests.orderId })
              .from(orderGuests)
              .where(eq(orderGuests.guestHash, guestHash)),
          ),
        ),
      );
  }

  /** A browser's new guest session takes over every order its old one could open. */
  async moveGuest(from: string, to: string): Promise<void> {
    await this.db.update(orderGuests).set({ guestHash: to }).where(eq(orderGuests.guestHash, from));
  }

  /** A guest session opens no order any more. */
  async forgetGuest(guestHash: string): Promise<void> {
    await this.db.delete(orderGuests).where(eq(orderGuests.guestHash, guestHash));
  }

  async countByStatus(status: OrderStatus): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.status, status));
    return row?.n ?? 0;
  }

  /**
   * Orders paid for (authorised or beyond, not released) and their amounts per day (Europe/London)
   * since `since`.
   */
  async perDay(since: Date): Promise<{ day: string; orders: number; revenuePence: number }[]> {
    const rows = await this.db
      .select({
        day: sql<string>`to_char((${orders.createdAt} AT TIME ZONE 'Europe/London')::date, 'YYYY-MM-DD')`,
        orders: sql<number>`count(*)::int`,
        revenuePence: sql<number>`coalesce(sum(${orders.pricePence}), 0)::int`,
      })
      .from(orders)
      .where(
        and(
          gte(orders.createdAt, since),
          inArray(orders.status, ['authorised', 'booking', 'booked', 'needs_attention']),
        ),
      )
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return rows;
  }
}

/** The console's order search (docs/operators.md, "Orders"). */
export interface OrderSearch {
  status?: OrderStatus | undefined;
  /**
   * An order reference, a postcode (either end) or an email: the booker's, the collection
   * contact's, or (with `accountId`) the account's.
   */
  text?: string | undefined;
  /** The account whose email `text` is, when one has it: its orders match too. */
  accountId?: string | null | undefined;
  /** Created on or after / before these instants. */
  from?: Date | undefined;
  to?: Date | undefined;
  /** Keyset: the last row of the previous page. */
  after?: { createdAt: Date; id: string } | undefined;
  limit: number;
}

function searchConditions(search: OrderSearch): SQL[] {
  const conditions: SQL[] = [];
  if (search.status) conditions.push(eq(orders.status, search.status));
  if (search.from) conditions.push(gte(orders.createdAt, search.from));
  if (search.to) conditions.push(lt(orders.createdAt, search.to));
  const text = search.text?.trim();
  if (text) {
    const postcode = text.replace(/\s+/g, '').toUpperCase();
    const matches = [
      eq(orders.reference, text.toUpperCase()),
      sql`upper(replace(${orders.collectionPostcode}, ' ', '')) = ${postcode}`,
      sql`upper(replace(${orders.destinationPostcode}, ' ', '')) = ${postcode}`,
    ];
    if (text.includes('@')) {
      matches.push(sql`lower(${orders.collectionAddress} ->> 'email') = ${text.toLowerCase()}`);
      matches.push(sql`lower(${orders.bookerEmail}) = ${text.toLowerCase()}`);
      if (search.accountId) matches.push(eq(orders.userId, search.accountId));
    }
    conditions.push(or(...matches) as SQL);
  }
  if (search.after) {
    conditions.push(
      sql`(${orders.createdAt}, ${orders.id}) < (${search.after.createdAt.toISOString()}::timestamptz, ${search.after.id}::uuid)`,
    );
  }
  return conditions;
}

function setOf(changes: OrderChanges): Partial<NewOrderRow> {
  const { newPaymentAttempt, ...rest } = changes;
  return newPaymentAttempt
    ? { ...rest, paymentAttempt: sql`${orders.paymentAttempt} + 1` as unknown as number }
    : rest;
}

/**
 * A draft no other module holds (no payment row of any status, no courier booking reply): what
 * the deletion of abandoned drafts and Discard may delete (decisions 050 and 107).
 */
function unheldDraft(heldElsewhere: HeldElsewhere): SQL {
  return and(eq(orders.status, 'draft'), sql`NOT ${heldElsewhere(orders.id)}`) as SQL;
}

function ofAccount(userId: string, verifiedEmail: string | null): SQL | undefined {
  if (!verifiedEmail) return eq(orders.userId, userId);
  return or(
    eq(orders.userId, userId),
    and(isNull(orders.userId), sql`lower(${orders.bookerEmail}) = lower(${verifiedEmail})`),
  );
}
