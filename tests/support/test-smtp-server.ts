import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  parsed: ParsedMail;
  /** The queue id the server named in its 250 reply (`Ok: queued as <id>`). */
  queueId?: string;
}

/** A gate a test opens when it wants the server to go on. */
export interface Gate {
  /** Resolves when the server has reached the gate. */
  reached: Promise<void>;
  open(): void;
}

function gate(): Gate & { arrive(): Promise<void> } {
  let arrived!: () => void;
  let opened!: () => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const open = new Promise<void>((resolve) => (opened = resolve));
  return {
    reached,
    open: () => opened(),
    arrive: () => {
      arrived();
      return open;
    },
  };
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 that keeps every message it
 * accepts. A message counts as received once its DATA is complete (the final "."), as on a real
 * server, whatever the reply; tests can hold the reply to RCPT TO or to DATA, or make the reply
 * to DATA an error.
 */
export class TestSmtpServer {
  /** Messages accepted (complete DATA, not refused by dataReply), in order. */
  readonly received: ReceivedMail[] = [];
  /** Messages whose DATA was answered with an error by dataReply. */
  readonly rejected: ReceivedMail[] = [];
  /** Answer to the next DATA: undefined for 250, or an SMTP error (e.g. 451, 550). */
  dataReply: ((mail: ReceivedMail) => { code: number; message: string } | undefined) | undefined;
  private rcptGate: ReturnType<typeof gate> | undefined;
  private dataGate: ReturnType<typeof gate> | undefined;
  private server: SMTPServer | undefined;
  private waiters: (() => void)[] = [];
  /** Connections held before the greeting while the server is hung. */
  private hung: (() => void)[] | undefined;
  private connectionWaiters: (() => void)[] = [];
  /** Connections the server accepted (TCP), hung or not. */
  connections = 0;
  private queued = 0;
  port = 0;

  constructor(readonly credentials = { user: 'mailer', pass: 's3cret' }) {}

  get url(): string {
    const { user, pass } = this.credentials;
    return `smtp://${user}:${pass}@127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      closeTimeout: 200,
      disableReverseLookup: true,
      onConnect: (_session, callback) => {
        this.connections++;
        for (const wake of this.connectionWaiters.splice(0)) wake();
        if (!this.hung) return callback();
        this.hung.push(() => callback());
      },
      onAuth: (auth, _session, callback) => {
        if (auth.username === this.credentials.user && auth.password === this.credentials.pass) {
          return callback(null, { user: auth.username });
        }
        return callback(new Error('Invalid username or password'));
      },
      onRcptTo: (_address, _session, callback) => {
        const held = this.rcptGate;
        this.rcptGate = undefined;
        if (!held) return callback();
        void held.arrive().then(() => callback());
      },
      onData: (stream, session, callback) => {
        void this.onData(stream, session).then(
          (reply) => {
            if (!reply) return callback(null, `Ok: queued as ${this.lastQueueId()}`);
            const error = new Error(reply.message) as Error & { responseCode: number };
            error.responseCode = reply.code;
            callback(error);
          },
          (error: Error) => callback(error),
        );
      },
    });
    server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.server.address();
    this.port = typeof address === 'object' && address ? address.port : this.port;
    this.server = server;
  }

  /** Stops listening and drops open connections; start() again listens on the same port. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Hangs: every new connection is accepted but never greeted (a mail server that is up but
   * stuck), until recover().
   */
  hang(): void {
    this.hung ??= [];
  }

  /** Greets the connections held by hang() (their clients have usually given up) and new ones. */
  recover(): void {
    const held = this.hung ?? [];
    this.hung = undefined;
    for (const greet of held) greet();
  }

  /** Resolves once at least `count` connections were accepted. */
  async waitForConnections(count: number): Promise<void> {
    while (this.connections < count) {
      await new Promise<void>((resolve) => this.connectionWaiters.push(resolve));
    }
  }

  private lastQueueId(): string {
    return this.received.at(-1)?.queueId ?? '';
  }

  /** The next RCPT TO waits for the gate (the client is mid-send, before DATA). */
  holdRcpt(): Gate {
    this.rcptGate = gate();
    return this.rcptGate;
  }

  /** The reply to the next complete DATA waits for the gate (the message is already here). */
  holdDataReply(): Gate {
    this.dataGate = gate();
    return this.dataGate;
  }

  /** Resolves once at least `count` messages were received. */
  async waitForMessages(count: number): Promise<ReceivedMail[]> {
    while (this.received.length < count) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return this.received;
  }

  private async onData(stream: SMTPServerDataStream, session: SMTPServerSession) {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const mail: ReceivedMail = {
      envelope: {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
      },
      raw,
      parsed: await simpleParser(raw),
    };
    const reply = this.dataReply?.(mail);
    if (reply) {
      this.rejected.push(mail);
      return reply;
    }
    mail.queueId = `TQ${String(++this.queued).padStart(6, '0')}`;
    this.received.push(mail);
    for (const wake of this.waiters.splice(0)) wake();
    const held = this.dataGate;
    this.dataGate = undefined;
    if (held) await held.arrive();
    return undefined;
  }
}
