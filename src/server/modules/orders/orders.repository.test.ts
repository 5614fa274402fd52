// On PostgreSQL too: rows read back through each driver's types.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#tests/support/test-database.js';
import { draftOrderRow } from '#tests/support/factories/order-rows.js';
import {
  canTransition,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
} from '#src/domain/order-states.js';
import { ForbiddenTransitionError, OrdersRepository } from './orders.repository.js';

const database = useTestDatabase();
let orders: OrdersRepository;
beforeAll(() => {
  orders = new OrdersRepository(database.db);
});

/** A draft order moved straight into `status` for the test (setup only). */
async function orderIn(status: OrderStatus): Promise<string> {
  const { id } = await orders.insert(draftOrderRow(new Date()));
  await database.query('UPDATE orders SET status = $2 WHERE id = $1', [id, status]);
  return id;
}

const allowed = ORDER_TRANSITIONS.flatMap((t) => t.from.map((from) => [from, t.to] as const));

describe('order transitions', () => {
  it.each(allowed)('%s → %s is made, in the caller’s transaction', async (from, to) => {
    const id = await orderIn(from);
    const moved = await database.db.transaction((tx) =>
      orders.transition(id, from, to, { failureCode: `MOVED_${to}` }, tx),
    );
    expect(moved?.status).toBe(to);
    expect((await orders.findById(id))?.failureCode).toBe(`MOVED_${to}`);
  });

  it('refuses booked → draft and writes nothing', async () => {
    expect(canTransition('booked', 'draft')).toBe(false);
    const id = await orderIn('booked');
    await expect(
      database.db.transaction((tx) => orders.transition(id, 'booked', 'draft', {}, tx)),
    ).rejects.toBeInstanceOf(ForbiddenTransitionError);
    expect((await orders.findById(id))?.status).toBe('booked');
  });

  it('refuses every move the table does not list', () => {
    const listed = new Set(allowed.map(([f, t]) => `${f}>${t}`));
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        expect(canTransition(from, to), `${from} → ${to}`).toBe(listed.has(`${from}>${to}`));
      }
    }
    // An order whose booking is in doubt leaves needs_attention only by an operator's resolution
    // (booked with the courier's reference, or released); never back into the booking machinery.
    expect(canTransition('needs_attention', 'booked')).toBe(true);
    expect(canTransition('needs_attention', 'booking_failed')).toBe(true);
    expect(canTransition('needs_attention', 'booking')).toBe(false);
    expect(canTransition('needs_attention', 'authorised')).toBe(false);
    expect(canTransition('booked', 'booking_failed')).toBe(false);
  });

  it('writes nothing when the order is no longer in the state the caller expected', async () => {
    const id = await orderIn('booked');
    const moved = await orders.transition(id, 'booking', 'needs_attention', {});
    expect(moved).toBeUndefined();
    expect((await orders.findById(id))?.status).toBe('booked');
  });

  it('waits for a concurrent holder of the row lock, then re-checks the state', async () => {
    if (database.kind !== 'postgres') return; // PGlite has one connection: nothing is concurrent
    const id = await orderIn('booking');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = database.db.transaction(async (tx) => {
      await orders.lock(id, tx);
      await held;
      return orders.transition(id, 'booking', 'booked', {}, tx);
    });
    await new Promise((r) => setTimeout(r, 50));
    const second = orders.transition(id, 'booking', 'needs_attention', {});
    release();
    expect((await first)?.status).toBe('booked');
    expect(await second).toBeUndefined();
    expect((await orders.findById(id))?.status).toBe('booked');
  });

  it('lets an ordinary update change an order only in the statuses given', async () => {
    const id = await orderIn('authorised');
    expect(await orders.update(id, { pricePence: 1 }, ['draft', 'booking_failed'])).toBeUndefined();
    const updated = await orders.update(id, { pricePence: 2, newPaymentAttempt: true }, [
      'authorised',
    ]);
    expect(updated?.pricePence).toBe(2);
    expect(updated?.paymentAttempt).toBe(2);
  });
});

describe('drafts stored together', () => {
  it('answer each draft as the row the database holds, defaults included', async () => {
    const now = new Date('2026-11-24T10:00:00.000Z');
    const drafts = [1, 2, 3].map((n) => ({
      order: draftOrderRow(now, {
        smallBoxes: n,
        totalWeightKg: 20 * n,
        offeredServices: [
          {
            service: 'express' as const,
            name: 'Express',
            detail: 'Door to door',
            pricePence: 4500 * n,
            transitDays: '2-3',
          },
        ],
        userId: null,
      }),
      guestHash: `guest-${n}`,
    }));
    const answered = await orders.insertDrafts(drafts);
    expect(answered.map((row) => row.id)).toEqual(drafts.map((d) => d.order.id));
    for (const row of answered) {
      expect(row).toEqual(await orders.findById(row.id));
      expect(row.paymentAttempt).toBe(1);
    }
    const grants = await database.query<{ order_id: string; guest_hash: string }>(
      'SELECT order_id, guest_hash FROM order_guests WHERE order_id = ANY($1) ORDER BY guest_hash',
      [drafts.map((d) => d.order.id)],
    );
    expect(grants).toEqual(drafts.map((d) => ({ order_id: d.order.id, guest_hash: d.guestHash })));
  });
});
