import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp, type AppDeps } from '../../src/server/app.js';
import { fixedClock } from '../../src/server/clock.js';
import { ScriptedCourier } from './scripted-courier.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  courier: ScriptedCourier;
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
  const courier = new ScriptedCourier();
  const app = await buildApp({
    database,
    clock,
    logger: pino({ level: 'silent' }),
    courier,
    ...overrides,
  });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    courier,
    close: async () => {
      await app.services.courierRoutes.idle();
      await app.close();
      await database.dispose();
    },
  };
}
