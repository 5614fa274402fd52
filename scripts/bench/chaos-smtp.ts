import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';

/** One message the chaos mail server received whole (DATA up to its final dot). */
export interface ChaosMail {
  messageId: string;
  /** The Subject header as it came (encoded words left as they are). */
  subject: string;
  from: string;
  to: string[];
  raw: Buffer;
}

/**
 * The chaos run's mail server on 127.0.0.1: it keeps every message it receives whole, by its
 * Message-ID. While `silent` it still takes the whole message (DATA and the final dot) and then
 * never answers, as a server that delivered the message and lost its reply: the site cannot know
 * and must not send it again.
 */
export class ChaosSmtpServer {
  readonly received: ChaosMail[] = [];
  /** Messages taken whole and never answered. */
  unanswered = 0;
  private silentNow = false;
  private server: SMTPServer | undefined;
  port = 0;

  get url(): string {
    return `smtp://chaos:chaos@127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      closeTimeout: 200,
      disableReverseLookup: true,
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          // The header, its folded lines unfolded.
          const head = (raw.toString('utf8').split(/\r?\n\r?\n/, 1)[0] ?? '').replace(
            /\r?\n[ \t]+/g,
            ' ',
          );
          const messageId = /^message-id:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? '(none)';
          this.received.push({
            messageId,
            subject: /^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '',
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          if (this.silentNow) {
            this.unanswered += 1;
            return; // the message is here; the answer never goes
          }
          callback(null, `Ok: queued as CH${this.received.length}`);
        });
      },
    });
    server.on('error', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.server = server;
  }

  /** From now on (until answer()), take each whole message and never answer it. */
  silent(): void {
    this.silentNow = true;
  }

  answer(): void {
    this.silentNow = false;
  }

  /** Sends one received message to this server again, as a site that resends would. */
  async sendAgain(mail: ChaosMail): Promise<void> {
    const transport = createTransport({ host: '127.0.0.1', port: this.port, secure: false });
    await transport.sendMail({ envelope: { from: mail.from, to: mail.to }, raw: mail.raw });
    transport.close();
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
