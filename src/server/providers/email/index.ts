import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import type { MailTransport } from './email-provider.js';
import { LocalMailbox } from './local-mailbox.js';
import { createSmtpTransport, type SmtpTransportOptions } from './smtp-transport.js';

export type { MailTransport } from './email-provider.js';
export { LocalMailbox } from './local-mailbox.js';

/** SMTP when a URL is given; otherwise the local mailbox in the database. */
export function createMailTransport(
  options: { smtpUrl?: string | undefined; smtp?: Omit<SmtpTransportOptions, 'url'> },
  database: Database,
  clock: Clock,
): MailTransport {
  return options.smtpUrl
    ? createSmtpTransport({ ...options.smtp, url: options.smtpUrl })
    : new LocalMailbox(database, clock);
}
