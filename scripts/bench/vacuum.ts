// `npm run bench:vacuum`: how long the embedded database's VACUUM job (src/server/db/vacuum.ts,
// docs/decisions/067) holds the database, which answers nothing else meanwhile. Fills a new PGlite
// data directory with VACUUM_ORDERS orders (default 200,000), changes a share of them as a
// day's traffic would (VACUUM_CHURN, default 0.1: that share of the orders updated twice and half
// of it deleted), then runs the job's round twice and prints each table's time. Leaves nothing
// behind: the data directory is a new temporary one, removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/client.js';
import { migrate } from '../../src/server/db/migrate.js';
import { seed } from '../../src/server/db/seed.js';
import { vacuumEmbeddedDatabase, type VacuumedTable } from '../../src/server/db/vacuum.js';
import { fillOrders } from '../lib/fill-orders.js';

const ORDERS = Number(process.env.VACUUM_ORDERS ?? 200_000);
const CHURN = Number(process.env.VACUUM_CHURN ?? 0.1);
const dir = mkdtempSync(join(tmpdir(), 'boxabroad-vacuum-'));
const say = (line: string) => process.stdout.write(`${line}\n`);

function summary(label: string, tables: VacuumedTable[], ms: number) {
  const slowest = [...tables].sort((a, b) => b.ms - a.ms).slice(0, 4);
  say(
    `${label}: ${ms} ms for ${tables.length} tables; slowest ` +
      slowest.map((t) => `${t.table} ${t.ms} ms${t.analyzed ? ' (with ANALYZE)' : ''}`).join(', '),
  );
}

const database = await openDatabase({ kind: 'pglite', dataDir: dir });
try {
  await migrate(database);
  await seed(database);
  const filled = await fillOrders(database.query, { orders: ORDERS, batch: 2000, dueJobs: 0 });
  say(
    `filled ${filled.orders} orders in ${(filled.ms / 1000).toFixed(0)} s (the fill ends with VACUUM)`,
  );

  const percent = CHURN * 100;
  let started = performance.now();
  for (const round of [1, 2]) {
    await database.query(
      `UPDATE orders SET updated_at = now() WHERE id IN (SELECT id FROM orders TABLESAMPLE BERNOULLI ($1))`,
      [percent],
    );
    say(`updated ${percent}% of the orders (round ${round})`);
  }
  await database.query(
    `DELETE FROM orders WHERE status = 'draft' AND id IN (SELECT id FROM orders TABLESAMPLE BERNOULLI ($1))
       AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = orders.id)`,
    [percent],
  );
  say(
    `deleted drafts among ${percent}% of the orders, in ${Math.round(performance.now() - started)} ms in all`,
  );

  for (const label of ['round after the changes', 'next round, nothing changed']) {
    started = performance.now();
    const tables = await vacuumEmbeddedDatabase(database.query);
    summary(label, tables, Math.round(performance.now() - started));
  }
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
