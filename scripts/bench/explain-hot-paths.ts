// `npm run explain:hot-paths`: on a scratch PostgreSQL database of its own (a unique name on
// EXPLAIN_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres, dropped at
// the end), applies the migrations and the seed, fills it with a realistic volume (ORDERS orders,
// default 200,000, with items, guest links, payments, jobs, mail and rate-limit rows:
// scripts/lib/fill-orders.ts), then prints
// EXPLAIN (ANALYZE) of every hot-path query and whether each plan reads a whole table
// ("Seq Scan"). A script that prints figures, not a test: it exits 0 either way.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.js';
import { migrate } from '../../src/server/db/migrate.js';
import { seed } from '../../src/server/db/seed.js';
import { fillOrders } from '../lib/fill-orders.js';

const serverUrl = process.env.EXPLAIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ORDERS = Number(process.env.ORDERS ?? 200_000);
const dbName = `explain_hot_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const started = performance.now();
const secs = () => ((performance.now() - started) / 1000).toFixed(1);

try {
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 2 });
  await migrate(database);
  await seed(database);
  const q = database.query;

  const filled = await fillOrders(q, { orders: ORDERS });
  console.log(
    `filled ${dbName} in ${secs()} s: ${filled.orders} orders, ${filled.items} items, ${filled.jobs} jobs, ${filled.mail} mail`,
  );

  const [sample] = await q<{ id: string; reference: string; user_id: string }>(
    `SELECT id, reference, user_id FROM orders WHERE user_id IS NOT NULL LIMIT 1 OFFSET $1`,
    [Math.min(5000, Math.floor(filled.orders / 8))],
  );
  if (!sample) throw new Error('no sample order');
  const now = new Date();
  const hotPaths: { name: string; sql: string; params: unknown[] }[] = [
    {
      name: 'quote: courier route by key (touch)',
      sql: `INSERT INTO courier_routes (collection_country_id, destination_country_id, small_boxes,
              large_boxes, last_query, last_used_at) VALUES (231, 73, 1, 0, '{}', $1)
            ON CONFLICT (collection_country_id, destination_country_id, small_boxes, large_boxes)
            DO UPDATE SET last_used_at = $1 RETURNING *`,
      params: [now],
    },
    {
      name: 'quote: rate for destination and weight',
      sql: `SELECT price_pence FROM rates
            WHERE service = 'economy' AND destination_country_id = 73 AND weight_kg = 40`,
      params: [],
    },
    {
      name: 'quote: insert order (reference unique check)',
      sql: `INSERT INTO orders (id, reference, status, collection_country_id, collection_postcode,
              destination_country_id, destination_postcode, small_boxes, large_boxes,
              total_weight_kg, offered_services, created_at, updated_at)
            VALUES ($1, $2, 'draft', 231, 'SW1A 1AA', 73, '75001', 1, 0, 20, '[]', $3, $3)`,
      params: [randomUUID(), `BA-X${Date.now()}`, now],
    },
    {
      name: 'quote: guest link',
      sql: `INSERT INTO order_guests (order_id, guest_hash, created_at) VALUES ($1, 'h', $2)
            ON CONFLICT DO NOTHING`,
      params: [sample.id, now],
    },
    {
      name: 'order by id',
      sql: 'SELECT * FROM orders WHERE id = $1',
      params: [sample.id],
    },
    {
      name: 'order items of an order',
      sql: 'SELECT * FROM order_items WHERE order_id = $1 ORDER BY created_at',
      params: [sample.id],
    },
    {
      name: 'order access: guest link',
      sql: 'SELECT 1 FROM order_guests WHERE order_id = $1 AND guest_hash = $2',
      params: [sample.id, 'h'],
    },
    {
      name: 'order payments',
      sql: 'SELECT * FROM payments WHERE order_id = $1 ORDER BY attempt',
      params: [sample.id],
    },
    {
      name: 'order by reference',
      sql: 'SELECT * FROM orders WHERE reference = $1',
      params: [sample.reference],
    },
    {
      name: 'account orders list',
      sql: `SELECT * FROM orders
            WHERE user_id = $1
               OR (user_id IS NULL AND lower(collection_address->>'email') = lower($2))
            ORDER BY created_at DESC, reference DESC`,
      params: [sample.user_id, 'buyer123@example.com'],
    },
    {
      name: 'admin search: newest page',
      sql: 'SELECT * FROM orders ORDER BY created_at DESC, id DESC LIMIT 50',
      params: [],
    },
    {
      name: 'admin search: by status, next page',
      sql: `SELECT * FROM orders WHERE status = 'needs_attention'
              AND (created_at, id) < ($1::timestamptz, $2::uuid)
            ORDER BY created_at DESC, id DESC LIMIT 50`,
      params: [now, 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
    },
    {
      name: 'admin search: text (reference, email or postcode)',
      sql: `SELECT * FROM orders
            WHERE reference = $1 OR upper(replace(collection_postcode, ' ', '')) = $2
               OR upper(replace(destination_postcode, ' ', '')) = $2
               OR lower(collection_address ->> 'email') = $3
            ORDER BY created_at DESC, id DESC LIMIT 50`,
      params: ['BUYER7@EXAMPLE.COM', 'BUYER7@EXAMPLE.COM', 'buyer7@example.com'],
    },
    {
      name: 'job claim',
      sql: `SELECT id FROM jobs
            WHERE ((status = 'pending' AND run_at <= $1) OR (status = 'running' AND locked_until <= $1))
              AND (kind = ANY($2::text[]) OR ($3 AND NOT kind = ANY($4::text[])))
            ORDER BY run_at, created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      params: [now, ['capture-payment'], true, ['capture-payment', 'book-shipment']],
    },
    {
      name: 'rate limit bump',
      sql: `INSERT INTO rate_limits (key, window_start, attempts) VALUES ($1, $2, 1)
            ON CONFLICT (key) DO UPDATE SET attempts = rate_limits.attempts + 1
            RETURNING window_start, attempts`,
      params: ['quotes:203.0.113.7', now],
    },
    {
      name: 'payment reconciliation: a round',
      sql: `SELECT * FROM payments
            WHERE status IN ('requires_payment_method', 'requires_action', 'authorised')
              AND updated_at < $1 AND created_at > $2
            ORDER BY created_at LIMIT 50`,
      params: [new Date(now.getTime() - 5 * 60_000), new Date(now.getTime() - 2 * 86_400_000)],
    },
    {
      name: 'abandoned drafts: candidates',
      sql: `SELECT id FROM orders o WHERE status = 'draft' AND updated_at < $1
              AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id)
              AND NOT EXISTS (SELECT 1 FROM courier_booking_replies r WHERE r.order_id = o.id)
            ORDER BY updated_at LIMIT 500 FOR UPDATE SKIP LOCKED`,
      params: [new Date(now.getTime() - 30 * 86_400_000)],
    },
  ];

  const summary: string[] = [];
  for (const path of hotPaths) {
    // Inside a transaction that is rolled back: the writes change nothing for the next query.
    const plan = await database
      .transaction(async (tx) => {
        const rows = await tx.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${path.sql}`,
          path.params,
        );
        throw Object.assign(new Error('rollback'), { rows });
      })
      .catch((error: { rows?: { 'QUERY PLAN': string }[] }) => {
        if (!error.rows) throw error;
        return error.rows.map((r) => r['QUERY PLAN']);
      });
    const seq = plan.filter((line) =>
      /Seq Scan on (orders|order_items|payments|jobs|mail|order_guests|rate_limits)\b/.test(line),
    );
    const time = plan.find((line) => line.startsWith('Execution Time'))?.trim() ?? '';
    console.log(`\n## ${path.name}\n${plan.join('\n')}`);
    summary.push(`${seq.length ? 'SEQ SCAN' : 'index   '}  ${time.padEnd(28)} ${path.name}`);
  }
  console.log(`\n# summary (${secs()} s)\n${summary.join('\n')}`);
  await database.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
