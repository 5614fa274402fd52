// Embedded database only: a read-only or full data directory under PGlite; a server keeps its own disk.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.js';
import { call } from '#tests/support/call.js';
import { newOrder } from '#tests/support/factories/orders.js';
import { saveAddress } from '../../domain/api/booking.js';
import { getOrder } from '../../domain/api/orders.js';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../http/errors.js';
import { Readiness } from '../modules/health/readiness.js';
import { openDatabase, type Database } from './client.js';
import { isStorageUnavailable } from './wait-bounds.js';

/**
 * A full disk or a read-only data directory (docs/operations.md, "Bad environments"): the site
 * refuses to start with one line naming the directory and the reason, and while running it
 * answers a write the disk cannot take with 503 and keeps every row it had acknowledged.
 *
 * Both need a file system this test can make full or read-only: a small tmpfs, mounted when the
 * test runs as root with the right to mount (as in CI). Elsewhere the read-only case uses a
 * folder without write permission, and the full disk is skipped.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const onPostgres = process.env.TEST_DATABASE_KIND === 'postgres';

function mountTmpfs(dir: string, options: string): boolean {
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() !== 0) return false;
  return spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]).status === 0;
}
const unmount = (dir: string) => spawnSync('umount', [dir]);

describe('storage that cannot be written', () => {
  it('recognises a full or read-only disk in the errors either database gives', () => {
    expect(isStorageUnavailable({ code: '53100' })).toBe(true);
    expect(isStorageUnavailable({ message: 'Failed query', cause: { code: 'ENOSPC' } })).toBe(true);
    expect(isStorageUnavailable({ code: 'EROFS' })).toBe(true);
    expect(isStorageUnavailable({ code: '23505' })).toBe(false);
    expect(isStorageUnavailable({ code: 'ECONNRESET' })).toBe(false);
  });
});

describe.runIf(!onPostgres)('a read-only data directory at start', { timeout: 60_000 }, () => {
  let base = '';
  let mounted = false;
  beforeAll(() => {
    base = mkdtempSync(join(tmpdir(), 'boxabroad-ro-'));
  });
  afterAll(() => {
    if (mounted) unmount(base);
    spawnSync('chmod', ['-R', 'u+w', base]);
    rmSync(base, { recursive: true, force: true });
  });

  it('npm start exits with one line naming the directory and the reason', () => {
    mounted = mountTmpfs(base, 'size=1m,ro');
    if (!mounted) spawnSync('chmod', ['0500', base]);
    const dataDir = join(base, 'data');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0' },
      encoding: 'utf8',
      timeout: 45_000,
    });
    expect(result.status).toBe(1);
    const reason = mounted
      ? 'it is on a read-only file system (EROFS)'
      : 'this process is not allowed to write to it (EACCES)';
    expect(result.stderr).toBe(
      `BoxAbroad cannot start. The data directory ${dataDir} cannot be written: ${reason}.\n`,
    );
  });
});

describe.runIf(!onPostgres)('a disk that fills while the site runs', { timeout: 90_000 }, () => {
  let base = '';
  let mounted = false;
  let database: Database;
  let t: TestApp;
  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'boxabroad-full-'));
    mounted = mountTmpfs(base, 'size=96m');
    if (!mounted) return;
    const snapshot = readFileSync(inject('pgliteSnapshotPath'));
    database = await openDatabase({
      kind: 'pglite',
      dataDir: join(base, 'pglite'),
      loadDataDir: new Blob([snapshot]),
    });
    // Its own app, built only where a small disk could be mounted, on a database opened there.
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    if (mounted) {
      await t?.close();
      await database?.close();
      unmount(base);
    }
    rmSync(base, { recursive: true, force: true });
  });

  it('answers a write 503 with Retry-After, keeps every acknowledged row, and writes again once there is room', async (context) => {
    // Filling a disk needs one of its own: a tmpfs, which only root may mount.
    if (!mounted) context.skip();
    const { id } = await newOrder(t.app);
    const rename = (name: string) =>
      call(t.app, saveAddress, {
        params: { id, role: 'collection' },
        body: {
          firstName: name,
          lastName: 'Lovelace',
          street: '12 St James’s Square '.padEnd(90, 'x'),
          city: 'London',
          phoneNumber: '020 7946 0958',
          email: 'ada@example.com',
          instructions: 'y'.repeat(200),
        },
      });
    expect((await rename('Ada')).statusCode).toBe(200);
    const before = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');

    // Fill the disk, leaving no room for the database to grow.
    const { bavail, bsize } = statfsSync(base);
    const filler = join(base, 'filler');
    try {
      writeFileSync(filler, Buffer.alloc(Number(bavail) * Number(bsize)));
    } catch {
      // ENOSPC once the disk is full: what was written stays.
    }

    let refused: Awaited<ReturnType<typeof rename>> | undefined;
    for (let i = 0; i < 400 && !refused; i++) {
      const res = await rename(`Ada ${i}`);
      if (res.statusCode !== 200) refused = res;
    }
    expect(refused?.statusCode).toBe(503);
    expect(refused?.headers['retry-after']).toBe('60');
    expect(refused?.json()).toEqual({
      error: { code: 'STORAGE_UNAVAILABLE', message: STORAGE_UNAVAILABLE_MESSAGE },
    });

    // Readiness says so: a load balancer sends the writes elsewhere.
    const readiness = new Readiness(database, { probeEveryMs: 0 });
    expect(await readiness.check()).toEqual({
      ready: false,
      reason: expect.stringMatching(/cannot be written: the disk is full \(ENOSPC\)/),
    });

    // Reads go on; nothing acknowledged was lost.
    const order = await call(t.app, getOrder, { params: { id } });
    expect(order.statusCode).toBe(200);
    expect(await database.query('SELECT count(*)::int AS n FROM orders')).toEqual(before);

    rmSync(filler);
    expect(await readiness.check()).toEqual({ ready: true });
    expect((await rename('Ada again')).statusCode).toBe(200);
    const [row] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    expect(row!.n).toBeGreaterThanOrEqual(before[0]!.n);
  });
});
