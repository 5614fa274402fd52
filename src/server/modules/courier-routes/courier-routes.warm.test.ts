// On PostgreSQL too: concurrent askers of a route share one courier call and one stored row.
/**
 * The route matrix: cached by what availability depends on, warmed and kept warm by one recurring
 * job with a bounded number of courier calls, persisted so a restart starts warm, and one courier
 * call for any number of concurrent askers of a route not yet known.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp, type TestApp } from '#tests/support/test-app.js';
import { ScriptedCourier } from '#tests/support/scripted-courier.js';
import { COLLECTION_REGIONS, DESTINATIONS } from '#src/domain/countries.js';
import { DESTINATION_POSTCODE_FORMATS } from '#src/domain/destination-postcodes.js';
import { QuoteAnswerSchema } from '#src/domain/order.js';
import type { RouteQuery, RouteService } from '../../providers/courier/courier-provider.js';
import { buildApp } from '../../app.js';
import { REFRESH_COURIER_ROUTES_JOB, ROUTE_REFRESH_INTERVAL_MS } from './courier-routes.service.js';
import { refreshCourierRoutesJob } from './jobs/refresh-courier-routes.job.js';
import { routeMatrix } from './route-matrix.js';
import { quoteBody, quoteQuery, type QuoteBody } from '#tests/support/factories/orders.js';
import { call } from '#tests/support/call.js';
import { getQuotes } from '#src/domain/api/orders.js';

/** A courier whose route answers wait for `release()`, counting calls in flight. */
class GatedCourier extends ScriptedCourier {
  inFlight = 0;
  maxInFlight = 0;
  private gate: Promise<void> | undefined;
  private open: (() => void) | undefined;

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open?.();
    this.gate = undefined;
  }

  override async getRouteServices(query: RouteQuery): Promise<RouteService[]> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await (this.gate ?? new Promise((resolve) => setTimeout(resolve, 2)));
      return await super.getRouteServices(query);
    } finally {
      this.inFlight -= 1;
    }
  }
}

const UK_POSTCODES: Record<number, string> = {
  231: 'SW1A 1AA',
  247: 'BT1 1AA',
  271: 'IV1 1AA',
  272: 'HS1 2AA',
};

function randomQuote(seed: number) {
  const region = COLLECTION_REGIONS[seed % COLLECTION_REGIONS.length]!;
  const destination = DESTINATIONS[(seed * 7) % DESTINATIONS.length]!;
  const total = 1 + (seed % 5);
  const largeBoxes = (seed * 3) % (total + 1);
  return quoteBody({
    collection: { countryId: region.countryId, postcode: UK_POSTCODES[region.countryId]! },
    destination: {
      countryId: destination.countryId,
      postcode: DESTINATION_POSTCODE_FORMATS[destination.countryCode]!.example.split(' or ')[0]!,
    },
    smallBoxes: total - largeBoxes,
    largeBoxes,
  });
}

const logLines: string[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  }),
);

const courier = new GatedCourier();
// Not the default (2), so the test shows the setting is what bounds the courier calls.
const t = useTestApp({ courier, logger, courierWarmupConcurrency: 3 });

const postQuote = (app: TestApp['app'], body: QuoteBody) =>
  call(app, getQuotes, { query: quoteQuery(body) });

/** The recurring job as `background.ts` keeps it: one row, made due now if it is new. */
const scheduleRefresh = () => t.app.services.jobs.schedule(refreshCourierRoutesJob);

async function refreshJob() {
  const [row] = await t.database.query<{ status: string; run_at: Date | string }>(
    `SELECT status, run_at FROM jobs WHERE key = $1`,
    [REFRESH_COURIER_ROUTES_JOB],
  );
  return row && { status: row.status, runAt: new Date(row.run_at).getTime() };
}

const HOUR = 60 * 60_000;

