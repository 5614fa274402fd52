// On PostgreSQL too: the bulk fill the PostgreSQL benchmarks use.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#tests/support/test-database.js';
import { fillOrders } from '#scripts/lib/fill-orders.js';

// The fill behind `npm run explain:hot-paths` and `npm run bench:growth`, on a small scale.
describe('fillOrders', () => {
  const database = useTestDatabase();

  it('stops between batches once past its deadline and says how far it got', async () => {
    const filled = await fillOrders(database.query, {
      orders: 100,
      batch: 10,
      dueJobs: 0,
      deadline: Date.now() - 1,
    });
    expect(filled).toMatchObject({ orders: 0, stoppedEarly: true });
    const [orders] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    expect(orders?.n).toBe(0);
  });

  it('adds the orders in the stated mix, each with its item, guest link and, once paid, its payment, job and email', async () => {
    const progress: number[] = [];
    const filled = await fillOrders(database.query, {
      orders: 100,
      batch: 40,
      dueJobs: 3,
      onProgress: (n) => progress.push(n),
    });
    expect(progress).toEqual([40, 80, 100]);
    expect(filled).toMatchObject({
      orders: 100,
      items: 100,
      guests: 100,
      payments: 75,
      jobs: 78,
      mail: 75,
      stoppedEarly: false,
    });
    const byStatus = await database.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM orders GROUP BY status ORDER BY status',
    );
    // g = 1…100 by g % 8: residues 1–4 occur 13 times, the others 12.
    expect(Object.fromEntries(byStatus.map((r) => [r.status, r.n]))).toEqual({
      authorised: 12,
      booked: 39,
      booking_failed: 12,
      draft: 25,
      needs_attention: 12,
    });
    const counts = await database.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM order_items)::int AS items,
         (SELECT count(DISTINCT order_id) FROM order_guests)::int AS guests,
         (SELECT count(*) FROM payments p JOIN orders o ON o.id = p.order_id
            WHERE o.status <> 'draft')::int AS paid,
         (SELECT count(*) FROM mail WHERE kind = 'booking-confirmation')::int AS mail,
         (SELECT count(*) FROM jobs WHERE status = 'pending')::int AS due,
         (SELECT count(*) FROM orders WHERE user_id IS NOT NULL)::int AS owned`,
    );
    expect(counts[0]).toEqual({ items: 100, guests: 100, paid: 75, mail: 75, due: 3, owned: 25 });
  });
});
