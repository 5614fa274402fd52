import {
  confirmPayment,
  getCheckoutStatus,
  sandboxConfirmCard,
  startPayment as startPaymentRoute,
} from '../../src/domain/api/checkout.js';
import { beforeEach, vi } from 'vitest';
import { ok, type Caller } from './call.js';
import { COURIER_TEST_NOW } from './courier.js';
import type { TestApp } from './test-app.js';

/** Pay: the payment session for the order (`payload`, which the server ignores, sent as is). */
export async function startPayment(on: Caller, orderId: string, payload?: object) {
  return ok(on, startPaymentRoute, {
    params: { id: orderId },
    ...(payload ? { body: payload as never } : {}),
  });
}

export const BILLING = {
  name: 'Ada Lovelace',
  line1: '12 St James’s Square',
  city: 'London',
  postcode: 'SW1A 1AA',
  country: 'United Kingdom',
};

/** The sandbox card fields' submission, as the /pay page sends it. */
export async function payWithCard(
  on: Caller,
  clientSecret: string,
  number: string,
  card: { expiry?: string; cvc?: string } = {},
) {
  return ok(on, sandboxConfirmCard, {
    body: {
      clientSecret,
      number,
      expiry: card.expiry ?? '12 / 30',
      cvc: card.cvc ?? '123',
      billing: BILLING,
    },
  });
}

/** The /pay page's call after the card step. */
export async function confirm(on: Caller, orderId: string) {
  return ok(on, confirmPayment, { params: { id: orderId } });
}

export async function checkoutStatus(on: Caller, orderId: string) {
  return ok(on, getCheckoutStatus, { params: { id: orderId } });
}

/**
 * For a file about what follows a payment: before each test the clock is set to
 * COURIER_TEST_NOW, the courier simulator reset and spies restored. Answers a count of the
 * BookShipment calls the courier has had since the current test began.
 */
export function useBookCallCount(t: TestApp): () => number {
  let base = 0;
  beforeEach(() => {
    t.clock.set(COURIER_TEST_NOW);
    t.courierSimulator!.control({ reset: true });
    base = t.courierSimulator!.calls().book;
    vi.restoreAllMocks();
  });
  return () => t.courierSimulator!.calls().book - base;
}
