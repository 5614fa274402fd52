import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { allWorkersExited } from '../lib/cluster-workers.mjs';
import { freePort } from '../lib/sandbox-server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;

/** Runs start-cluster from the sources; `output()` is everything it has printed so far. */
function startCluster(args: string[], env: Record<string, string>) {
  let text = '';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/run/start-cluster.mjs', ...args],
    {
      cwd: root,
      env: { ...process.env, CLUSTER_FROM_SOURCE: 'true', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/**
 * Polls until `check` returns a value, for at most `ms`. A wait that runs out says what it waited
 * for and what the cluster had printed, so a failure shows which step hung.
 */
async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  output: () => string,
  ms = 40_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; start:cluster printed:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const listening = (text: string) =>
  [...text.matchAll(/process (\d+) \(pid (\d+)\) listening/g)].map((m) => Number(m[2]));

describe('allWorkersExited', () => {
  const worker = (dead: boolean) => ({ isDead: () => dead });

  it('counts a worker that has exited but is still listed (its channel not yet closed)', () => {
    expect(allWorkersExited({ 1: worker(true), 2: worker(true) })).toBe(true);
    expect(allWorkersExited({ 1: worker(true), 2: undefined })).toBe(true);
    expect(allWorkersExited({})).toBe(true);
  });

  it('waits while any worker is still running', () => {
    expect(allWorkersExited({ 1: worker(true), 2: worker(false) })).toBe(false);
  });
});

describe('npm run start:cluster', () => {
  it('refuses the embedded database, which belongs to one process', async () => {
    const run = startCluster(['--processes', '2'], { DATABASE_URL: '' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('needs DATABASE_URL, a PostgreSQL server');
  });

  it('refuses a process count that is not a whole number from 1 to 64', async () => {
    const run = startCluster(['--processes', 'lots'], { DATABASE_URL: 'postgres://x@127.0.0.1/x' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('--processes must be a whole number from 1 to 64');
  });

  describe.skipIf(!serverUrl)('on the PostgreSQL server', () => {
    const dbName = `cluster_test_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    let run: ReturnType<typeof startCluster> | undefined;

    afterAll(async () => {
      if (run && run.child.exitCode === null) run.child.kill('SIGKILL');
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    });

    it('two processes answer on one port; one killed is replaced while the other answers; SIGTERM stops all', async () => {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      const url = new URL(serverUrl!);
      url.pathname = `/${dbName}`;
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      run = startCluster(['--processes', '2'], {
        DATABASE_URL: url.toString(),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
      });
      const started = run;
      const printed = () => started.output();
      const ready = async () =>
        (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
          (r) => r.status,
          () => 0,
        )) === 200
          ? true
          : undefined;

      const pids = await until(
        'two processes listening',
        () => {
          const found = listening(started.output());
          return found.length >= 2 ? found : undefined;
        },
        printed,
      );
      expect(new Set(pids).size).toBe(2);
      await until('the site ready', ready, printed);

      // One process dies: the other keeps answering, and a new one takes its place.
      process.kill(pids[0]!, 'SIGKILL');
      await until(
        'the death noticed',
        () => (started.output().includes(`(pid ${pids[0]}) exited (SIGKILL)`) ? true : undefined),
        printed,
      );
      expect(await ready()).toBe(true);
      const replaced = await until(
        'a replacement listening',
        () => {
          const found = listening(started.output()).filter((pid) => !pids.includes(pid));
          return found.length > 0 ? found : undefined;
        },
        printed,
      );
      expect(replaced).toHaveLength(1);
      expect(await ready()).toBe(true);

      // The primary gives its processes 30 s to stop before it kills them.
      started.child.kill('SIGTERM');
      let code: number | null | undefined;
      void started.exited.then((exited) => (code = exited));
      await until('the cluster to exit after SIGTERM', () => code, printed, 45_000);
      expect(code).toBe(0);
      for (const pid of [pids[1]!, replaced[0]!]) {
        expect(() => process.kill(pid, 0)).toThrow();
      }
    }, 240_000);
  });
});
