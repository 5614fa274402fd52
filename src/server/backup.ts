import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { sendCommand, type CommandHandlers } from './command-channel.js';
import {
  BackupRefusedError,
  backupPostgres,
  countRows,
  restoreEmbedded,
  restorePostgres,
  verifyBackup,
  writeEmbeddedBackup,
  type BackupEngine,
  type BackupFile,
  type RowCounts,
} from './db/backup.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirectoryInUseError } from './db/data-dir-lock.js';
import { markBackupTaken, markRestored, type RestorePlan } from './db/restore-mark.js';

/**
 * `npm run backup` and `npm run restore` (docs/operations.md, "Backups"; decision 093): which
 * database, and how to reach it. On the embedded database the backup opens the data directory
 * itself when no site runs; when the site owns it, the site takes the snapshot and hands it back
 * through its command channel.
 */
export interface DatabaseTarget {
  /** DATA_DIR: the embedded database is its `pglite` folder. */
  dataDir: string;
  /** DATABASE_URL: PostgreSQL instead of the embedded database. */
  databaseUrl?: string | undefined;
}

export interface TakenBackup {
  engine: BackupEngine;
  file: BackupFile;
  /** What the backup holds, counted in its own snapshot. */
  counts: RowCounts;
  /** How it was taken: by the running site, by this process on the data directory, by pg_dump. */
  by: 'site' | 'data-directory' | 'pg_dump';
  /** Embedded database: how long nothing else ran on it while the snapshot was taken, ms. */
  heldMs?: number;
}

const gzip = promisify(gzipCallback);
/**
 * zlib hands each output chunk back to the main thread before it goes on: at its 16 KB default a
 * 40 MB tarball took 10 s on a busy site (and so did the backup); 4 MB chunks take a few.
 */
const ZLIB_OPTIONS = { chunkSize: 4 * 1024 * 1024 };

/** How long a backup waits for its turn on the embedded database. */
const SNAPSHOT_WAIT_MS = 30_000;

/**
 * The embedded database's snapshot, gzipped once the database is free again (off the main
 * thread: zlib runs in Node's thread pool), and how long it held the database.
 */
async function embeddedSnapshot(database: Database) {
  if (!database.snapshot) throw new Error('Only the embedded database is backed up this way.');
  let started = 0;
  const { tar, seen } = await database.snapshot(async (query) => {
    started = performance.now();
    // The snapshot holds when it was taken (decision 141).
    await markBackupTaken(query);
    return countRows(query);
  }, SNAPSHOT_WAIT_MS);
  const heldMs = Math.round(performance.now() - started);
  return {
    gzipped: await gzip(new Uint8Array(await tar.arrayBuffer()), ZLIB_OPTIONS),
    counts: seen,
    heldMs,
  };
}

/**
 * The command channel's `backup` (the site on the embedded database): the snapshot, its counts
 * in the reply and the tarball after it. Who may ask is who may reach the channel: the machine
 * account that runs the site, which could read the data directory's files anyway.
 */
export function backupCommandHandlers(database: Database): CommandHandlers {
  return {
    backup: async () => {
      if (!database.snapshot) {
        return { reply: { ok: false, message: 'This site does not run the embedded database.' } };
      }
      const { gzipped, counts, heldMs } = await embeddedSnapshot(database);
      return { reply: { ok: true, message: 'Snapshot taken.', counts, heldMs }, body: gzipped };
    },
  };
}

/** Takes a backup of the site's database into `dir`. */
export async function takeBackup(
  target: DatabaseTarget,
  dir: string,
  at = new Date(),
): Promise<TakenBackup> {
  if (target.databaseUrl) {
    const { file, seen } = await backupPostgres(target.databaseUrl, dir, at, countRows);
    return { engine: 'postgres', file, counts: seen, by: 'pg_dump' };
  }
  const pgdata = join(target.dataDir, 'pglite');
  if (!(await stat(join(pgdata, 'PG_VERSION')).catch(() => undefined))) {
    throw new BackupRefusedError(
      `There is no embedded database in ${target.dataDir}: nothing to back up.`,
    );
  }
  let database: Database;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir: pgdata });
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error;
    return backupThroughSite(target.dataDir, dir, at, error);
  }
  try {
    const { gzipped, counts, heldMs } = await embeddedSnapshot(database);
    const file = await writeEmbeddedBackup(gzipped, dir, at);
    return { engine: 'pglite', file, counts, by: 'data-directory', heldMs };
  } finally {
    await database.close();
  }
}

/** Asks the site that owns the embedded database for its snapshot, and writes it. */
export async function backupThroughSite(
  dataDir: string,
  dir: string,
  at: Date,
  inUse?: DataDirectoryInUseError,
): Promise<TakenBackup> {
  const answer = await sendCommand(dataDir, { command: 'backup' });
  if (!answer) {
    throw new BackupRefusedError(
      `${inUse?.message ?? `The embedded database in ${dataDir} is in use.`} It does not take ` +
        'commands (yet): if it is the site, run npm run backup again once it has started.',
    );
  }
  const { reply, body } = answer;
  if (!reply.ok || !body) {
    throw new BackupRefusedError(
      reply.message === 'Unknown command.'
        ? 'The running site does not take backups: it was started before they existed. Restart it, then run npm run backup again.'
        : `The site did not take the backup: ${reply.message}`,
    );
  }
  const file = await writeEmbeddedBackup(body, dir, at);
  return {
    engine: 'pglite',
    file,
    counts: reply.counts as RowCounts,
    by: 'site',
    heldMs: reply.heldMs as number,
  };
}

/**
 * Restores a backup after checking its checksum: a backup of the embedded database into a fresh
 * data directory, a PostgreSQL one into an empty database. Answers what was restored.
 */
export async function restoreBackup(
  target: DatabaseTarget,
  file: string,
): Promise<{ engine: BackupEngine; counts: RowCounts; into: string; plan: RestorePlan }> {
  const { engine } = await verifyBackup(file);
  if (engine === 'pglite') {
    if (target.databaseUrl) {
      throw new BackupRefusedError(
        `${file} is a backup of the embedded database, but DATABASE_URL is set: unset it to restore into a fresh DATA_DIR. Nothing was restored.`,
      );
    }
    const counts = await restoreEmbedded(file, target.dataDir);
    const into = join(target.dataDir, 'pglite');
    const plan = await marked(openDatabase({ kind: 'pglite', dataDir: into }), file);
    return { engine, counts, into, plan };
  }
  if (!target.databaseUrl) {
    throw new BackupRefusedError(
      `${file} is a backup of a PostgreSQL database: set DATABASE_URL to a new, empty database to restore it into. Nothing was restored.`,
    );
  }
  const counts = await restorePostgres(file, target.databaseUrl);
  const plan = await marked(openDatabase({ kind: 'postgres', url: target.databaseUrl }), file);
  const url = new URL(target.databaseUrl);
  url.password = '';
  return { engine, counts, into: url.toString(), plan };
}

/**
 * Marks the restored database as restored (decision 141): the site started on it reconciles
 * with the courier and the card provider before it acts, and holds the emails it finds waiting.
 */
async function marked(opening: Promise<Database>, file: string): Promise<RestorePlan> {
  const database = await opening;
  try {
    return await markRestored(database, basename(file));
  } finally {
    await database.close();
  }
}
