import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { RawQuery } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import { SandboxPaymentProvider } from './sandbox/sandbox-payments.js';
import { StripePaymentProvider } from './stripe/stripe-payments.js';

export interface PaymentEnv {
  PAYMENT_PROVIDER: 'sandbox' | 'stripe';
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
}

/** The payment provider chosen by PAYMENT_PROVIDER (env.ts has already checked the keys). */
export function createPaymentProvider(
  env: PaymentEnv,
  deps: { query: RawQuery; clock: Clock; logger: Logger },
): PaymentProvider {
  if (env.PAYMENT_PROVIDER === 'stripe') {
    return new StripePaymentProvider({
      secretKey: env.STRIPE_SECRET_KEY ?? '',
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      logger: deps.logger,
    });
  }
  return new SandboxPaymentProvider(deps);
}
