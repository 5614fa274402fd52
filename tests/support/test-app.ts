import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp, type AppDeps } from '../../src/server/app.js';
import { fixedClock } from '../../src/server/clock.js';
import { createMail, type MailDeps } from '../../src/server/modules/email/mail.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  /** Email on the local mailbox; the worker is not started: tests call `mail.worker.runOnce()`. */
  mail: MailDeps;
  close(): Promise<void>;
}

/** buildApp on a fresh database with a frozen clock and a silent logger; no port is opened. */
export async function createTestApp(
  overrides: Partial<AppDeps> = {},
  /** Adds test-only routes or hooks before the app is ready. */
  extend?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = fixedClock('2026-11-23T10:00:00Z');
  const logger = pino({ level: 'silent' });
  const mail =
    overrides.mail ??
    createMail(
      { database, clock, logger },
      {
        from: 'BoxAbroad <no-reply@boxabroad.test>',
        salesEmail: 'sales@boxabroad.test',
        siteUrl: 'http://localhost:3000',
      },
    );
  const app = await buildApp({ database, clock, logger, mail, ...overrides });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    mail,
    close: async () => {
      await app.close();
      await mail.close();
      await database.dispose();
    },
  };
}
