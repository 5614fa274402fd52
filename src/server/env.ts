import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Variables whose values are never echoed in an error (SMTP_URL carries a password). */
const SECRET_VARIABLES = new Set(['SMTP_URL']);

/** Every environment variable the server reads, with its default. `.env.example` mirrors this. */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce
      .number({ message: 'must be a whole number between 0 and 65535' })
      .int('must be a whole number between 0 and 65535')
      .min(0, 'must be a whole number between 0 and 65535')
      .max(65535, 'must be a whole number between 0 and 65535')
      .default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
      .optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    PUBLIC_URL: z.url('must be an absolute URL such as http://localhost:3000').optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    /**
     * Lets NODE_ENV=production run on sandbox providers (local mailbox, simulators). `npm start`
     * and the browser tests set it; a real deployment must not.
     */
    ALLOW_SANDBOX_PROVIDERS: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    /** SMTP server for outgoing mail; without it mail goes to the local mailbox (/dev/mail). */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production' || env.ALLOW_SANDBOX_PROVIDERS) return;
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'is required in production (emails would only reach the local mailbox); set ALLOW_SANDBOX_PROVIDERS=true to run a sandbox',
      });
    }
    for (const name of ['MAIL_FROM', 'SALES_EMAIL'] as const) {
      if (!env[name]) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
      }
    }
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
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = cleaned[name];
    const shown = value === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${value}")`;
    return `${name}: ${issue.message}${shown}`;
  });
  throw new EnvError(problems);
}
