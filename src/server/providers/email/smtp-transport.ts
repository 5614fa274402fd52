import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { ProviderError } from '../provider-error.js';
import type { DeliveryReceipt, MailTransport, OutgoingMessage } from './email-provider.js';

export interface SmtpTransportOptions {
  /** e.g. `smtp://user:pass@smtp.example.com:587` (STARTTLS when offered) or `smtps://…:465`. */
  url: string;
  /** Time to open the TCP (and TLS) connection. */
  connectionTimeoutMs?: number;
  /** Time to wait for the server's greeting. */
  greetingTimeoutMs?: number;
  /** Longest silence of the server during the conversation. */
  socketTimeoutMs?: number;
}

interface SmtpTarget {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
}

/**
 * A hung server holds a delivery slot for at most these (decision 081): a healthy server greets
 * within a second and takes a confirmation with its PDFs in well under one; 30 s of silence is
 * a server that is not coming back for this message.
 */
export const SMTP_TIMEOUT_DEFAULTS = {
  connectionTimeoutMs: 10_000,
  greetingTimeoutMs: 10_000,
  socketTimeoutMs: 30_000,
} as const;

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** Reads SMTP_URL; the password never appears in an error. */
export function parseSmtpUrl(value: string): SmtpTarget {
  const url = new URL(value);
  const secure = url.protocol === 'smtps:';
  if (!secure && url.protocol !== 'smtp:') throw new Error('SMTP_URL must be smtp:// or smtps://');
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
  };
}

/** How each connection is opened (exported for tests). */
export function smtpConnectionOptions(
  target: SmtpTarget,
  options: Omit<SmtpTransportOptions, 'url'> = {},
) {
  return {
    host: target.host,
    port: target.port,
    secure: target.secure,
    // Credentials never cross the network in clear text: without implicit TLS (smtps://) the
    // server must offer STARTTLS, except on this machine (a local relay or test server).
    requireTLS: !target.secure && !!target.auth && !isLoopback(target.host),
    connectionTimeout: options.connectionTimeoutMs ?? SMTP_TIMEOUT_DEFAULTS.connectionTimeoutMs,
    greetingTimeout: options.greetingTimeoutMs ?? SMTP_TIMEOUT_DEFAULTS.greetingTimeoutMs,
    socketTimeout: options.socketTimeoutMs ?? SMTP_TIMEOUT_DEFAULTS.socketTimeoutMs,
    logger: false,
  };
}

/**
 * SMTP with nodemailer's SMTP connection, one connection per message (never a pool: a pool
 * silently re-sends a message on another connection when one drops, which could deliver it
 * twice). STARTTLS is used whenever the server offers it, and required before logging in to a
 * server that is not on this machine.
 *
 * The message is handed over as a stream that nodemailer reads only after the server's 354 reply
 * to DATA, and that calls `commit()` before it ends: the final "." (the moment the server may
 * accept the message) is only written after the outbox has recorded it. Before the commit the
 * server has nothing it can deliver, so sending again is safe.
 */
export function createSmtpTransport(options: SmtpTransportOptions): MailTransport {
  const target = parseSmtpUrl(options.url);
  const connectionOptions = smtpConnectionOptions(target, options);

  return {
    kind: 'smtp',
    async send(message: OutgoingMessage): Promise<DeliveryReceipt> {
      let leaseLost = false;
      const raw = streamWithCommit(
        message.raw,
        async () => {
          try {
            await message.commit();
          } catch (error) {
            leaseLost = true;
            throw error;
          }
        },
        () => message.handedOver?.(),
      );
      try {
        const response = await deliver(
          new SMTPConnection(connectionOptions),
          target.auth,
          message,
          raw,
        );
        const queueId = queueIdOf(response);
        return queueId ? { response, queueId } : { response };
      } catch (error) {
        if (leaseLost) {
          throw new ProviderError('email', 'LEASE_LOST', false, 'Another worker owns this mail', {
            cause: error,
          });
        }
        throw smtpError(error);
      } finally {
        raw.destroy();
      }
    },
    async close() {},
  };
}

