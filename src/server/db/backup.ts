import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  link,
  mkdir,
  open,
  readFile,
  readdir,
  rename,
  rm,
  rmdir,
  stat,
  unlink,
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import pg from 'pg';
import { openDatabase, type RawQuery } from './client.js';
import { DataDirectoryInUseError, lockDataDir } from './data-dir-lock.js';
import { markBackupTaken } from './restore-mark.js';

/**
 * Backups of the database and their restore (docs/operations.md, "Backups"; decision 093).
 *
 * - The embedded database (PGlite): its data directory as a gzipped tarball, taken while nothing
 *   else runs on it (`Database.snapshot`), restored by PGlite into a fresh data directory.
 * - PostgreSQL: `pg_dump --format=custom` (compressed, one consistent snapshot), restored by
 *   `pg_restore` into an empty database.
 *
 * Each file gets a sidecar `FILE.sha256` in `sha256sum`'s format (so `sha256sum -c` checks a copy
 * anywhere); a restore refuses a file without one, or one that does not match it.
 */

const gunzip = promisify(gunzipCallback);

export type BackupEngine = 'pglite' | 'postgres';

/** A backup or restore that is refused, said in one line (the command prints it and exits 1). */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

/** What a backup holds, counted in its own snapshot, and what a restore brought back. */
export interface RowCounts {
  orders: number;
  payments: number;
  emails: number;
}

export async function countRows(query: RawQuery): Promise<RowCounts> {
  const rows = await query<RowCounts>(
    `SELECT (SELECT count(*) FROM orders)::int AS orders,
            (SELECT count(*) FROM payments)::int AS payments,
            (SELECT count(*) FROM mail)::int AS emails`,
  );
  return rows[0] as RowCounts;
}

export interface BackupFile {
  path: string;
  bytes: number;
  sha256: string;
}

const EXTENSIONS: Record<BackupEngine, string> = { pglite: 'tar.gz', postgres: 'dump' };

/** `boxabroad-pglite-20261201T093000Z.tar.gz`, `boxabroad-postgres-20261201T093000Z.dump`. */
export function backupFileName(engine: BackupEngine, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `boxabroad-${engine}-${stamp}.${EXTENSIONS[engine]}`;
}

const BACKUP_NAME =
  /^boxabroad-(pglite|postgres)-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.(tar\.gz|dump)$/;

