import { randomUUID } from 'node:crypto';
import { getClaimOptions } from '#src/domain/api/claims.js';
import { paymentsOf } from '../booking-changes.js';
import { ok } from '../call.js';
import type { TestApp } from '../test-app.js';
import { bookedOrder } from './payments.js';

/**
 * Claims on a booked order (docs/claims.md): the box's tracking written as the courier would
 * report it, the order's declared items by name, and the body that opens a claim.
 */

/** The box's tracking: delivered on `day` (at noon), or reported lost by the courier. */
export async function trackBox(
  t: TestApp,
  orderId: string,
  what: { deliveredOn: string } | { lost: true },
): Promise<void> {
  const [parcel] = await t.database.query<{ parcel_reference: string }>(
    'SELECT parcel_reference FROM shipment_parcels WHERE order_id = $1 ORDER BY position',
    [orderId],
  );
  const reference = parcel?.parcel_reference ?? `P-${orderId.slice(0, 8)}`;
  if (!parcel) {
    await t.database.query(
      `INSERT INTO shipment_parcels (order_id, parcel_reference, position, status)
       VALUES ($1, $2, 1, 'in_transit')`,
      [orderId, reference],
    );
  }
  const delivered = 'deliveredOn' in what;
  const status = delivered ? 'delivered' : 'exception';
  const reason = delivered ? null : 'Parcel lost in transit';
  const at = delivered ? `${what.deliveredOn}T12:00:00Z` : '2026-11-25T12:00:00Z';
  await t.database.query(
    'UPDATE shipment_parcels SET status = $2, reason = $3 WHERE order_id = $1',
    [orderId, status, reason],
  );
  await t.database.query(
    `INSERT INTO tracking_events
       (order_id, parcel_reference, courier_code, at, status, recognised, description, reason, recorded_at)
     VALUES ($1, $2, $3, $4, $5, true, $6, $7, $4)`,
    [
      orderId,
      reference,
      status.toUpperCase(),
      at,
      status,
      delivered ? 'Delivered' : 'Exception',
      reason,
    ],
  );
}

/** The ids of the factory order's declared items (four books, two jumpers). */
export async function claimItemIds(t: TestApp, orderId: string) {
  const options = await ok(t.app, getClaimOptions, { params: { id: orderId } });
  const byName = (name: string) => options.items.find((i) => i.name === name)!.itemId;
  return { books: byName('Books'), jumper: byName('Jumper') };
}

/**
 * A booked order whose box was delivered on 27 November, the clock on 30 November, with its
 * items' ids. The caller signs its operator in after (a session made earlier has ended).
 */
export async function deliveredOrderForClaims(t: TestApp) {
  const { order } = await bookedOrder(t);
  await trackBox(t, order.id, { deliveredOn: '2026-11-27' });
  t.clock.set('2026-11-30T10:00:00Z');
  return { order, items: await claimItemIds(t, order.id) };
}

/** The body that opens a claim: box 1, damaged, unless told. */
export function openClaimBody(body: {
  items: { itemId: string; units?: number }[];
  kind?: 'lost' | 'damaged';
  boxNumber?: number;
  requestKey?: string;
}) {
  return {
    boxNumber: body.boxNumber ?? 1,
    kind: body.kind ?? 'damaged',
    items: body.items,
    description: 'The box arrived crushed and the books are torn.',
    requestKey: body.requestKey ?? randomUUID(),
  };
}

/**
 * An operator's earlier refund that leaves `leftPence` to refund on the order's card: a claim
 * for more is then paid by bank transfer.
 */
export async function leaveOnCard(t: TestApp, orderId: string, leftPence: number): Promise<void> {
  const [payment] = await paymentsOf(t, orderId);
  await t.database.db.transaction((tx) =>
    t.app.services.checkout.requestRefund(
      orderId,
      {
        amount: ((payment!.amount_pence - leftPence) / 100).toFixed(2),
        requestKey: randomUUID(),
        by: { id: 'ops', email: 'ops@boxabroad.test' },
      },
      tx,
    ),
  );
}
