import { chmod, mkdir, unlink } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';
import {
  ADMIN_CREATE_ACTOR,
  ADMIN_REMOVE_ACTOR,
  OPERATOR_MESSAGES,
  type OperatorAccounts,
} from './operator-accounts.js';
import { errorMessage } from '../../error-message.js';

/**
 * The server's command channel (decision 073): a Unix domain socket in DATA_DIR that only the
 * machine's owner can reach (a 0700 folder, the socket 0600). A server on the embedded database
 * opens it, so that `npm run admin:create` and `admin:remove` run inside the one process that
 * owns the data directory instead of opening it a second time. One JSON line each way.
 */
export type OperatorCommand =
  | {
      command: 'create';
      email: string;
      name?: string | undefined;
      password?: string | undefined;
    }
  | { command: 'remove'; email: string };

export type OperatorReply =
  { ok: true; message: string } | { ok: false; message: string; needsPassword?: boolean };

const MAX_LINE_BYTES = 64 * 1024;

export const commandSocketPath = (dataDir: string) => join(dataDir, 'control', 'admin.sock');

/** Runs one command on the operator accounts and says what happened, in words. */
export async function runOperatorCommand(
  operators: OperatorAccounts,
  request: OperatorCommand,
  options: { askPassword?: () => Promise<string>; deliveredLater?: boolean } = {},
): Promise<OperatorReply> {
  try {
    if (request.command === 'remove') {
      const result = await operators.remove(request.email, ADMIN_REMOVE_ACTOR);
      return {
        ok: true,
        message:
          result.outcome === 'removed'
            ? `${result.email} is no longer an admin; every session of the account was signed out.`
            : `${result.email} is not an admin: nothing changed.`,
      };
    }
    const result = await operators.createOrInvite(
      {
        email: request.email,
        name: request.name,
        password: request.password,
        askPassword: options.askPassword,
      },
      ADMIN_CREATE_ACTOR,
    );
    if (result.outcome === 'created') {
      return { ok: true, message: `Created the admin account ${result.email}.` };
    }
    if (result.outcome === 'already-admin') {
      return { ok: true, message: `${result.email} is already an admin: nothing changed.` };
    }
    const lines = [
      `${result.email} already has an account, so it was not made an admin.`,
      `An invitation was emailed to ${result.email}: its link works once, until ` +
        `${result.expiresAt.toISOString()}. Whoever opens it chooses a new password, ` +
        'which signs out the account everywhere, and becomes an admin.',
    ];
    if (request.password !== undefined) lines.push('The password given was not used.');
    if (options.deliveredLater) lines.push('The email is sent when the site next starts.');
    return { ok: true, message: lines.join('\n') };
  } catch (error) {
    const message = errorMessage(error);
    return {
      ok: false,
      message,
      ...(message === OPERATOR_MESSAGES.needsPassword ? { needsPassword: true } : {}),
    };
  }
}

function parseCommand(line: string): OperatorCommand | undefined {
  try {
    const value = JSON.parse(line) as Partial<Record<string, unknown>>;
    const text = (key: string) =>
      typeof value[key] === 'string' ? (value[key] as string) : undefined;
    const email = text('email');
    if (!email) return undefined;
    if (value.command === 'remove') return { command: 'remove', email };
    if (value.command === 'create') {
      return { command: 'create', email, name: text('name'), password: text('password') };
    }
  } catch {
    // Not JSON: answered as an unknown command.
  }
  return undefined;
}

/** Reads one line from a socket (at most MAX_LINE_BYTES). */
function readLine(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    const onData = (chunk: Buffer) => {
      data += chunk.toString('utf8');
      const end = data.indexOf('\n');
      if (end >= 0) {
        socket.off('data', onData);
        resolve(data.slice(0, end));
      } else if (data.length > MAX_LINE_BYTES) {
        socket.destroy();
        reject(new Error('The command is too long.'));
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('end', () => reject(new Error('The server closed the command channel.')));
  });
}

/** Opens the channel; the process must own the data directory (its lock) first. */
export async function startCommandChannel(
  dataDir: string,
  operators: OperatorAccounts,
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
    socket.setTimeout(60_000, () => socket.destroy());
    socket.on('error', () => undefined);
    readLine(socket)
      .then(async (line) => {
        const request = parseCommand(line);
        const reply: OperatorReply = request
          ? await runOperatorCommand(operators, request)
          : { ok: false, message: 'Unknown command.' };
        log.info({ command: request?.command, ok: reply.ok }, 'operator command');
        socket.end(`${JSON.stringify(reply)}\n`);
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
 * Sends one command to the server that owns the data directory and returns its answer, or
 * undefined when no server listens there (not started yet, or a process that takes no commands).
 */
export async function sendOperatorCommand(
  dataDir: string,
  request: OperatorCommand,
): Promise<OperatorReply | undefined> {
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
  try {
    const reply = readLine(socket);
    socket.write(`${JSON.stringify(request)}\n`);
    return JSON.parse(await reply) as OperatorReply;
  } finally {
    socket.destroy();
  }
}
