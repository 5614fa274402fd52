import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z.coerce
  .number({ message: 'must be a whole number between 0 and 65535' })
  .int('must be a whole number between 0 and 65535')
  .min(0, 'must be a whole number between 0 and 65535')
  .max(65535, 'must be a whole number between 0 and 65535');

const timeoutMs = z.coerce
  .number({ message: 'must be a whole number of milliseconds' })
  .int('must be a whole number of milliseconds')
  .min(1, 'must be at least 1 ms')
  .max(600_000, 'must be at most 600000 ms');

/** A credential: a stray space from copy-and-paste is refused rather than sent. */
const secret = z
  .string()
  .refine((value) => value === value.trim(), 'has leading or trailing spaces');

/** Variables whose values are never echoed in an error. */
const SECRET_VARIABLES = new Set([
  'COURIER_API_KEY',
  'COURIER_PASSWORD',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
]);

/** Every environment variable the server reads, with its default. `.env.example` mirrors this. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: 127.0.0.1 while any sandbox provider is active, else 0.0.0.0 (see listenHost). */
  HOST: z.string().min(1).optional(),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PUBLIC_URL: z.url('must be an absolute URL such as http://localhost:3000').optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),

  // Courier (docs/providers.md). `simulator` runs an in-process simulator of the courier's API.
  COURIER_PROVIDER: z.enum(['simulator', 'transglobal']).default('simulator'),
  COURIER_BASE_URL: z.url('must be an absolute URL such as https://services3.example').optional(),
  COURIER_API_KEY: secret.optional(),
  COURIER_PASSWORD: secret.optional(),
  COURIER_SIMULATOR_PORT: port.optional(),
  COURIER_QUOTE_TIMEOUT_MS: timeoutMs.default(60_000),
  COURIER_BOOK_TIMEOUT_MS: timeoutMs.default(90_000),
  COURIER_COMMODITY_TIMEOUT_MS: timeoutMs.default(15_000),
  COURIER_COUNTRIES_TIMEOUT_MS: timeoutMs.default(30_000),
  /** Production refuses sandbox providers unless this is `true` (set by `npm start` and e2e). */
  ALLOW_SANDBOX_PROVIDERS: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),

  // Email (docs/email.md). Without SMTP_URL mail goes to the local mailbox (/dev/mail).
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** Sender of every email, e.g. `BoxAbroad <no-reply@boxabroad.example>`. */
  MAIL_FROM: z
    .string()
    .regex(
      /^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/,
      'must be an address, optionally with a name: Name <a@b.c>',
    )
    .optional(),
  /** The sales mailbox that receives contact form messages. */
  SALES_EMAIL: z.email('must be an email address').optional(),
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(100, 'must be at least 100').default(2000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1, 'must be at least 1').default(8),

  // Card payments (docs/orders.md). `sandbox` behaves like the card provider's test mode.
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: secret
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: secret
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment; throws an EnvError naming every bad variable at once. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty value means "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = EnvSchema.safeParse(cleaned);
  const problems = result.success
    ? crossFieldProblems(result.data)
    : result.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(environment)';
        const value = cleaned[name];
        const shown = value === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      });
  if (result.success && problems.length === 0) return result.data;
  throw new EnvError(problems);
}

/** Sandbox providers this configuration runs: each one is for the person at this machine only. */
export function activeSandboxes(env: Env): string[] {
  const active: string[] = [];
  if (env.COURIER_PROVIDER === 'simulator') active.push('courier simulator');
  if (env.PAYMENT_PROVIDER === 'sandbox') active.push('card sandbox');
  if (!env.SMTP_URL) active.push('local mailbox');
  return active;
}

/**
 * The address the server listens on. While a sandbox is active (its local mailbox holds every
 * email with names, addresses and label links) the default is loopback only; an explicit HOST
 * wins, with a warning to log (docs/security.md).
 */
export function listenHost(env: Env): { host: string; warning?: string } {
  const sandboxes = activeSandboxes(env);
  if (!env.HOST) return { host: sandboxes.length > 0 ? '127.0.0.1' : '0.0.0.0' };
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(env.HOST);
  if (sandboxes.length > 0 && !loopback) {
    return {
      host: env.HOST,
      warning: `HOST=${env.HOST} exposes a sandbox (${sandboxes.join(', ')}) beyond this machine; the local mailbox and other /dev pages still answer loopback clients only`,
    };
  }
  return { host: env.HOST };
}

/** Rules that involve more than one variable. */
function crossFieldProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.COURIER_PROVIDER === 'transglobal') {
    for (const name of ['COURIER_BASE_URL', 'COURIER_API_KEY', 'COURIER_PASSWORD'] as const) {
      if (!env[name]) problems.push(`${name}: required when COURIER_PROVIDER=transglobal`);
    }
  }
  if (
    env.NODE_ENV === 'production' &&
    env.COURIER_PROVIDER === 'simulator' &&
    !env.ALLOW_SANDBOX_PROVIDERS
  ) {
    problems.push(
      'COURIER_PROVIDER: production refuses the courier simulator; set COURIER_PROVIDER=transglobal, or ALLOW_SANDBOX_PROVIDERS=true for a demo',
    );
  }
  if (env.PAYMENT_PROVIDER === 'stripe') {
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ] as const) {
      if (!env[name]) problems.push(`${name}: required when PAYMENT_PROVIDER=stripe`);
    }
  }
  if (
    env.NODE_ENV === 'production' &&
    env.PAYMENT_PROVIDER === 'sandbox' &&
    !env.ALLOW_SANDBOX_PROVIDERS
  ) {
    problems.push(
      'PAYMENT_PROVIDER: production refuses the card sandbox; set PAYMENT_PROVIDER=stripe with its keys, or ALLOW_SANDBOX_PROVIDERS=true for a demo',
    );
  }
  if (env.NODE_ENV === 'production' && !env.ALLOW_SANDBOX_PROVIDERS) {
    if (!env.SMTP_URL) {
      problems.push(
        'SMTP_URL: is required in production (emails would only reach the local mailbox); set ALLOW_SANDBOX_PROVIDERS=true to run a sandbox',
      );
    }
    for (const name of ['MAIL_FROM', 'SALES_EMAIL'] as const) {
      if (!env[name]) problems.push(`${name}: is required in production`);
    }
  }
  return problems;
}
