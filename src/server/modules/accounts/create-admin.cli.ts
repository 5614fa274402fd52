/**
 * Creates an admin account, or makes an existing account an admin (docs/operators.md):
 *   npm run admin:create -- --email ops@example.com [--name "Ops"] [--password …]
 * Without --password (or ADMIN_PASSWORD) the password is asked for, without echo, when the
 * account must be created; for an existing account it is kept unless one is given. Uses the
 * database the server uses: DATABASE_URL, else the embedded one under DATA_DIR.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { systemClock } from '../../clock.js';
import { openDatabase } from '../../db/client.js';
import { prepareDatabase } from '../../deps.js';
import { EnvError, parseEnv } from '../../env.js';
import { createOrPromoteAdmin } from './create-admin.js';

const usage =
  'Usage: npm run admin:create -- --email EMAIL [--name NAME] [--password PASSWORD]\n' +
  '  (or ADMIN_PASSWORD in the environment; asked for when creating an account without one)';

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
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
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
  const logger = pino({ level: 'warn' });
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: resolve(env.DATA_DIR, 'pglite') });
  try {
    await prepareDatabase(database, logger);
    const result = await createOrPromoteAdmin(
      { database, clock: systemClock, logger, authSecret: env.AUTH_SECRET },
      {
        email: values.email,
        name: values.name,
        password: values.password ?? process.env.ADMIN_PASSWORD,
        askPassword: () => askHidden('Password for the new admin account: '),
      },
    );
    process.stdout.write(
      result.created
        ? `Created the admin account ${values.email.trim().toLowerCase()}.\n`
        : `${values.email.trim().toLowerCase()} is now an admin.\n`,
    );
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  } finally {
    await database.close();
  }
}

await run();
