import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs start-cluster from the sources; `output()` is everything it has printed so far. */
function startCluster(args: string[], env: Record<string, string>) {
  let text = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-cluster.mjs', ...args], {
    cwd: root,
    env: { ...process.env, CLUSTER_FROM_SOURCE: 'true', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Polls until `check` returns a value, for at most `ms`. */
async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms = 90_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const listening = (text: string) =>
  [...text.matchAll(/process (\d+) \(pid (\d+)\) listening/g)].map((m) => Number(m[2]));

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
      const ready = async () =>
        (await fetch(`${base}/readyz`).then(
          (r) => r.status,
          () => 0,
        )) === 200
          ? true
          : undefined;

      const pids = await until('two processes listening', () => {
        const found = listening(started.output());
        return found.length >= 2 ? found : undefined;
      });
      expect(new Set(pids).size).toBe(2);
      await until('the site ready', ready);

      // One process dies: the other keeps answering, and a new one takes its place.
      process.kill(pids[0]!, 'SIGKILL');
      await until('the death noticed', () =>
        started.output().includes(`(pid ${pids[0]}) exited (SIGKILL)`) ? true : undefined,
      );
      expect(await ready()).toBe(true);
      const replaced = await until('a replacement listening', () => {
        const found = listening(started.output()).filter((pid) => !pids.includes(pid));
        return found.length > 0 ? found : undefined;
      });
      expect(replaced).toHaveLength(1);
      expect(await ready()).toBe(true);

      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
      for (const pid of [pids[1]!, replaced[0]!]) {
        expect(() => process.kill(pid, 0)).toThrow();
      }
    }, 180_000);
  });
});
