import { resolve } from 'node:path';
import { buildApp } from './app.js';
import { DataDirectoryUnusableError } from './db/client.js';
import { DataDirectoryInUseError, setLockPurpose } from './db/data-dir-lock.js';
import { DatabaseUnreachableError } from './db/wait-for-server.js';
import { operatorCommandHandlers } from './modules/accounts/index.js';
import { backupCommandHandlers } from './backup.js';
import { startCommandChannel } from './command-channel.js';
import { createDeps } from './deps.js';
import { startBackgroundWork } from './background.js';
import { EnvError, listenHost, parseEnv } from './env.js';
import { createLogger } from './logging.js';
import { DataDirectoryNotPrivateError, keepNewFilesPrivate } from './private-files.js';

async function main() {
  // Before anything opens the data: what this process creates is its own user's alone (decision
  // 114). createDeps then makes the data directory private, however it was left.
  keepNewFilesPrivate();
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`BoxAbroad cannot start. ${error.message}\nSee .env.example.\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger({ level: env.LOG_LEVEL, base: { service: 'boxabroad' } });
  const started = performance.now();
  setLockPurpose('the BoxAbroad server');
  const deps = await createDeps(env, logger);
  const app = await buildApp(deps);
  // On the embedded database this process is the only one that may open it (decision 073): the
  // operator commands (npm run admin:create, admin:remove) and backups (npm run backup, decision
  // 093) come here, through a socket in DATA_DIR that only this machine's owner can reach.
  const channel =
    deps.database.kind === 'pglite'
      ? await startCommandChannel(
          resolve(env.DATA_DIR),
          {
            ...operatorCommandHandlers(app.services.operators),
            ...backupCommandHandlers(deps.database),
          },
          logger,
        )
      : undefined;
  // The job queue: its recurring jobs and every email's delivery (decisions 014 and 056).
  const background = startBackgroundWork(app.services, logger);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await channel?.close();
    await background.stop();
    await app.close();
    await deps.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const { host, warning } = listenHost(env);
  if (warning) logger.warn({ host }, warning);
  await app.listen({ port: env.PORT, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = env.PUBLIC_URL ?? `http://localhost:${port}`;
  logger.info({ url, readyMs: Math.round(performance.now() - started) }, 'BoxAbroad is ready');
  if (process.stdout.isTTY || env.NODE_ENV !== 'production') {
    process.stderr.write(`\n  BoxAbroad is running at ${url}\n\n`);
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof DataDirectoryInUseError ||
    error instanceof DataDirectoryUnusableError ||
    error instanceof DataDirectoryNotPrivateError ||
    error instanceof DatabaseUnreachableError
  ) {
    process.stderr.write(`BoxAbroad cannot start. ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `BoxAbroad failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
