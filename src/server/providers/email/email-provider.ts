/**
 * The email port: how the mail delivery (a `send-mail` job) hands one composed message to the
 * world. Implementations: SMTP through nodemailer (`smtp-transport.ts`, when SMTP_URL is set) and the local mailbox
 * (`local-mailbox.ts`, development, tests and sandboxes). Failures are thrown as ProviderError
 * (provider 'email') with one of the codes below.
 */

export interface MailEnvelope {
  /** Bare address of the sender (MAIL FROM). */
  from: string;
  /** Bare addresses of the recipients (RCPT TO). */
  to: string[];
}

export interface OutgoingMessage {
  /** The Message-ID header, e.g. `<3f2a…@boxabroad.example>`; the same on every attempt. */
  messageId: string;
  envelope: MailEnvelope;
  /** The whole MIME message (headers and body), as it goes over the wire. */
  raw: Buffer;
  /**
   * The transport calls this once, just before the point of no return (SMTP: before the final
   * "." that ends DATA). It records in the outbox that the message may now be delivered; if it
   * throws (the worker lost its lease), the transport must abandon the message without sending
   * that point of no return.
   */
  commit: () => Promise<void>;
  /**
   * The transport calls this once it has handed the point of no return itself to the connection
   * (SMTP: the final "." was given to the socket). A failure before this call, even after
   * commit(), means the server cannot have accepted the message: sending it again is safe.
   */
  handedOver?: () => void;
  /** Aborts the delivery (worker shutdown). */
  signal?: AbortSignal;
}

export interface DeliveryReceipt {
  /** What the receiving server said, e.g. `250 2.0.0 Ok: queued as 1234`. */
  response: string;
  /** The server's id for the message in its queue, when its reply names one (`ABC123`). */
  queueId?: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  send(message: OutgoingMessage): Promise<DeliveryReceipt>;
  /**
   * Where the transport can tell (the local mailbox: a table of our own database), whether a
   * message reached it, by Message-ID: its receipt, or null when it never arrived. An SMTP
   * server cannot be asked, so an attempt that ended after the final dot stays `unknown` there.
   */
  delivered?(messageId: string): Promise<DeliveryReceipt | null>;
  close(): Promise<void>;
}

/**
 * Codes of ProviderError('email', …):
 * - `UNAVAILABLE`: the server could not be reached or dropped the connection (retryable)
 * - `TEMPORARY_FAILURE`: the server answered 4xx (retryable)
 * - `REJECTED`: the server answered 5xx (not retryable)
 * - `ABORTED`: the delivery was aborted by the worker (retryable)
 * - `LEASE_LOST`: commit() refused; another worker owns the message (nothing to record)
 */
export type MailErrorCode =
  'UNAVAILABLE' | 'TEMPORARY_FAILURE' | 'REJECTED' | 'ABORTED' | 'LEASE_LOST';
