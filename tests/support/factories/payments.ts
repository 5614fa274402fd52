import { randomUUID } from 'node:crypto';
import { afterEach, expect } from 'vitest';
import { refundAdminOrder } from '#src/domain/api/admin/payments.js';
import type { OrderView } from '#src/domain/order.js';
import type { SandboxPaymentProvider } from '#src/server/providers/payment/sandbox/sandbox-payments.js';
import { ProviderError } from '#src/server/providers/provider-error.js';
import type { TestBrowser } from '../browser-session.js';
import { call } from '../call.js';
import { checkoutStatus, confirm, payWithCard, startPayment } from '../checkout.js';
import type { TestApp } from '../test-app.js';
import { readyOrder, type ReadyOrderOptions } from './orders.js';

/** The card that pays: the sandbox authorises it. */
export const GOOD_CARD = '4242 4242 4242 4242';

/** The app's card provider: the sandbox, which every test app runs on. */
export function sandbox(t: TestApp): SandboxPaymentProvider {
  return t.app.services.checkout.provider as SandboxPaymentProvider;
}

/** The card sandbox's own refund, bound to it: what a test that replaced `refund` calls through to. */
export function realSandboxRefund(t: TestApp): SandboxPaymentProvider['refund'] {
  const own = (Object.getPrototypeOf(sandbox(t)) as SandboxPaymentProvider).refund;
  return own.bind(sandbox(t));
}

/** Registers an `afterEach` that puts the card sandbox's refunds back after a test replaced them. */
export function restoreSandboxRefundsAfterEach(t: TestApp): void {
  afterEach(() => {
    sandbox(t).refund = realSandboxRefund(t);
  });
}

/**
 * Replaces the card sandbox's refunds (restoreSandboxRefundsAfterEach puts them back): a refund
 * whose key `lost` picks fails as if the provider could not be reached, after the provider did
 * refund it when `refundsFirst` (the connection dropped before its answer); the others go
 * through. Answers the keys of the refunds asked of it, in order.
 */
export function refundsUnreachable(
  t: TestApp,
  lost: (key: string) => boolean,
  options: { refundsFirst: boolean },
): string[] {
  const real = realSandboxRefund(t);
  const calls: string[] = [];
  sandbox(t).refund = async (id, key, amount) => {
    calls.push(key);
    if (!lost(key)) return real(id, key, amount);
    if (options.refundsFirst) await real(id, key, amount);
    throw new ProviderError('payment', 'NETWORK', true, 'The card provider could not be reached');
  };
  return calls;
}

/**
 * Lets everything the last requests started finish: the sandbox's webhook deliveries land,
 * the due jobs run (the booking, capture or cancel, mail), and again, until a round finds
 * nothing due. Jobs waiting for a later time (a retry's backoff) stay waiting: the clock is
 * the test's.
 */
export async function settle(t: TestApp): Promise<void> {
  for (let round = 0; round < 10; round += 1) {
    await sandbox(t).idle();
    if ((await t.app.services.jobs.runOnce()) === 0) return;
    await t.app.services.jobs.drain();
  }
  throw new Error('settle: jobs still due after 10 rounds');
}

/**
 * An order paid for with a good card and its payment confirmed (the /pay page's two calls),
 * nothing run after: the booking job is queued, the card provider's events not delivered.
 */
export async function orderPaidFor(
  t: TestApp,
  options: ReadyOrderOptions = {},
): Promise<OrderView> {
  const order = await readyOrder(t.app, options);
  const { clientSecret } = await startPayment(t.app, order.id);
  await payWithCard(t.app, clientSecret, GOOD_CARD);
  await confirm(t.app, order.id);
  return order;
}

/**
 * An order paid for and `authorised`: the card provider's events delivered, the booking job
 * queued but not run.
 */
export async function authorisedOrder(
  t: TestApp,
  options: ReadyOrderOptions = {},
): Promise<OrderView> {
  const order = await orderPaidFor(t, options);
  await sandbox(t).idle();
  expect((await checkoutStatus(t.app, order.id)).status).toBe('authorised');
  return order;
}

/**
 * An order paid for and everything after it run (settle): in whatever state the courier's
 * answer leaves it (`booking_failed` when it refused, `needs_attention` when nobody knows).
 * Answers the order and its checkout status.
 */
export async function settledOrder(t: TestApp, options: ReadyOrderOptions = {}) {
  const order = await orderPaidFor(t, options);
  await settle(t);
  return { order, status: await checkoutStatus(t.app, order.id) };
}

/** An order paid for and `booked` by the courier, its booking job and settlement run. */
export async function bookedOrder(t: TestApp, options: ReadyOrderOptions = {}) {
  const settled = await settledOrder(t, options);
  expect(settled.status.status).toBe('booked');
  return settled;
}

/** An order's payment rows, oldest first. */
export async function orderPayments(t: TestApp, orderId: string) {
  return t.database.query<{
    id: string;
    status: string;
    attempt: number;
    provider_payment_id: string;
    amount_pence: number;
    card_last4: string | null;
  }>(
    `SELECT id, status, attempt, provider_payment_id, amount_pence, card_last4 FROM payments
     WHERE order_id = $1 ORDER BY created_at`,
    [orderId],
  );
}

/** The card sandbox's record of a payment, by the provider's id (undefined when it has none). */
export async function sandboxPaymentRow(t: TestApp, providerPaymentId: string) {
  const [row] = await t.database.query<{
    status: string;
    amount_pence: number;
    amount_refunded_pence: number;
  }>('SELECT status, amount_pence, amount_refunded_pence FROM sandbox_payments WHERE id = $1', [
    providerPaymentId,
  ]);
  return row;
}

/** An order `booked` and its payment captured; answers the order and that payment's row. */
export async function capturedOrder(t: TestApp, options: ReadyOrderOptions = {}) {
  const order = await authorisedOrder(t, options);
  await settle(t);
  expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
  const [payment] = await orderPayments(t, order.id);
  expect(payment?.status).toBe('captured');
  return { order, payment: payment! };
}

/**
 * A console payment test's reads and requests, bound to its app and operator: an order's payment
 * rows, the sandbox's record of a payment, and a refund the operator asks for (under a new
 * request key unless given one); the sandbox's refunds are put back after each test.
 */
export function useOperatorPayments(t: TestApp, operator: { readonly browser: TestBrowser }) {
  restoreSandboxRefundsAfterEach(t);
  return {
    payments: (orderId: string) => orderPayments(t, orderId),
    sandboxRow: (providerPaymentId: string) => sandboxPaymentRow(t, providerPaymentId),
    refund: (orderId: string, amount: string, requestKey: string = randomUUID()) =>
      call(operator.browser, refundAdminOrder, {
        params: { id: orderId },
        body: { amount, requestKey, reason: 'Customer asked' },
      }),
  };
}
