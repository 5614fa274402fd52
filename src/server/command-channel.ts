import { chmod, mkdir, unlink } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { errorMessage } from './error-message.js';

/**
 * The site's command channel (decisions 073 and 093): a Unix domain socket in DATA_DIR that only
 * the machine account running the site (and root) can reach: a 0700 folder, the socket 0600. A
 * site on the embedded database opens it, so that a command line (`npm run admin:create`,
 * `admin:remove`, `backup`) runs inside the one process that owns the data directory instead of
 * opening it a second time. There is no password: the operating system's file permissions are the
 * check, and whoever passes it could read the data directory's files anyway.
 *
 * One request per connection: one JSON line naming its `command`. The answer is one JSON line
 * (`ok`, `message`, and what the command adds); a command that hands back a file (a backup) adds
 * `bytes`, and exactly that many bytes follow the line.
 */
export interface CommandReply {
  ok: boolean;
  message: string;
  [field: string]: unknown;
}

export interface CommandAnswer {
  reply: CommandReply;
  /** The file the command hands back, sent after the reply line. */
  body?: Uint8Array;
}

/** Runs one request (its parsed JSON line); a refusal is an answer with `ok: false`. */
export type CommandHandler = (request: Record<string, unknown>) => Promise<CommandAnswer>;
export type CommandHandlers = Readonly<Record<string, CommandHandler>>;

/** The longest request or reply line, in bytes. */
const MAX_LINE_BYTES = 64 * 1024;
/** A connection with nothing sent or received for this long is closed. */
const IDLE_MS = 60_000;

export const commandSocketPath = (dataDir: string) => join(dataDir, 'control', 'admin.sock');

/**
 * Reads one line from a socket (at most MAX_LINE_BYTES), answering it and the bytes that came
 * after it in the same chunks. Stops listening once the line is in.
 */
function readLine(socket: Socket): Promise<{ line: string; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0);
    const stop = () => {
      socket.off('data', onData);
      socket.off('error', reject);
      socket.off('end', onEnd);
    };
    const onData = (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf(0x0a);
      if (end >= 0) {
        stop();
        socket.pause();
        resolve({ line: data.subarray(0, end).toString('utf8'), rest: data.subarray(end + 1) });
      } else if (data.length > MAX_LINE_BYTES) {
        stop();
        socket.destroy();
        reject(new Error('The command channel sent a line that is too long.'));
      }
    };
    const onEnd = () => {
      stop();
      reject(new Error('The command channel closed before it answered.'));
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('end', onEnd);
  });
}

function parseRequest(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Not JSON: answered as an unknown command.
  }
  return undefined;
}

/** Opens the channel; the process must own the data directory (its lock) first. */
export async function startCommandChannel(
  dataDir: string,
  handlers: CommandHandlers,
  logger: Logger,
): Promise<{ path: string; close(): Promise<void> }> {
  const path = commandSocketPath(dataDir);
  const folder = join(dataDir, 'control');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  // Left by a process that was killed: this one holds the lock, so nobody else listens there.
  await unlink(path).catch(() => undefined);
  const log = logger.child({ component: 'command-channel' });
  const server: Server = createServer((socket) => {
    socket.setTimeout(IDLE_MS, () => socket.destroy());
    socket.on('error', () => undefined);
    readLine(socket)
      .then(async ({ line }) => {
        const request = parseRequest(line);
        const command = typeof request?.command === 'string' ? request.command : undefined;
        const handler = command && Object.hasOwn(handlers, command) ? handlers[command] : undefined;
        const started = performance.now();
        let answer: CommandAnswer;
        try {
          answer =
            handler && request
              ? await handler(request)
              : { reply: { ok: false, message: 'Unknown command.' } };
        } catch (error) {
          answer = { reply: { ok: false, message: errorMessage(error) } };
        }
        const { reply, body } = answer;
        log.info(
          {
            command,
            ok: reply.ok,
            ms: Math.round(performance.now() - started),
            ...(body ? { bytes: body.byteLength } : {}),
          },
          'command run',
        );
        const header = `${JSON.stringify(body ? { ...reply, bytes: body.byteLength } : reply)}\n`;
        if (body) {
          socket.write(header);
          socket.end(body);
        } else {
          socket.end(header);
        }
      })
      .catch(() => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(path, 0o600);
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        void unlink(path).catch(() => undefined);
      }),
  };
}

/**
 * Sends one request to the site that owns the data directory and returns its answer (with the
 * file it handed back, all of it or an error), or undefined when no site listens there (not
 * started yet, or a process that takes no commands).
 */
export async function sendCommand(
  dataDir: string,
  request: { command: string; [field: string]: unknown },
): Promise<CommandAnswer | undefined> {
  const socket = createConnection(commandSocketPath(dataDir));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
  } catch {
    socket.destroy();
    return undefined;
  }
  socket.on('error', () => undefined);
  try {
    const answered = readLine(socket);
    socket.write(`${JSON.stringify(request)}\n`);
    const { line, rest } = await answered;
    const reply = JSON.parse(line) as CommandReply;
    if (typeof reply.bytes !== 'number') return { reply };
    return { reply, body: await readBody(socket, rest, reply.bytes) };
  } finally {
    socket.destroy();
  }
}

/** Reads the rest of the answer: exactly `bytes` bytes, or an error naming how many came. */
function readBody(socket: Socket, first: Buffer, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks = [first];
    let received = first.length;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    });
    const finish = () => {
      if (received === bytes) resolve(Buffer.concat(chunks, received));
      else
        reject(
          new Error(
            `The site's answer was cut short: ${received} of ${bytes} bytes arrived. Nothing was written.`,
          ),
        );
    };
    socket.once('end', finish);
    socket.once('close', finish);
    socket.resume();
  });
}