/** The engine and time a backup's file name says, or undefined for any other file. */
export function parseBackupFileName(name: string): { engine: BackupEngine; at: Date } | undefined {
  const match = BACKUP_NAME.exec(name);
  if (!match) return undefined;
  const [, engine, y, mo, d, h, mi, s, extension] = match;
  if (extension !== EXTENSIONS[engine as BackupEngine]) return undefined;
  return {
    engine: engine as BackupEngine,
    at: new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`),
  };
}

export const checksumPathOf = (file: string) => `${file}.sha256`;

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

/** A name beside `path` for a file being written (never the final name, never reused). */
const partialPathOf = (path: string) =>
  join(
    dirname(path),
    `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.partial`,
  );

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Puts a finished file (`partial`, written and closed) in place as `path`, never over an existing
 * file, then writes its checksum beside it: a backup without its `.sha256` is one that did not
 * finish. Both are synced to disk, and so is the folder.
 */
async function finishBackupFile(partial: string, path: string): Promise<BackupFile> {
  await syncFile(partial);
  try {
    await link(partial, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BackupRefusedError(`A backup named ${path} is there already: nothing was written.`);
    }
    throw error;
  } finally {
    await unlink(partial).catch(() => undefined);
  }
  const sha256 = await sha256Of(path);
  const sidecar = checksumPathOf(path);
  const sidecarPartial = partialPathOf(sidecar);
  const handle = await open(sidecarPartial, 'wx', 0o600);
  try {
    await handle.writeFile(`${sha256}  ${basename(path)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(sidecarPartial, sidecar);
  await syncFile(dirname(path));
  return { path, bytes: (await stat(path)).size, sha256 };
}

/** The folder backups go to: made, readable by this machine account only, when it is new. */
async function backupFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
}

/** Writes the embedded database's gzipped tarball (`Database.snapshot`), with its checksum. */
export async function writeEmbeddedBackup(
  gzipped: Uint8Array,
  dir: string,
  at: Date,
): Promise<BackupFile> {
  await backupFolder(dir);
  const path = join(dir, backupFileName('pglite', at));
  const partial = partialPathOf(path);
  try {
    const handle = await open(partial, 'wx', 0o600);
    try {
      await handle.writeFile(gzipped);
    } finally {
      await handle.close();
    }
    return await finishBackupFile(partial, path);
  } finally {
    await unlink(partial).catch(() => undefined);
  }
}

/**
 * A PostgreSQL URL for the client tools, its password moved to PGPASSWORD so that it never
 * shows in the process list.
 */
function clientConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

const databaseNameOf = (url: string) =>
  decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';

/** Runs a PostgreSQL client tool; its last line of errors becomes the error's message. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4096);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupRefusedError(
              `${tool} is not installed: install PostgreSQL's client tools (apt-get install postgresql-client), of the server's version or newer.`,
            )
          : error,
      );
    });
    child.once('close', (code) => {
      if (code === 0) return resolve();
      const lines = stderr.trim().split('\n').filter(Boolean);
      reject(new Error(`${tool} failed: ${lines.at(-1) ?? `exit code ${code}`}`));
    });
  });
}

/**
 * `pg_dump --format=custom` of the database at `url`, with its checksum. The dump runs in a
 * snapshot exported by a transaction of our own, and `atSnapshot` runs in that transaction, so
 * what it reads is exactly what the dump holds (the backup counts its rows there).
 */
export async function backupPostgres<T>(
  url: string,
  dir: string,
  at: Date,
  atSnapshot: (query: RawQuery) => Promise<T>,
): Promise<{ file: BackupFile; seen: T }> {
  await backupFolder(dir);
  const path = join(dir, backupFileName('postgres', at));
  const partial = partialPathOf(path);
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    // Committed just before the snapshot, so the snapshot holds when it was taken (decision 141).
    await markBackupTaken(async (text, params) => (await client.query(text, params)).rows);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const exported = (
      await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot')
    ).rows[0]?.snapshot;
    if (!exported) throw new Error('PostgreSQL did not export a snapshot for pg_dump.');
    const seen = await atSnapshot(async (text, params) => (await client.query(text, params)).rows);
    // Made here, readable by this machine account only; pg_dump writes into it, keeping that.
    await (await open(partial, 'wx', 0o600)).close();
    const { dbname, env } = clientConnection(url);
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${exported}`,
        '--no-password',
        `--file=${partial}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    await client.query('COMMIT');
    return { file: await finishBackupFile(partial, path), seen };
  } finally {
    await unlink(partial).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/**
 * Checks a backup before anything is restored from it: its checksum file is there and matches,
 * and it is one of ours. Answers which database it is a backup of.
 */
export async function verifyBackup(
  file: string,
): Promise<{ engine: BackupEngine; sha256: string }> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new BackupRefusedError(`${file} is not a file: nothing was restored.`);
  const sidecar = checksumPathOf(file);
  const text = await readFile(sidecar, 'utf8').catch(() => undefined);
  if (text === undefined) {
    throw new BackupRefusedError(
      `${file} has no checksum beside it (${sidecar}), so it cannot be trusted: nothing was restored.`,
    );
  }
  const expected = /^([0-9a-f]{64}) [ *]/i.exec(text)?.[1]?.toLowerCase();
  if (!expected) {
    throw new BackupRefusedError(
      `${sidecar} is not a SHA-256 checksum line, so ${file} cannot be trusted: nothing was restored.`,
    );
  }
  const sha256 = await sha256Of(file);
  if (sha256 !== expected) {
    throw new BackupRefusedError(
      `${file} does not match its checksum (${sidecar}): it is damaged or was changed. Nothing was restored.`,
    );
  }
  const handle = await open(file, 'r');
  const head = Buffer.alloc(5);
  try {
    await handle.read(head, 0, 5, 0);
  } finally {
    await handle.close();
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return { engine: 'pglite', sha256 };
  if (head.toString('latin1') === 'PGDMP') return { engine: 'postgres', sha256 };
  throw new BackupRefusedError(
    `${file} is neither a backup of the embedded database nor a pg_dump archive: nothing was restored.`,
  );
}

async function isEmptyOrMissing(directory: string): Promise<boolean> {
  try {
    return (await readdir(directory)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * Restores a verified backup of the embedded database into `dataDir` (its `pglite` folder), which
 * must not hold a database: a restore never replaces one. The database is loaded beside it and
 * put in place once PGlite has opened it and counted its rows; the folder is locked meanwhile,
 * so a site cannot start on it half restored.
 */
export async function restoreEmbedded(file: string, dataDir: string): Promise<RowCounts> {
  const target = join(dataDir, 'pglite');
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  let lock;
  try {
    lock = await lockDataDir(target);
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error;
    throw new BackupRefusedError(
      `${dataDir} is in use by ${error.owner.purpose} (pid ${error.owner.pid}): a restore goes into a fresh data directory, never a running site's. Nothing was restored.`,
    );
  }
  const staging = `${target}.restoring-${process.pid}`;
  try {
    if (!(await isEmptyOrMissing(target))) {
      throw new BackupRefusedError(
        `${dataDir} holds an embedded database already (${target}): a restore never replaces one. Set DATA_DIR to a new folder, or move that one away first. Nothing was restored.`,
      );
    }
    await rm(staging, { recursive: true, force: true });
    // Output handed back in 4 MB chunks, not zlib's 16 KB: far fewer trips to the main thread.
    const tar = await gunzip(await readFile(file), { chunkSize: 4 * 1024 * 1024 });
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: staging,
      loadDataDir: new Blob([tar]),
    });
    let counts: RowCounts;
    try {
      counts = await countRows(database.query);
    } finally {
      await database.close();
    }
    await rmdir(target).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(staging, target);
    return counts;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await lock.release();
  }
}

/** How many tables, sequences and views of ours the database holds (not PostgreSQL's own). */
async function relationsIn(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'S', 'v', 'm', 'f')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'`,
  );
  // count(*) always answers one row.
  return rows[0]?.count ?? 0;
}

/**
 * Restores a verified `pg_dump` backup into the database at `url`, which must exist and be
 * empty: a restore never mixes with rows already there. One transaction: all or nothing. Owners
 * and grants of the original are not restored; the restoring role owns everything.
 */
export async function restorePostgres(file: string, url: string): Promise<RowCounts> {
  const name = databaseNameOf(url);
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code === '3D000') {
      throw new BackupRefusedError(
        `The database ${name} does not exist: create it (createdb ${name}), then restore into it. Nothing was restored.`,
      );
    }
    throw error;
  }
  try {
    const relations = await relationsIn(client);
    if (relations > 0) {
      throw new BackupRefusedError(
        `The database ${name} is not empty (${relations} tables, sequences or views): restore only into a new, empty database. Nothing was restored.`,
      );
    }
    const { dbname, env } = clientConnection(url);
    await runTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        '--no-password',
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
    return await countRows(async (text, params) => (await client.query(text, params)).rows);
  } finally {
    await client.end().catch(() => undefined);
  }
}
