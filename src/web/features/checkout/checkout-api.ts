import {
  CheckoutStatusSchema,
  PaymentSessionSchema,
  SandboxCardResultSchema,
  type CheckoutStatus,
  type PaymentSession,
  type SandboxCardInput,
  type SandboxCardResult,
} from '../../../domain/checkout.js';
import { apiRequest } from '../../lib/api.js';

const orderUrl = (id: string) => `/api/v1/orders/${encodeURIComponent(id)}`;

/** Pay: the payment for the server's price (created once, reused by repeated calls). */
export function startPayment(orderId: string): Promise<PaymentSession> {
  return apiRequest(`${orderUrl(orderId)}/payment`, PaymentSessionSchema, { method: 'POST' });
}

export function confirmPayment(orderId: string): Promise<CheckoutStatus> {
  return apiRequest(`${orderUrl(orderId)}/payment/confirm`, CheckoutStatusSchema, {
    method: 'POST',
  });
}

export function fetchCheckoutStatus(
  orderId: string,
  signal?: AbortSignal,
): Promise<CheckoutStatus> {
  return apiRequest(`${orderUrl(orderId)}/checkout`, CheckoutStatusSchema, { signal });
}

/** The card sandbox's confirm call (PAYMENT_PROVIDER=sandbox), as card fields call the provider. */
export function sandboxConfirmCard(input: SandboxCardInput): Promise<SandboxCardResult> {
  return apiRequest('/api/v1/payment-sandbox/confirm', SandboxCardResultSchema, {
    method: 'POST',
    body: input,
  });
}

export function sandboxAuthenticate(
  clientSecret: string,
  approve: boolean,
): Promise<SandboxCardResult> {
  return apiRequest('/api/v1/payment-sandbox/authenticate', SandboxCardResultSchema, {
    method: 'POST',
    body: { clientSecret, approve },
  });
}

/** Polls the booking until it is decided (or the signal aborts). */
export async function waitForOutcome(
  orderId: string,
  onUpdate: (status: CheckoutStatus) => void,
  signal: AbortSignal,
): Promise<CheckoutStatus> {
  for (;;) {
    const status = await fetchCheckoutStatus(orderId, signal);
    onUpdate(status);
    if (
      status.result !== 'pending' ||
      (status.status === 'draft' && status.payment?.status !== 'authorised')
    ) {
      return status;
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
  }
}
