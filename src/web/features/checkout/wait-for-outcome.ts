import { getCheckoutStatus } from '#src/domain/api/checkout.js';
import type { CheckoutStatus } from '#src/domain/checkout.js';
import { callApi } from '../../lib/api.js';

/** Polls the booking until it is decided (or the signal aborts). */
export async function waitForOutcome(
  orderId: string,
  onUpdate: (status: CheckoutStatus) => void,
  signal: AbortSignal,
): Promise<CheckoutStatus> {
  for (;;) {
    const status = await callApi(getCheckoutStatus, { params: { id: orderId }, signal });
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
