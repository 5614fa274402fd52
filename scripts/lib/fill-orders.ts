// Fills a migrated and seeded database with a realistic volume of orders, generated in SQL (no
// row travels through Node), for `npm run explain:hot-paths` and `npm run bench:growth`. Works on
// PostgreSQL and on PGlite.
//
// The mix: one order in four a draft, the rest booked, authorised, failed to book or needing an
// operator (`ORDER_MIX`); a quarter belong to an account; created over the last year. Each order
// has one item and a guest link; each paid one a payment, a finished booking job and a sent
// booking-confirmation email (one in ten thousand still pending). Besides the orders: accounts,
// rate-limit rows and, unless told otherwise, a few jobs due now.
import type { RawQuery } from '../../src/server/db/client.js';

/** Status by `g % 8`, g being the generated order's number (1, 2, …). */
export const ORDER_MIX = [
  'draft',
  'draft',
  'booked',
  'booked',
  'booked',
  'authorised',
  'booking_failed',
  'needs_attention',
] as const;

export interface FillOptions {
  /** How many orders to add. */
  orders: number;
  /** Orders per statement (each batch is one statement, so progress and the deadline are checked between batches). */
  batch?: number;
  /** Stop after the batch that ends past this time (ms since the epoch): the result says how far it got. */
  deadline?: number;
  /** Pending jobs due now (`capture-payment` with an empty payload, for the job-claim plan). */
  dueJobs?: number;
  /** Called after each batch with the orders added so far. */
  onProgress?: (ordersSoFar: number) => void;
}

export interface FillResult {
  orders: number;
  items: number;
  guests: number;
  payments: number;
  jobs: number;
  mail: number;
  users: number;
  rateLimits: number;
  /** True when the deadline stopped the fill before `orders`. */
  stoppedEarly: boolean;
  ms: number;
}

/**
 * One batch: orders numbered `$1`…`$2` and everything that hangs off them, in one statement
 * (data-modifying CTEs), so the batch's rows are found by what the insert returned rather than by
 * a reference range another order could fall into.
 */
const BATCH_SQL = `
WITH o AS (
  INSERT INTO orders (id, reference, status, collection_country_id, collection_postcode,
    destination_country_id, destination_postcode, small_boxes, large_boxes, total_weight_kg,
    offered_services, selected_service, price_pence, collection_address, created_at, updated_at,
    user_id)
  SELECT gen_random_uuid(), 'BA-' || lpad(g::text, 8, '0'),
    ($3::text[])[1 + g % 8],
    231, 'SW1A ' || (g % 9) || 'AA', (ARRAY[73, 80, 232, 38, 13, 154])[1 + g % 6], '75001',
    1 + g % 3, g % 2, 20 + 10 * (g % 2), '[]'::jsonb, 'economy', 4000 + g % 5000,
    jsonb_build_object('email', 'buyer' || (g % 50000) || '@example.com'),
    now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second',
    now() - (g % 365) * interval '1 day',
    CASE WHEN g % 4 = 0 THEN 'user-' || (1 + g % $4::int) END
  FROM generate_series($1::int, $2::int) g
  RETURNING id, reference, status, price_pence, created_at, updated_at
),
items AS (
  INSERT INTO order_items (id, order_id, parcel_key, name, commodity_code, commodity_description,
    number_of_units, unit_value_pence, unit_weight_grams, created_at)
  SELECT gen_random_uuid(), o.id, 'small-1', 'Item', '611011', 'Jerseys', 1, 2000, 500,
    o.created_at
  FROM o
  RETURNING 1
),
guests AS (
  INSERT INTO order_guests (order_id, guest_hash, created_at)
  SELECT id, md5(id::text), created_at FROM o
  RETURNING 1
),
payments AS (
  INSERT INTO payments (id, order_id, attempt, provider, provider_payment_id, idempotency_key,
    amount_pence, status, client_secret, created_at, updated_at)
  SELECT gen_random_uuid(), id, 1, 'sandbox', 'pi_' || id, id || ':1', price_pence,
    CASE WHEN status = 'booked' THEN 'captured' ELSE 'authorised' END, 's', created_at,
    updated_at
  FROM o WHERE status <> 'draft'
  RETURNING 1
),
jobs AS (
  INSERT INTO jobs (id, kind, key, payload, status, attempts, run_at, created_at, updated_at)
  SELECT gen_random_uuid(), 'book-shipment', 'book-shipment:' || id, '{}'::jsonb, 'done', 1,
    created_at, created_at, created_at
  FROM o WHERE status <> 'draft'
  RETURNING 1
),
mail AS (
  INSERT INTO mail (id, idempotency_key, kind, message_id, to_address, subject, html_body,
    text_body, status, attempts, next_attempt_at, created_at, sent_at)
  SELECT gen_random_uuid(), 'booking-confirmation:' || reference, 'booking-confirmation',
    '<' || id || '@boxabroad.test>', 'buyer@example.com', 'Booked', '<p>x</p>', 'x',
    CASE WHEN random() < 0.9999 THEN 'sent' ELSE 'pending' END, 1, created_at,
    created_at, created_at
  FROM o WHERE status <> 'draft'
  RETURNING 1
)
SELECT (SELECT count(*) FROM o)::int AS orders, (SELECT count(*) FROM items)::int AS items,
  (SELECT count(*) FROM guests)::int AS guests, (SELECT count(*) FROM payments)::int AS payments,
  (SELECT count(*) FROM jobs)::int AS jobs, (SELECT count(*) FROM mail)::int AS mail`;

