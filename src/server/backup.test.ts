// On PostgreSQL too: the PostgreSQL backup and restore.
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newOrder } from '../../tests/support/factories/orders.js';
import { orderPaidFor, settle, settledOrder } from '../../tests/support/factories/payments.js';
import { withDatabase } from '../../tests/support/global-setup.js';
import { useTestApp, type TestApp } from '../../tests/support/test-app.js';
import { backupCommandHandlers, backupThroughSite, restoreBackup } from './backup.js';
import { startCommandChannel } from './command-channel.js';
import {
  backupPostgres,
  checksumPathOf,
  countRows,
  type BackupFile,
  type RowCounts,
} from './db/backup.js';
import { openDatabase, type Database, type RawQuery } from './db/client.js';

const onPostgres = process.env.TEST_DATABASE_KIND === 'postgres';

// The traffic below asks for more quotes and payments than one address may in 15 minutes.
const t = useTestApp({
  rateLimits: {
    quotes: { max: 100_000, windowSeconds: 900 },
    payments: { max: 100_000, windowSeconds: 900 },
  },
});
let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'boxabroad-backup-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** Every row of every table of ours, each as its JSON text, sorted: what a restore must bring back. */
async function everyRow(query: RawQuery): Promise<Record<string, string[]>> {
  const tables = await query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    const found = await query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM "${name}" t`);
    rows[name] = found.map((r) => r.row).sort();
  }
  return rows;
}

/**
 * Customers at work while the backup is taken: one pays for orders and lets their bookings,
 * captures and emails run, another asks for quotes. `inFlight` counts the steps under way.
 */
function traffic(app: TestApp) {
  let stopping = false;
  let inFlight = 0;
  let failed: unknown;
  const done = { paying: 0, quoting: 0 };
  const loop = async (kind: keyof typeof done, step: () => Promise<unknown>) => {
    while (!stopping) {
      inFlight += 1;
      try {
        await step();
        done[kind] += 1;
      } catch (error) {
        // A customer's step failed: the test fails with it, once the other loop has stopped.
        failed ??= error;
        stopping = true;
      } finally {
        inFlight -= 1;
      }
    }
  };
  const running = Promise.all([
    loop('paying', async () => {
      await orderPaidFor(app);
      await settle(app);
    }),
    loop('quoting', () => newOrder(app.app)),
  ]);
  return {
    inFlight: () => inFlight,
    /** Waits until each loop has finished one more step than it had when called. */
    oneMoreStepEach: async () => {
      const { paying, quoting } = done;
      while (!stopping && (done.paying <= paying || done.quoting <= quoting)) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    stop: async () => {
      stopping = true;
      await running;
      if (failed) throw failed;
    },
  };
}

interface AtBackup {
  rows: Record<string, string[]>;
  inFlight: number;
}

/**
 * Takes the backup the way `npm run backup` does on this database (the embedded one through the
 * site's command channel, PostgreSQL with pg_dump), reading every row in the backup's own
 * snapshot as well.
 */
async function backUp(
  dir: string,
  busy: ReturnType<typeof traffic>,
): Promise<{ file: BackupFile; counts: RowCounts; at: AtBackup }> {
  let at: AtBackup | undefined;
  const read = async (query: RawQuery) => {
    at = { rows: await everyRow(query), inFlight: busy.inFlight() };
  };
  if (onPostgres) {
    const { file, seen } = await backupPostgres(t.database.url!, dir, new Date(), async (query) => {
      await read(query);
      return countRows(query);
    });
    return { file, counts: seen, at: at! };
  }
  const site: Database = {
    ...t.database,
    snapshot: (atSnapshot, waitMs) =>
      t.database.snapshot!(async (query) => {
        // The site's own step first (it writes the backup's time), then what the snapshot holds.
        const seen = await atSnapshot(query);
        await read(query);
        return seen;
      }, waitMs),
  };
  const control = await mkdtemp(join(work, 'site-'));
  const channel = await startCommandChannel(
    control,
    backupCommandHandlers(site),
    pino({ level: 'silent' }),
  );
  try {
    const taken = await backupThroughSite(control, dir, new Date());
    expect(taken.by).toBe('site');
    return { file: taken.file, counts: taken.counts, at: at! };
  } finally {
    await channel.close();
  }
}

/** A new database on the test server, dropped by `drop`; named so the run's cleanup drops it too. */
async function newPostgresDatabase() {
  const server = process.env.TEST_DATABASE_URL!;
  const name = `${inject('postgresClonePrefix')}restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: withDatabase(server, name),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Where a restore goes: a fresh data directory, or a new empty PostgreSQL database. */
async function freshTarget() {
  const dataDir = join(await mkdtemp(join(work, 'restore-')), 'data');
  if (!onPostgres) {
    return {
      target: { dataDir },
      open: () => openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') }),
      drop: async () => undefined,
    };
  }
  const database = await newPostgresDatabase();
  return {
    target: { dataDir, databaseUrl: database.url },
    open: () => openDatabase({ kind: 'postgres', url: database.url }),
    drop: database.drop,
  };
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL, pg_dump' : 'embedded database, through the site'})`, () => {
  let backup: Awaited<ReturnType<typeof backUp>>;

  it('backs up paid orders while customers keep buying, and restores every row as it was then', async () => {
    const paid = await settledOrder(t);
    const dir = join(work, 'backups');
    const busy = traffic(t);
    try {
      // Customers were at work before the backup began, are in the middle of it, and go on.
      await busy.oneMoreStepEach();
      backup = await backUp(dir, busy);
      await busy.oneMoreStepEach();
    } finally {
      await busy.stop();
    }
    const { file, counts, at } = backup;
    expect(at.inFlight).toBeGreaterThan(0);
    expect(counts).toEqual({
      orders: at.rows.orders!.length,
      payments: at.rows.payments!.length,
      emails: at.rows.mail!.length,
    });
    // The paid order, and at least one the paying customer made before the backup.
    expect(counts.payments).toBeGreaterThan(1);
    expect(counts.emails).toBeGreaterThan(0);
    expect(at.rows.orders!.some((row) => row.includes(paid.order.id))).toBe(true);
    // The source went on changing after the backup.
    expect((await countRows(t.database.query)).orders).toBeGreaterThan(counts.orders);

    // The file, readable by this machine account only, and its checksum beside it.
    expect(basename(file.path)).toMatch(
      onPostgres
        ? /^boxabroad-postgres-\d{8}T\d{6}Z\.dump$/
        : /^boxabroad-pglite-\d{8}T\d{6}Z\.tar\.gz$/,
    );
    expect((await stat(file.path)).mode & 0o777).toBe(0o600);
    const sha256 = createHash('sha256')
      .update(await readFile(file.path))
      .digest('hex');
    expect(await readFile(checksumPathOf(file.path), 'utf8')).toBe(
      `${sha256}  ${basename(file.path)}\n`,
    );
    expect(await readdir(dir)).toEqual(
      [basename(file.path), basename(checksumPathOf(file.path))].sort(),
    );

    // Restored elsewhere: every row of every table (orders, payments, the mail outbox and its
    // attachments included) as it was in the backup's snapshot.
    const restore = await freshTarget();
    try {
      const restored = await restoreBackup(restore.target, file.path);
      expect(restored.counts).toEqual(counts);
      const database = await restore.open();
      try {
        // Every row as in the snapshot, which holds when it was taken; and the restore's own
        // mark beside them (decision 141), naming that time.
        const { site_restores: marks, ...rows } = await everyRow(database.query);
        expect(rows).toEqual({ ...at.rows, site_restores: undefined });
        expect(at.rows.backups_taken).toHaveLength(1);
        const [mark] = (marks ?? []).map((m) => JSON.parse(m) as Record<string, unknown>);
        expect(marks).toHaveLength(1);
        const [taken] = at.rows.backups_taken!.map((r) => JSON.parse(r) as { taken_at: string });
        expect(mark).toMatchObject({ backup_file: basename(file.path), reconciled_at: null });
        expect(new Date(mark!.backup_taken_at as string)).toEqual(new Date(taken!.taken_at));
        expect(restored.plan.backupTakenAt).toEqual(new Date(taken!.taken_at));
      } finally {
        await database.close();
      }
      // A second restore into the same place is refused: nothing is ever replaced.
      await expect(restoreBackup(restore.target, file.path)).rejects.toThrow(
        onPostgres
          ? /^The database \w+ is not empty \(\d+ tables, sequences or views\): restore only into a new, empty database\. Nothing was restored\.$/
          : /holds an embedded database already .*: a restore never replaces one\./,
      );
    } finally {
      await restore.drop();
    }
  });

  it('refuses a file that does not match its checksum, or has none, and restores nothing', async () => {
    const dir = await mkdtemp(join(work, 'tampered-'));
    const file = join(dir, basename(backup.file.path));
    await copyFile(backup.file.path, file);
    await copyFile(checksumPathOf(backup.file.path), checksumPathOf(file));
    const bytes = await readFile(file);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0x01;
    await writeFile(file, bytes);
    // Checked before any database is touched: this one does not even exist.
    const target = {
      dataDir: join(dir, 'data'),
      ...(onPostgres
        ? { databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, 'boxabroad_never_made') }
        : {}),
    };
    await expect(restoreBackup(target, file)).rejects.toThrow(
      `${file} does not match its checksum (${file}.sha256): it is damaged or was changed. Nothing was restored.`,
    );
    await rm(checksumPathOf(file));
    await expect(restoreBackup(target, file)).rejects.toThrow(
      `${file} has no checksum beside it (${file}.sha256), so it cannot be trusted: nothing was restored.`,
    );
    expect(await readdir(dir)).toEqual([basename(file)]);
  });
});
