/**
 * The operator commands (docs/operators.md, "Admin accounts"):
 *   npm run admin:create -- --email ops@example.com [--name "Ops"] [--password …]
 *   npm run admin:remove -- --email ops@example.com
 * admin:create creates a NEW account as a verified admin (password from --password, else
 * ADMIN_PASSWORD, else asked for without echo); an email that already has an account is sent a
 * one-time invitation instead. admin:remove takes the role away and signs the account out.
 * On the embedded database, while the site runs, the command goes to the site through its
 * command channel (decision 073): the data directory is never opened by two processes. Without
 * a running site, or with DATABASE_URL, it opens the database itself.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { systemClock } from '../clock.js';
import { openDatabase, type Database } from '../db/client.js';
import { DataDirectoryInUseError, setLockPurpose } from '../db/data-dir-lock.js';
import { prepareDatabase, privateDataDirLogged } from '../deps.js';
import { EnvError, parseEnv } from '../env.js';
import {
  runOperatorCommand,
  sendOperatorCommand,
  type OperatorCommand,
  type OperatorReply,
} from '../modules/accounts/index.js';
import { openOperatorAccounts } from '../operator-commands.js';
import { errorMessage } from '../error-message.js';
import { keepNewFilesPrivate } from '../private-files.js';

const usage =
  'Usage: npm run admin:create -- --email EMAIL [--name NAME] [--password PASSWORD]\n' +
  '  (or ADMIN_PASSWORD in the environment; asked for when creating an account without one)\n' +
  '       npm run admin:remove -- --email EMAIL';

function fail(message: string): void {
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
}

/** Reads a line from the terminal without echoing it. */
async function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  if (!stdin.isTTY) {
    // Piped in: the first line.
    let data = '';
    for await (const chunk of stdin) {
      data += String(chunk);
      if (data.includes('\n')) break;
    }
    stdout.write('\n');
    return data.split(/\r?\n/)[0] ?? '';
  }
  return new Promise((done) => {
    let typed = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const onData = (key: string) => {
      for (const ch of key) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stdout.write('\n');
          done(typed);
          return;
        }
        if (ch === '\u0003') process.kill(process.pid, 'SIGINT');
        else if (ch === '\u007f') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function run(): Promise<void> {
  // Before anything opens the data: what this command creates is its user's alone (decision 114).
  keepNewFilesPrivate();
  const values = commandLine();
  if (!values) return;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (!values.email) return fail(`--email is required.\n${usage}`);

  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) return fail(error.problems.join('\n'));
    throw error;
  }
  const request: OperatorCommand = values.remove
    ? { command: 'remove', email: values.email }
    : {
        command: 'create',
        email: values.email,
        name: values.name,
        password: values.password ?? process.env.ADMIN_PASSWORD,
      };
  const askPassword = () => askHidden('Password for the new admin account: ');
  const command = values.remove ? 'npm run admin:remove' : 'npm run admin:create';
  setLockPurpose(command);

  const logger = pino({ level: 'warn' });
  let database: Database;
  try {
    if (!env.DATABASE_URL) await privateDataDirLogged(resolve(env.DATA_DIR), logger);
    database = env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
      : await openDatabase({ kind: 'pglite', dataDir: resolve(env.DATA_DIR, 'pglite') });
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error;
    return throughTheSite(resolve(env.DATA_DIR), request, askPassword, error.message, command);
  }
  try {
    await prepareDatabase(database, logger);
    const { operators, close } = await openOperatorAccounts({
      database,
      clock: systemClock,
      logger,
      authSecret: env.AUTH_SECRET,
      siteUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    });
    try {
      report(
        await runOperatorCommand(operators, request, {
          askPassword,
          // With PostgreSQL a running site delivers it now; the embedded one is not running.
          deliveredLater: database.kind === 'pglite',
        }),
      );
    } finally {
      await close();
    }
  } catch (error) {
    fail(errorMessage(error));
  } finally {
    await database.close();
  }
}

/** The command line's options; undefined (the problem printed) when they do not parse. */
function commandLine() {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        remove: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail(`${errorMessage(error)}\n${usage}`);
    return undefined;
  }
}

/** The site owns the embedded database: the command runs there, through its command channel. */
async function throughTheSite(
  dataDir: string,
  request: OperatorCommand,
  askPassword: () => Promise<string>,
  inUse: string,
  command: string,
): Promise<void> {
  let reply = await sendOperatorCommand(dataDir, request);
  if (reply && !reply.ok && reply.needsPassword && request.command === 'create') {
    reply = await sendOperatorCommand(dataDir, { ...request, password: await askPassword() });
  }
  if (!reply) {
    return fail(
      `${inUse} It does not take commands (yet): if it is the site, run ${command} ` +
        'again once it has started; otherwise stop it first.',
    );
  }
  return report(reply);
}

function report(reply: OperatorReply): void {
  if (reply.ok) process.stdout.write(`${reply.message}\n`);
  else fail(reply.message);
}

await run();