// Whole-matrix rounds (192 routes, each a lease and a write) on a shared, loaded machine.
describe('the courier route matrix', { timeout: 120_000 }, () => {
  it('makes one courier call for concurrent quotes of a route not yet known, whatever the box mix', async () => {
    courier.hold();
    const mixes = [
      [1, 1],
      [2, 1],
      [0, 2],
      [3, 2],
      [0, 5],
      [1, 1],
      [2, 3],
      [1, 4],
    ];
    const answers = mixes.map(([smallBoxes, largeBoxes]) =>
      postQuote(
        t.app,
        quoteBody({ destination: { countryId: 80, postcode: '10115' }, smallBoxes, largeBoxes }),
      ),
    );
    await vi.waitFor(() => expect(courier.inFlight).toBe(1), { timeout: 10_000 });
    courier.release();
    const replies = await Promise.all(answers);
    expect(replies.map((r) => r.statusCode)).toEqual(mixes.map(() => 200));
    for (const reply of replies) {
      expect(QuoteAnswerSchema.parse(reply.json()).services.length).toBeGreaterThan(0);
    }
    expect(courier.routeQueries).toHaveLength(1);
    // The courier was asked about the profile's representative parcels: several, one large.
    expect(courier.routeQueries[0]!.packages.map((p) => p.weightKg)).toEqual([30, 20]);
  });

  it('the recurring job warms every region × destination × parcel profile with at most the set concurrency, logging it', async () => {
    const before = courier.routeQueries.length;
    courier.maxInFlight = 0;
    await scheduleRefresh();
    await t.app.services.jobs.drain();
    const size = COLLECTION_REGIONS.length * DESTINATIONS.length * 4;
    expect(courier.routeQueries.length - before).toBe(size - 1);
    expect(courier.maxInFlight).toBe(3);
    // The job is due again a minute later: it is the one recurring refresher.
    expect(await refreshJob()).toEqual({
      status: 'pending',
      runAt: t.clock.now().getTime() + ROUTE_REFRESH_INTERVAL_MS,
    });
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.find((l) => l.msg === 'courier route warm-up started')).toMatchObject({
      routes: size,
      due: size - 1,
      concurrency: 3,
    });
    expect(logged.some((l) => l.msg === 'courier route warm-up progress')).toBe(true);
    expect(logged.find((l) => l.msg === 'courier route warm-up finished')).toMatchObject({
      routes: size,
      fetched: size - 1,
      ms: expect.any(Number),
    });

    const status = await t.app.inject('/dev/courier-routes');
    expect(status.json()).toEqual({ routes: size, warm: size });

    // A second round, when the job is next due, has nothing to do.
    t.clock.set(new Date(t.clock.now().getTime() + ROUTE_REFRESH_INTERVAL_MS));
    await t.app.services.jobs.drain();
    expect(await refreshJob()).toMatchObject({
      runAt: t.clock.now().getTime() + ROUTE_REFRESH_INTERVAL_MS,
    });
    expect(await t.app.services.courierRoutes.warmMatrix({ concurrency: 2 })).toMatchObject({
      due: 0,
    });
    expect(courier.routeQueries.length - before).toBe(size - 1);
  });

  it('answers quotes on the warm matrix without asking the courier', async () => {
    const before = courier.routeQueries.length;
    for (let seed = 1; seed <= 40; seed += 1) {
      const res = await postQuote(t.app, randomQuote(seed));
      expect(res.statusCode, JSON.stringify(randomQuote(seed))).toBe(200);
    }
    expect(courier.routeQueries.length).toBe(before);
  });

  it('the recurring job refreshes the matrix before its answers expire', async () => {
    const before = courier.routeQueries.length;
    // Past the refresh-ahead age (4 h), before the answers stop being fresh (6 h).
    t.clock.set(new Date(t.clock.now().getTime() + 5 * HOUR));
    await t.app.services.jobs.drain();
    expect(courier.routeQueries.length - before).toBe(routeMatrix().length);
    const stale = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM courier_routes WHERE fetched_at <> $1`,
      [t.clock.now()],
    );
    expect(stale[0]?.n).toBe(0);
    expect(await t.app.services.courierRoutes.matrixStatus()).toEqual({
      routes: routeMatrix().length,
      warm: routeMatrix().length,
    });
  });

  it('starts warm after a restart: the stored matrix answers quotes with no courier call', async () => {
    const fresh = new GatedCourier();
    const restarted = await buildApp({
      database: t.database,
      clock: t.clock,
      logger: pino({ level: 'silent' }),
      courier: fresh,
      pressure: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0 },
    });
    await restarted.ready();
    try {
      for (let seed = 41; seed <= 60; seed += 1) {
        expect((await postQuote(restarted, randomQuote(seed))).statusCode).toBe(200);
      }
      expect(await restarted.services.courierRoutes.warmMatrix({ concurrency: 2 })).toMatchObject({
        due: 0,
        fetched: 0,
      });
      expect(fresh.routeQueries).toHaveLength(0);
    } finally {
      await restarted.services.courierRoutes.idle();
      await restarted.close();
    }
  });

  it('forgets every answer through the loopback-only development tool', async () => {
    const remote = await t.app.inject({
      method: 'POST',
      url: '/dev/courier-routes/forget',
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: '/dev/courier-routes/forget' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ forgotten: routeMatrix().length });
    const before = courier.routeQueries.length;
    expect((await postQuote(t.app, randomQuote(3))).statusCode).toBe(200);
    expect(courier.routeQueries.length).toBe(before + 1);
  });

  it('stops its round when the process stops, and the next round takes the routes left', async () => {
    // Every answer is past the refresh-ahead age, and the job is due.
    t.clock.set(new Date(t.clock.now().getTime() + 5 * HOUR));
    const before = courier.routeQueries.length;
    courier.hold();
    t.app.services.jobs.start();
    t.app.services.jobs.wake();
    await vi.waitFor(() => expect(courier.inFlight).toBe(3), { timeout: 10_000 });
    const stopped = t.app.services.jobs.stop();
    courier.release();
    await stopped;
    // Only the calls already in flight were made; the rest waits for the next round.
    expect(courier.routeQueries.length - before).toBe(3);
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const stop = logged.findLast((l) => l.msg === 'courier route warm-up stopped');
    expect(stop).toMatchObject({ fetched: 3, remaining: routeMatrix().length - 3 });
    expect(await refreshJob()).toMatchObject({ status: 'pending' });

    t.clock.set(new Date(t.clock.now().getTime() + ROUTE_REFRESH_INTERVAL_MS));
    await t.app.services.jobs.drain();
    expect(courier.routeQueries.length - before).toBe(routeMatrix().length);
  });

  it('is one recurring job across processes: two queues polling at once never run it twice', async () => {
    // A second process on the same database, with its own job queue and log.
    const otherLines: string[] = [];
    const other = await buildApp({
      database: t.database,
      clock: t.clock,
      logger: pino(
        { level: 'info' },
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            otherLines.push(chunk.toString());
            callback();
          },
        }),
      ),
      courier,
      pressure: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0 },
    });
    await other.ready();
    const runs = () =>
      [...logLines, ...otherLines].filter(
        (line) => (JSON.parse(line) as { msg?: string }).msg === 'courier route warm-up started',
      ).length;
    try {
      await scheduleRefresh();
      // Every answer past the refresh-ahead age, and the job due.
      t.clock.set(new Date(t.clock.now().getTime() + 5 * HOUR));
      const before = { calls: courier.routeQueries.length, runs: runs() };
      courier.hold();
      const rounds = Promise.all([t.app.services.jobs.runOnce(), other.services.jobs.runOnce()]);
      await vi.waitFor(() => expect(courier.inFlight).toBeGreaterThan(0), { timeout: 10_000 });
      // While one process refreshes, the other keeps polling and finds nothing to run.
      const queues = [t.app.services.jobs, other.services.jobs];
      const idle = queues.filter((queue) => queue.inFlight.default === 0);
      expect(idle).toHaveLength(1);
      for (let i = 0; i < 3; i += 1) expect(await idle[0]!.runOnce()).toBe(0);
      courier.release();
      expect((await rounds).sort()).toEqual([0, 1]);
      expect(runs() - before.runs).toBe(1);
      expect(courier.routeQueries.length - before.calls).toBe(routeMatrix().length);
      // It scheduled its own next run.
      expect(await refreshJob()).toEqual({
        status: 'pending',
        runAt: t.clock.now().getTime() + ROUTE_REFRESH_INTERVAL_MS,
      });

      // Later (it is due, the answers are old again), both poll at once: it runs once more, in
      // one of them.
      t.clock.set(new Date(t.clock.now().getTime() + 5 * HOUR));
      const again = await Promise.all([
        other.services.jobs.runOnce(),
        t.app.services.jobs.runOnce(),
      ]);
      expect(again.sort()).toEqual([0, 1]);
      expect(runs() - before.runs).toBe(2);
      expect(courier.routeQueries.length - before.calls).toBe(2 * routeMatrix().length);
      expect(await refreshJob()).toEqual({
        status: 'pending',
        runAt: t.clock.now().getTime() + ROUTE_REFRESH_INTERVAL_MS,
      });
      const [{ n }] = (await t.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM jobs WHERE kind = $1`,
        [REFRESH_COURIER_ROUTES_JOB],
      )) as [{ n: number }];
      expect(n).toBe(1);
    } finally {
      courier.release();
      await other.services.courierRoutes.idle();
      await other.close();
    }
  });
});
