import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import { bareAddress } from '../../providers/email/compose.js';
import type { MailTransport } from '../../providers/email/email-provider.js';
import { createMailTransport, LocalMailbox } from '../../providers/email/index.js';
import { EmailService } from './email.service.js';
import { MailWorker, type MailWorkerOptions } from './mail-worker.js';
import { MailOutbox } from './outbox.js';

export const DEFAULT_MAIL_FROM = 'BoxAbroad <no-reply@boxabroad.localhost>';
export const DEFAULT_SALES_EMAIL = 'sales@boxabroad.localhost';

export interface MailConfig {
  /** SMTP_URL; without it the local mailbox is the transport. */
  smtpUrl?: string | undefined;
  /** MAIL_FROM header value. */
  from: string;
  salesEmail: string;
  siteUrl: string;
  worker?: Partial<MailWorkerOptions>;
}

/** Everything email: what features call, the outbox, the transport and its worker. */
export interface MailDeps {
  /** The entry points features call inside their transaction. */
  emails: EmailService;
  outbox: MailOutbox;
  transport: MailTransport;
  worker: MailWorker;
  /** The local mailbox, when it is the transport (no SMTP_URL): /dev/mail shows it. */
  mailbox?: LocalMailbox;
  /** Stops the worker (waiting for deliveries in progress) and closes the transport. */
  close(): Promise<void>;
}

export function mailConfigFromEnv(env: Env): MailConfig {
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    salesEmail: env.SALES_EMAIL ?? DEFAULT_SALES_EMAIL,
    siteUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    worker: {
      pollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
    },
  };
}

/** Builds the mail deps; the worker is not started (main's createDeps starts it). */
export function createMail(
  deps: { database: Database; clock: Clock; logger: Logger },
  config: MailConfig,
  transport: MailTransport = createMailTransport(config, deps.database, deps.clock),
): MailDeps {
  const domain = bareAddress(config.from).split('@')[1] ?? 'boxabroad.localhost';
  const outbox = new MailOutbox(deps.database, deps.clock, domain);
  const worker = new MailWorker(
    {
      database: deps.database,
      transport,
      clock: deps.clock,
      logger: deps.logger.child({ component: 'mail-worker' }),
      from: config.from,
    },
    config.worker,
  );
  return {
    emails: new EmailService(outbox, deps.clock, {
      salesEmail: config.salesEmail,
      siteUrl: config.siteUrl,
    }),
    outbox,
    transport,
    worker,
    ...(transport instanceof LocalMailbox ? { mailbox: transport } : {}),
    close: async () => {
      await worker.stop();
      await transport.close();
    },
  };
}
