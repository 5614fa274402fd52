/**
 * Abandoned drafts (decision 050, docs/orders.md): the recurring job deletes unpaid drafts left
 * unchanged for DRAFT_RETENTION_DAYS, with everything that hangs on them, and never an order that
 * went further or has any payment row.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp, expectDueAgainIn, runRecurringJobNow } from '#tests/support/test-app.js';
import { ScriptedCourier } from '#tests/support/scripted-courier.js';
import { purgeAbandonedDraftsJob } from './jobs/purge-abandoned-drafts.job.js';
import { PURGE_ABANDONED_DRAFTS_JOB } from './orders.service.js';
import { newOrder } from '#tests/support/factories/orders.js';
import { call } from '#tests/support/call.js';
import { getOrder, selectService } from '#src/domain/api/orders.js';

const DAY = 24 * 60 * 60_000;
// A setting other than the default, so the test shows it is the one used.
const t = useTestApp({ courier: new ScriptedCourier(), draftRetentionDays: 10 });

/** A draft as Get Quotes leaves it (no service chosen): its id. */
const newDraft = async () => (await newOrder(t.app)).id;

/** Setup only: an item in the order's parcel and a "Manage my booking" link to it. */
async function addDependants(orderId: string) {
  const now = t.clock.now();
  await t.database.query(
    `INSERT INTO order_items (id, order_id, parcel_key, name, commodity_code, commodity_description,
       number_of_units, unit_value_pence, unit_weight_grams, created_at)
     VALUES ($1, $2, 'small-1', 'Jumper', '611011', 'Jerseys', 1, 2000, 500, $3)`,
    [randomUUID(), orderId, now],
  );
  await t.database.query(
    `INSERT INTO booking_links (token_hash, order_id, created_at, expires_at)
     VALUES ($1, $2, $3, $3)`,
    [randomUUID(), orderId, now],
  );
}

/** Setup only: a payment row of the order, as Pay writes it before the card is even tried. */
async function addPayment(orderId: string, status: string) {
  const now = t.clock.now();
  const key = `${orderId}:1:${status}`;
  await t.database.query(
    `INSERT INTO payments (id, order_id, attempt, provider, provider_payment_id, idempotency_key,
       amount_pence, status, client_secret, created_at, updated_at)
     VALUES ($1, $2, 1, 'sandbox', $3, $4, 5000, $5, 'secret', $6, $6)`,
    [randomUUID(), orderId, `pi_${randomUUID()}`, key, status, now],
  );
}

async function count(table: string, orderId: string): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${table === 'orders' ? 'id' : 'order_id'} = $1`,
    [orderId],
  );
  return row!.n;
}

const runPurgeJob = () => runRecurringJobNow(t, purgeAbandonedDraftsJob);

describe('abandoned drafts', () => {
  it('deletes unpaid drafts unchanged for the retention period, with their items and links, and nothing else', async () => {
    // Day 0: an abandoned draft with items, a draft whose Pay was started (a payment row, the
    // card never authorised), a paid-and-booked order, a draft the customer comes back to.
    const abandoned = await newDraft();
    await addDependants(abandoned);
    const payStarted = await newDraft();
    await addPayment(payStarted, 'requires_payment_method');
    const booked = await newDraft();
    await addPayment(booked, 'captured');
    await t.database.query(`UPDATE orders SET status = 'booked' WHERE id = $1`, [booked]);
    const resumed = await newDraft();
    expect(await count('order_items', abandoned)).toBe(1);
    expect(await count('order_guests', abandoned)).toBe(1);

    // Day 9: the customer picks a service on one of them.
    t.clock.set(new Date(t.clock.now().getTime() + 9 * DAY));
    const chosen = await call(t.app, selectService, {
      params: { id: resumed },
      body: { service: 'economy' },
    });
    expect(chosen.statusCode).toBe(200);

    // Day 10 and a minute: the retention (10 days here) has passed for all but the resumed one.
    t.clock.set(new Date(t.clock.now().getTime() + DAY + 60_000));
    await runPurgeJob();

    expect(await count('orders', abandoned)).toBe(0);
    expect(await count('order_items', abandoned)).toBe(0);
    expect(await count('order_guests', abandoned)).toBe(0);
    expect(await count('booking_links', abandoned)).toBe(0);
    expect((await call(t.app, getOrder, { params: { id: abandoned } })).statusCode).toBe(404);

    for (const kept of [payStarted, booked, resumed]) expect(await count('orders', kept)).toBe(1);
    expect(await count('payments', payStarted)).toBe(1);
    expect(await count('payments', booked)).toBe(1);
    expect((await call(t.app, getOrder, { params: { id: booked } })).statusCode).toBe(200);

    // The job is a recurring row, due again in an hour.
    await expectDueAgainIn(t, PURGE_ABANDONED_DRAFTS_JOB, 60 * 60_000);
  });

  it('never deletes an order past draft or with a payment row, however old', async () => {
    const ids: string[] = [];
    for (const status of ['authorised', 'booking', 'booked', 'booking_failed', 'needs_attention']) {
      const id = await newDraft();
      await t.database.query(`UPDATE orders SET status = $2 WHERE id = $1`, [id, status]);
      ids.push(id);
    }
    for (const status of ['requires_action', 'cancelled', 'refunded']) {
      const id = await newDraft();
      await addPayment(id, status);
      ids.push(id);
    }
    t.clock.set(new Date(t.clock.now().getTime() + 400 * DAY));
    await runPurgeJob();
    for (const id of ids) expect(await count('orders', id)).toBe(1);
  });

  it('deletes in batches until none is left', async () => {
    const drafts: string[] = [];
    for (let i = 0; i < 7; i += 1) drafts.push(await newDraft());
    t.clock.set(new Date(t.clock.now().getTime() + 11 * DAY));
    const result = await t.app.services.orders.purgeAbandonedDrafts({
      retentionDays: 10,
      batchSize: 3,
    });
    expect(result.deleted).toBe(7);
    for (const id of drafts) expect(await count('orders', id)).toBe(0);
  });
});