type BatchCounts = Pick<FillResult, 'orders' | 'items' | 'guests' | 'payments' | 'jobs' | 'mail'>;

/**
 * Adds `orders` orders (numbered from 1: once a database has them, a second fill fails on their
 * references) and their rows, then VACUUMs and ANALYZEs. A server's autovacuum would do both
 * after such growth. PGlite has none, but a site that grows a row at a time reads each row soon
 * after writing it, which sets what VACUUM sets here: a million rows none of which was ever read
 * would make the first reads of the figures pay for a state no real site is in.
 */
export async function fillOrders(query: RawQuery, options: FillOptions): Promise<FillResult> {
  const started = performance.now();
  const batch = Math.max(1, options.batch ?? 50_000);
  const users = Math.min(20_000, Math.max(1, Math.ceil(options.orders / 10)));
  const rateLimits = Math.min(50_000, Math.max(1, Math.ceil(options.orders / 4)));
  const dueJobs = options.dueJobs ?? 20;

  await query(
    `INSERT INTO users (id, name, email, email_verified, created_at, updated_at)
     SELECT 'user-' || g, 'User ' || g, 'user' || g || '@example.com', true, now(), now()
     FROM generate_series(1, $1::int) g
     ON CONFLICT DO NOTHING`,
    [users],
  );
  const total: BatchCounts = { orders: 0, items: 0, guests: 0, payments: 0, jobs: 0, mail: 0 };
  let stoppedEarly = false;
  for (let from = 1; from <= options.orders; from += batch) {
    if (options.deadline !== undefined && Date.now() >= options.deadline) {
      stoppedEarly = true;
      break;
    }
    const to = Math.min(options.orders, from + batch - 1);
    const [counts] = await query<BatchCounts>(BATCH_SQL, [from, to, ORDER_MIX, users]);
    if (!counts) throw new Error('the fill statement returned no counts');
    for (const key of Object.keys(total) as (keyof BatchCounts)[]) total[key] += counts[key];
    options.onProgress?.(total.orders);
  }
  if (dueJobs > 0) {
    await query(
      `INSERT INTO jobs (id, kind, key, payload, status, attempts, run_at, created_at, updated_at)
       SELECT gen_random_uuid(), 'capture-payment', 'due:' || g, '{}'::jsonb, 'pending', 0,
         now() - interval '1 second', now(), now()
       FROM generate_series(1, $1::int) g`,
      [dueJobs],
    );
    total.jobs += dueJobs;
  }
  await query(
    `INSERT INTO rate_limits (key, window_start, attempts)
     SELECT 'quotes:203.0.113.' || g, now(), 1 FROM generate_series(1, $1::int) g
     ON CONFLICT DO NOTHING`,
    [rateLimits],
  );
  await query('VACUUM (ANALYZE)');
  return {
    ...total,
    users,
    rateLimits,
    stoppedEarly,
    ms: Math.round(performance.now() - started),
  };
}
