import addressparser from 'nodemailer/lib/addressparser';
import MailComposer from 'nodemailer/lib/mail-composer';

export interface ComposeInput {
  /** Sender as a header value, e.g. `BoxAbroad <no-reply@boxabroad.example>`. */
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  date: Date;
  attachments: { filename: string; contentType: string; content: Uint8Array }[];
}

/**
 * Builds the whole MIME message (multipart/alternative text + HTML, attachments) with
 * nodemailer's composer. Both transports send exactly these bytes, so the local mailbox shows
 * what SMTP would carry. Attachments come from memory only: file and URL access are disabled.
 */
export async function composeMessage(input: ComposeInput): Promise<Buffer> {
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    subject: input.subject,
    html: input.html,
    text: input.text,
    messageId: input.messageId,
    date: input.date,
    attachments: input.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.content),
    })),
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}

/** The bare address of a header value such as `BoxAbroad <no-reply@x.example>`. */
export function bareAddress(headerValue: string): string {
  for (const entry of addressparser(headerValue)) {
    if ('address' in entry && entry.address) return entry.address;
  }
  throw new Error(`Not an email address: ${JSON.stringify(headerValue)}`);
}
