import { sql, type SQL } from 'drizzle-orm';
import type { RawQuery } from './client.js';

/**
 * The caller's transaction, either of the two kinds the codebase has:
 * - the `tx` of `Database.transaction` (raw SQL; also `database` itself, outside a transaction);
 * - a Drizzle transaction (`database.db.transaction(async (tx) => …)`) or `database.db`.
 */
export type Queryable = { query: RawQuery } | DrizzleExecutor;

export interface DrizzleExecutor {
  execute(query: SQL): PromiseLike<unknown>;
}

/** Runs parametrised SQL ($1, $2, …) through either kind of transaction. */
export function rawQueryOf(tx: Queryable): RawQuery {
  if ('query' in tx && typeof tx.query === 'function') return tx.query;
  const executor = tx as DrizzleExecutor;
  return async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => {
    const parts = text.split(/\$(\d+)/);
    const chunks: SQL[] = parts.map((part, i) =>
      i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`,
    );
    const result = (await executor.execute(sql.join(chunks))) as { rows: Row[] };
    return result.rows;
  };
}

/**
 * The row an INSERT or upsert `… RETURNING` gave back: there is always one, so none is a bug,
 * thrown naming `what` was written.
 */
export async function returnedRow<Row>(rows: PromiseLike<Row[]>, what: string): Promise<Row> {
  const [row] = await rows;
  if (!row) throw new Error(`${what} returned no row`);
  return row;
}
