/**
 * Picks the courier from the environment (docs/providers.md):
 * - `simulator` (default): starts the simulator of the courier's API in this process, on
 *   COURIER_SIMULATOR_PORT or a free port, keeping what it books in DATA_DIR/courier-simulator
 *   (so bookings are still tracked after a restart), on the site's clock, and points the real
 *   client at it;
 * - `transglobal`: the real client on COURIER_BASE_URL with COURIER_API_KEY/COURIER_PASSWORD.
 * Either way the site talks to the courier through the same HTTP client.
 */
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { Env } from '../../env.js';
import type { CourierProvider } from './courier-provider.js';
import { startCourierSimulator, type CourierSimulator } from './simulator/simulator.server.js';
import {
  DEFAULT_TIMEOUTS,
  TransglobalCourier,
  type CourierTimeouts,
} from './transglobal/transglobal.client.js';

export interface CourierHandle {
  courier: CourierProvider;
  /** Present when the in-process simulator runs. */
  simulator?: CourierSimulator;
  close(): Promise<void>;
}

export function courierTimeouts(env: Env): CourierTimeouts {
  return {
    countriesMs: env.COURIER_COUNTRIES_TIMEOUT_MS,
    quoteMs: env.COURIER_QUOTE_TIMEOUT_MS,
    commodityMs: env.COURIER_COMMODITY_TIMEOUT_MS,
    bookMs: env.COURIER_BOOK_TIMEOUT_MS,
    documentsMs: DEFAULT_TIMEOUTS.documentsMs,
    trackMs: env.COURIER_TRACK_TIMEOUT_MS,
    rebookMs: DEFAULT_TIMEOUTS.rebookMs,
    cancelMs: DEFAULT_TIMEOUTS.cancelMs,
  };
}

export async function createCourier(
  env: Env,
  logger: Logger,
  clock: Clock,
): Promise<CourierHandle> {
  const log = logger.child({ provider: 'courier' });
  if (env.COURIER_PROVIDER === 'transglobal') {
    // env.ts refuses to start without these; checked again so a wrong call fails loudly.
    if (!env.COURIER_BASE_URL || !env.COURIER_API_KEY || !env.COURIER_PASSWORD) {
      throw new Error('COURIER_BASE_URL, COURIER_API_KEY and COURIER_PASSWORD are required');
    }
    const courier = new TransglobalCourier({
      baseUrl: env.COURIER_BASE_URL,
      apiKey: env.COURIER_API_KEY,
      password: env.COURIER_PASSWORD,
      timeouts: courierTimeouts(env),
      logger: log,
    });
    log.info({ courier: 'transglobal', baseUrl: env.COURIER_BASE_URL }, 'courier ready');
    return { courier, close: async () => {} };
  }

  const apiKey = env.COURIER_API_KEY ?? 'simulator';
  const password = env.COURIER_PASSWORD ?? 'simulator';
  const simulator = await startCourierSimulator({
    port: env.COURIER_SIMULATOR_PORT ?? 0,
    host: '127.0.0.1',
    credentials: { apiKey, password },
    clock,
    storeDir: resolve(env.DATA_DIR, 'courier-simulator'),
    logger: log.child({ component: 'courier-simulator' }),
  });
  const courier = new TransglobalCourier({
    name: 'simulator',
    baseUrl: simulator.url,
    apiKey,
    password,
    timeouts: courierTimeouts(env),
    logger: log,
  });
  log.info(
    { courier: 'simulator', url: simulator.url, storeDir: simulator.storeDir },
    'courier simulator started',
  );
  return { courier, simulator, close: () => simulator.close() };
}