/** One SMTP conversation: connect, log in, send, quit. Settles once, whatever happens. */
function deliver(
  connection: SMTPConnection,
  auth: SmtpTarget['auth'],
  message: OutgoingMessage,
  raw: Readable,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, response?: string) => {
      if (settled) return;
      settled = true;
      message.signal?.removeEventListener('abort', onAbort);
      if (error) {
        connection.close();
        reject(error);
      } else {
        connection.quit();
        resolve(response ?? '');
      }
    };
    const onAbort = () => {
      const error = new Error('Message sending aborted') as Error & { code: string };
      error.name = 'AbortError';
      error.code = 'EABORT';
      finish(error);
    };
    if (message.signal?.aborted) return onAbort();
    message.signal?.addEventListener('abort', onAbort, { once: true });
    connection.on('error', (error: unknown) => finish(error));
    connection.on('end', () => {
      const error = new Error('Connection closed before the message was accepted') as Error & {
        code: string;
      };
      error.code = 'ECONNECTION';
      finish(error);
    });
    connection.connect((error?: Error | null) => {
      if (error) return finish(error);
      const send = () =>
        connection.send(
          { from: message.envelope.from, to: [...message.envelope.to] },
          raw,
          (sendError, info) => finish(sendError, info?.response),
        );
      if (!auth) return send();
      connection.login(auth, (loginError) => (loginError ? finish(loginError) : send()));
    });
  });
}

/**
 * Emits the message, then waits for commit() before ending (or fails without ending). Ending
 * is what makes nodemailer write the final "."; `handedOver` is told when that happens, and
 * not when the connection broke while commit() was still being recorded.
 */
function streamWithCommit(
  content: Buffer,
  commit: () => Promise<void>,
  handedOver: () => void,
): Readable {
  let stage: 'content' | 'commit' | 'done' = 'content';
  return new Readable({
    read() {
      if (stage === 'content') {
        stage = 'commit';
        this.push(content);
      } else if (stage === 'commit') {
        stage = 'done';
        commit().then(
          () => {
            if (this.destroyed) return;
            handedOver();
            this.push(null);
          },
          (error: unknown) =>
            this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      }
    },
  });
}

/**
 * The server's queue id in its reply to DATA, as the common servers word it: Postfix
 * `250 2.0.0 Ok: queued as 4XyZ12`, Exim `250 OK id=1rAbCd-000123-Xy`, Sendmail
 * `250 2.0.0 4AB1cD3e Message accepted for delivery`, or an `<id>` in angle brackets.
 */
export function queueIdOf(response: string): string | undefined {
  const patterns = [
    /queued as:?\s+<?([\w.@:+-]+?)>?(?:\s|$)/i,
    /\bid=([\w.@:+-]+)/i,
    /^2\d\d[ -](?:\d\.\d\.\d+\s+)?([\w-]{6,})\s+message accepted/i,
    /<([^<>\s]{4,200})>/,
  ];
  for (const pattern of patterns) {
    const found = pattern.exec(response)?.[1];
    if (found) return found.slice(0, 200);
  }
  return undefined;
}

interface NodemailerError {
  name?: string;
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** nodemailer's errors in our words; the message never carries credentials. */
export function smtpError(error: unknown): ProviderError {
  const e = (error ?? {}) as NodemailerError;
  const detail = e.response ?? e.message ?? String(error);
  if (e.name === 'AbortError' || e.code === 'EABORT') {
    return new ProviderError('email', 'ABORTED', true, 'Delivery aborted', { cause: error });
  }
  if (e.responseCode && e.responseCode >= 500) {
    return new ProviderError('email', 'REJECTED', false, `Rejected: ${detail}`, { cause: error });
  }
  if (e.responseCode && e.responseCode >= 400) {
    return new ProviderError('email', 'TEMPORARY_FAILURE', true, `Deferred: ${detail}`, {
      cause: error,
    });
  }
  const code = e.code ? `${e.code}: ` : '';
  return new ProviderError('email', 'UNAVAILABLE', true, `${code}${e.message ?? detail}`, {
    cause: error,
  });
}
