import { simpleParser, type ParsedMail } from 'mailparser';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { ProviderError } from '../provider-error.js';
import type { DeliveryReceipt, MailTransport, OutgoingMessage } from './email-provider.js';

export interface MailboxEntry {
  id: number;
  messageId: string;
  envelopeFrom: string;
  envelopeTo: string;
  subject: string;
  receivedAt: Date;
}

export interface MailboxMessage extends MailboxEntry {
  raw: Buffer;
  parsed: ParsedMail;
}

interface MailboxRow {
  id: number | string;
  message_id: string;
  envelope_from: string;
  envelope_to: string;
  subject: string;
  received_at: Date | string;
  raw?: Uint8Array;
}

/**
 * The sandbox transport: instead of SMTP, every message is kept in the database table
 * `mailbox_messages` with its full MIME source. Delivery is idempotent by Message-ID, so even a
 * repeated attempt leaves one copy. Read by `/dev/mail` and by tests.
 */
export class LocalMailbox implements MailTransport {
  readonly kind = 'mailbox' as const;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async delivered(messageId: string): Promise<DeliveryReceipt | null> {
    const [row] = await this.database.query<{ id: number | string }>(
      'SELECT id FROM mailbox_messages WHERE message_id = $1',
      [messageId],
    );
    return row
      ? { response: `250 stored in the local mailbox as #${row.id}`, queueId: `#${row.id}` }
      : null;
  }

  async send(message: OutgoingMessage): Promise<DeliveryReceipt> {
    if (message.signal?.aborted) {
      throw new ProviderError('email', 'ABORTED', true, 'Delivery aborted');
    }
    // Like a real server, the mailbox refuses the reserved `.invalid` domain (RFC 2606) for
    // good: how a failed email is made on purpose in development and the browser tests.
    const refused = message.envelope.to.find((to) => /\.invalid>?$/i.test(to.trim()));
    if (refused) {
      throw new ProviderError(
        'email',
        'RECIPIENT_REFUSED',
        false,
        `550 5.1.2 ${refused}: the .invalid domain never receives mail (local mailbox)`,
      );
    }
    const parsed = await simpleParser(message.raw);
    await message.commit();
    // The mailbox is our own table: the message is handed over only once its row is written,
    // and an attempt that ends before that delivered nothing (its retry writes it once, by
    // Message-ID). A process that dies between the commit and the row is found out by
    // `delivered`, never guessed.
    const rows = await this.database.query<{ id: number | string }>(
      `INSERT INTO mailbox_messages (message_id, envelope_from, envelope_to, subject, raw, received_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (message_id) DO NOTHING
       RETURNING id`,
      [
        message.messageId,
        message.envelope.from,
        message.envelope.to.join(', '),
        parsed.subject ?? '',
        message.raw,
        this.clock.now(),
      ],
    );
    message.handedOver?.();
    const id = rows[0]?.id;
    return id
      ? { response: `250 stored in the local mailbox as #${id}`, queueId: `#${id}` }
      : { response: '250 already in the local mailbox' };
  }

  async close(): Promise<void> {}

  /** Newest first. */
  async list(limit = 200): Promise<MailboxEntry[]> {
    const rows = await this.database.query<MailboxRow>(
      `SELECT id, message_id, envelope_from, envelope_to, subject, received_at
       FROM mailbox_messages ORDER BY id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(toEntry);
  }

  async get(id: number): Promise<MailboxMessage | undefined> {
    const rows = await this.database.query<MailboxRow>(
      `SELECT id, message_id, envelope_from, envelope_to, subject, received_at, raw
       FROM mailbox_messages WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row?.raw) return undefined;
    const raw = Buffer.from(row.raw);
    return { ...toEntry(row), raw, parsed: await simpleParser(raw) };
  }
}

function toEntry(row: MailboxRow): MailboxEntry {
  return {
    id: Number(row.id),
    messageId: row.message_id,
    envelopeFrom: row.envelope_from,
    envelopeTo: row.envelope_to,
    subject: row.subject,
    receivedAt: new Date(row.received_at),
  };
}
