import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock.js';
import { parseEnv } from '../../env.js';
import { createCourier } from './index.js';
import { startCourierSimulator } from './simulator/simulator.server.js';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    }),
  );
  return { logger, lines };
}

const clock = fixedClock('2026-11-23T10:00:00Z');

describe('createCourier', () => {
  it('starts the simulator on a free port by default, keeping its orders in DATA_DIR, and logs where', async () => {
    const { logger, lines } = capturingLogger();
    const dataDir = await mkdtemp(join(tmpdir(), 'boxabroad-courier-index-'));
    const handle = await createCourier(parseEnv({ DATA_DIR: dataDir }), logger, clock);
    try {
      expect(handle.courier.name).toBe('simulator');
      expect(handle.simulator?.port).toBeGreaterThan(0);
      expect(handle.simulator?.storeDir).toBe(join(dataDir, 'courier-simulator'));
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: 'courier simulator started', url: handle.simulator?.url }),
      );
      const services = await handle.courier.getRouteServices({
        collection: { countryId: 231, countryCode: 'GB', postcode: 'SW1A 1AA' },
        delivery: { countryId: 232, countryCode: 'US', postcode: '10001' },
        packages: [{ weightKg: 30, lengthCm: 50, widthCm: 50, heightCm: 60 }],
      });
      expect(services.map((s) => s.serviceName)).toContain('TG International Economy');
    } finally {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('talks to COURIER_BASE_URL with the configured credentials when transglobal, never logging them', async () => {
    const simulator = await startCourierSimulator({
      credentials: { apiKey: 'live-key-123', password: 'live-password-456' },
    });
    const { logger, lines } = capturingLogger();
    const env = parseEnv({
      COURIER_PROVIDER: 'transglobal',
      COURIER_BASE_URL: `${simulator.url}/`,
      COURIER_API_KEY: 'live-key-123',
      COURIER_PASSWORD: 'live-password-456',
    });
    const handle = await createCourier(env, logger, clock);
    try {
      expect(handle.courier.name).toBe('transglobal');
      expect(handle.simulator).toBeUndefined();
      expect((await handle.courier.lookupCommodity('books'))[0]?.commodityCode).toBe('490199');
      expect(simulator.calls().commodity).toBe(1);
      const logged = JSON.stringify(lines);
      expect(logged).toContain('GetCommodity');
      expect(logged).not.toContain('live-key-123');
      expect(logged).not.toContain('live-password-456');
    } finally {
      await handle.close();
      await simulator.close();
    }
  });
});
