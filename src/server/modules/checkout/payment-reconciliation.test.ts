// On PostgreSQL too: the reconciliation racing the webhook for the same payment.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestApp, runRecurringJobNow } from '#tests/support/test-app.js';
import { RECONCILE_PAYMENTS_JOB } from './checkout-deps.js';
import { reconcilePaymentsJob } from './jobs/reconcile-payments.job.js';
import { PaymentEvents } from './payment-events.js';
import { checkoutStatus, payWithCard, startPayment } from '#tests/support/checkout.js';
import { readyOrder } from '#tests/support/factories/orders.js';
import { sandbox, settle } from '#tests/support/factories/payments.js';
import { call } from '#tests/support/call.js';
import { selectService } from '#src/domain/api/orders.js';

/**
 * An authorisation the card provider holds that the site never heard of (the process stopped
 * between the provider's answer and our write, and neither the event nor the confirm call came):
 * the recurring reconciliation applies it when it still matches the order, else cancels it.
 */
const t = useTestApp();
beforeEach(() => {
  t.clock.set('2026-11-23T10:00:00Z');
  vi.restoreAllMocks();
});

async function sandboxStatus(orderId: string) {
  const [row] = await t.database.query<{ status: string }>(
    `SELECT s.status FROM payments p JOIN sandbox_payments s ON s.id = p.provider_payment_id
     WHERE p.order_id = $1 ORDER BY p.created_at DESC LIMIT 1`,
    [orderId],
  );
  return row?.status;
}
/** The card is authorised at the provider; every word of it to the site is lost. */
async function lostAuthorisation() {
  const order = await readyOrder(t.app);
  const { clientSecret } = await startPayment(t.app, order.id);
  const lost = vi.spyOn(PaymentEvents.prototype, 'handle').mockResolvedValue('ignored');
  await payWithCard(t.app, clientSecret, '4242 4242 4242 4242');
  await sandbox(t).idle();
  lost.mockRestore();
  expect(await sandboxStatus(order.id)).toBe('authorised');
  expect((await checkoutStatus(t.app, order.id)).status).toBe('draft');
  return order;
}
/** A round of the recurring reconciliation now, and everything it starts. */
async function reconcile() {
  await runRecurringJobNow(t, reconcilePaymentsJob);
  await settle(t);
}

describe('reconciliation of authorisations', () => {
  it('leaves a fresh one alone, then applies it: the order is booked and charged once', async () => {
    const order = await lostAuthorisation();
    await reconcile();
    expect((await checkoutStatus(t.app, order.id)).status).toBe('draft');
    t.clock.set('2026-11-23T10:06:00Z');
    await reconcile();
    const status = await checkoutStatus(t.app, order.id);
    expect(status.status).toBe('booked');
    expect(await sandboxStatus(order.id)).toBe('captured');
  });

  it('cancels one that no longer matches the order, so the customer is not left with money held', async () => {
    const order = await lostAuthorisation();
    const changed = await call(t.app, selectService, {
      params: { id: order.id },
      body: { service: 'economy' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    t.clock.set('2026-11-23T10:06:00Z');
    await reconcile();
    expect(await sandboxStatus(order.id)).toBe('cancelled');
    const status = await checkoutStatus(t.app, order.id);
    expect(status).toMatchObject({ status: 'draft', notCharged: true, canRetryPayment: true });
  });

  it('runs again and again: the job is due again after its round', async () => {
    t.clock.set('2026-11-23T10:06:00Z');
    await reconcile();
    const [row] = await t.database.query<{ status: string; run_at: Date }>(
      'SELECT status, run_at FROM jobs WHERE key = $1',
      [RECONCILE_PAYMENTS_JOB],
    );
    expect(row!.status).toBe('pending');
    expect(new Date(row!.run_at).getTime()).toBeGreaterThan(t.clock.now().getTime());
  });
});
