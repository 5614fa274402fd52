/**
 * Loaded into a chaos app process (`node --import tsx --import ./scripts/bench/chaos-card-tap.ts`)
 * when CHAOS_CARD_LOG names a file: every capture the site asks of the card sandbox is written
 * there as one JSON line, `{ id, before }`, with the payment's state at the sandbox just before.
 * The sandbox answers a capture of a payment it already captured as done, as if nothing happened;
 * this is how the chaos run still sees the site ask for one (as the courier proxy sees bookings).
 */
import { appendFileSync } from 'node:fs';
import { SandboxPaymentProvider } from '../../src/server/providers/payment/sandbox/sandbox-payments.js';

const file = process.env.CHAOS_CARD_LOG;
if (file) {
  const capture = SandboxPaymentProvider.prototype.capture;
  SandboxPaymentProvider.prototype.capture = async function tapped(
    this: SandboxPaymentProvider,
    id: string,
  ) {
    const before = await this.retrievePayment(id).then(
      (p) => p.status,
      () => 'unknown',
    );
    appendFileSync(file, `${JSON.stringify({ id, before })}\n`);
    return capture.call(this, id);
  };
}
