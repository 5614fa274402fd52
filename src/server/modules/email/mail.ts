import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import { bareAddress } from '../../providers/email/compose.js';
import type { MailTransport } from '../../providers/email/email-provider.js';
import { createMailTransport, LocalMailbox } from '../../providers/email/index.js';
import type { SmtpTransportOptions } from '../../providers/email/smtp-transport.js';
import { Emails } from './emails.js';
import { MailDelivery, type MailDeliveryOptions } from './mail-delivery.js';
import { MailOutbox } from './outbox.js';

export const DEFAULT_MAIL_FROM = 'BoxAbroad <no-reply@boxabroad.localhost>';
export const DEFAULT_SALES_EMAIL = 'sales@boxabroad.localhost';

export interface MailConfig {
  /** SMTP_URL; without it the local mailbox is the transport. */
  smtpUrl?: string | undefined;
  /** SMTP timeouts (defaults: SMTP_TIMEOUT_DEFAULTS, decision 081). */
  smtp?: Omit<SmtpTransportOptions, 'url'>;
  /** MAIL_FROM header value. */
  from: string;
  salesEmail: string;
  /** Reply-To of every email that invites a reply; default: salesEmail. */
  replyTo?: string | undefined;
  siteUrl: string;
  delivery?: Partial<MailDeliveryOptions>;
}

/** Everything email: what features call, the outbox, the transport and its delivery. */
export interface MailDeps {
  /** The entry points features call inside their transaction. */
  emails: Emails;
  outbox: MailOutbox;
  transport: MailTransport;
  /**
   * The delivery: the `send-mail` job's handler, registered on the app's job queue by
   * `services.ts` (decision 056). Features call `worker.wake()` after committing an email;
   * tests run `worker.runOnce()`. It has no loop of its own.
   */
  worker: MailDelivery;
  /** The local mailbox, when it is the transport (no SMTP_URL): /dev/mail shows it. */
  mailbox?: LocalMailbox;
  /**
   * Closes the transport. Stop the job queue first (`background.ts`): it finishes or aborts the
   * deliveries in progress.
   */
  close(): Promise<void>;
}

export function mailConfigFromEnv(env: Env): MailConfig {
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    salesEmail: env.SALES_EMAIL ?? DEFAULT_SALES_EMAIL,
    replyTo: env.REPLY_TO_EMAIL ?? env.SALES_EMAIL ?? DEFAULT_SALES_EMAIL,
    siteUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    smtp: {
      connectionTimeoutMs: env.SMTP_CONNECT_TIMEOUT_MS,
      greetingTimeoutMs: env.SMTP_GREETING_TIMEOUT_MS,
      socketTimeoutMs: env.SMTP_SOCKET_TIMEOUT_MS,
    },
    delivery: {
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      breaker: { failures: env.MAIL_BREAKER_FAILURES, cooldownMs: env.MAIL_BREAKER_COOLDOWN_MS },
    },
  };
}

/** Builds the mail deps; `services.ts` attaches the delivery to the app's job queue. */
export function createMail(
  deps: { database: Database; clock: Clock; logger: Logger },
  config: MailConfig,
  transport: MailTransport = createMailTransport(config, deps.database, deps.clock),
): MailDeps {
  const domain = bareAddress(config.from).split('@')[1] ?? 'boxabroad.localhost';
  const outbox = new MailOutbox(deps.database, deps.clock, domain);
  const worker = new MailDelivery(
    {
      database: deps.database,
      transport,
      clock: deps.clock,
      logger: deps.logger.child({ component: 'mail' }),
      from: config.from,
    },
    config.delivery,
  );
  return {
    emails: new Emails(outbox, deps.clock, {
      salesEmail: config.salesEmail,
      replyTo: config.replyTo ?? config.salesEmail,
      siteUrl: config.siteUrl,
    }),
    outbox,
    transport,
    worker,
    ...(transport instanceof LocalMailbox ? { mailbox: transport } : {}),
    close: () => transport.close(),
  };
}
