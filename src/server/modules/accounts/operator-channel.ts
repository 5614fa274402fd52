import {
  ADMIN_CREATE_ACTOR,
  ADMIN_REMOVE_ACTOR,
  OPERATOR_MESSAGES,
  type OperatorAccounts,
} from './operator-accounts.js';
import { errorMessage } from '../../error-message.js';
import { sendCommand, type CommandHandlers } from '../../command-channel.js';

/**
 * The operator commands on the site's command channel (`src/server/command-channel.ts`,
 * decision 073): a site on the embedded database runs `npm run admin:create` and `admin:remove`
 * itself, so that they never open its data directory a second time.
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

function parseCommand(value: Record<string, unknown>): OperatorCommand | undefined {
  const text = (key: string) => {
    const field = value[key];
    return typeof field === 'string' ? field : undefined;
  };
  const email = text('email');
  if (!email) return undefined;
  if (value.command === 'remove') return { command: 'remove', email };
  if (value.command === 'create') {
    return { command: 'create', email, name: text('name'), password: text('password') };
  }
  return undefined;
}

/** The channel's `create` and `remove` commands, run on the site's operator accounts. */
export function operatorCommandHandlers(operators: OperatorAccounts): CommandHandlers {
  const handle = async (value: Record<string, unknown>) => {
    const request = parseCommand(value);
    return {
      reply: request
        ? await runOperatorCommand(operators, request)
        : { ok: false, message: 'Unknown command.' },
    };
  };
  return { create: handle, remove: handle };
}

/**
 * Sends one operator command to the site that owns the data directory and returns its answer,
 * or undefined when no site listens there (not started yet, or a process that takes no commands).
 */
export async function sendOperatorCommand(
  dataDir: string,
  request: OperatorCommand,
): Promise<OperatorReply | undefined> {
  const answer = await sendCommand(dataDir, request);
  return answer?.reply as OperatorReply | undefined;
}
