// `npm run backup -- [--dir DIR] [--prune]`: a consistent, compressed backup of the site's
// database with its SHA-256 beside it (docs/operations.md, "Backups"; decision 093). The database
// is the one the site uses: DATABASE_URL's (pg_dump), else the embedded one in DATA_DIR (through
// the running site's command channel, or opened here when no site runs).
import { readdir, stat, unlink } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { takeBackup } from '../../src/server/backup.js';
import { checksumPathOf, parseBackupFileName } from '../../src/server/db/backup.js';
import { setLockPurpose } from '../../src/server/db/data-dir-lock.js';
import { errorMessage } from '../../src/server/error-message.js';
import {
  describeTightened,
  keepNewFilesPrivate,
  makePrivate,
} from '../../src/server/private-files.js';
import { backupsToDelete, RETENTION } from './backup-retention.js';
import { databaseTarget, formatBytes, formatCounts, shownPath } from './backup-target.js';

const usage =
  'Usage: npm run backup -- [--dir DIR] [--prune]\n' +
  '  Backs up the database of DATABASE_URL, else the embedded one in DATA_DIR, into DIR\n' +
  '  (default: backups). --prune then deletes the backups in DIR that the retention no longer\n' +
  `  keeps: all of the last ${RETENTION.everyForHours} hours, the newest of each day for ` +
  `${RETENTION.dailyForDays} days, of each month for a year.`;

/** A file left by a backup that was killed while writing, once this old. */
const STALE_PARTIAL_MS = 24 * 60 * 60_000;

async function prune(dir: string, now: Date): Promise<string[]> {
  const names = await readdir(dir);
  const backups = names.flatMap((name) => {
    const parsed = parseBackupFileName(name);
    return parsed ? [{ name, ...parsed }] : [];
  });
  const removed: string[] = [];
  for (const backup of backupsToDelete(backups, now)) {
    const path = join(dir, backup.name);
    await unlink(checksumPathOf(path)).catch(() => undefined);
    await unlink(path);
    removed.push(backup.name);
  }
  for (const name of names.filter((n) => n.startsWith('.boxabroad-') && n.endsWith('.partial'))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now.getTime() - info.mtimeMs > STALE_PARTIAL_MS) {
      await unlink(path).catch(() => undefined);
    }
  }
  return removed;
}

async function run(): Promise<void> {
  // What this command writes is its user's alone, the data directory too (decision 114).
  keepNewFilesPrivate();
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      prune: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const target = databaseTarget(process.env);
  if (!target.databaseUrl) {
    const said = describeTightened(await makePrivate(target.dataDir));
    if (said) process.stderr.write(`${target.dataDir}: ${said}.\n`);
  }
  const dir = resolve(values.dir ?? 'backups');
  setLockPurpose('npm run backup');
  const started = performance.now();
  const at = new Date();
  const taken = await takeBackup(target, dir, at);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const what =
    taken.engine === 'postgres'
      ? 'the PostgreSQL database with pg_dump'
      : taken.by === 'site'
        ? 'the embedded database through the running site'
        : 'the embedded database (no site was running)';
  const held = taken.heldMs === undefined ? '' : `; the database was held ${taken.heldMs} ms`;
  process.stdout.write(
    `Backed up ${what} in ${seconds} s: ${shownPath(taken.file.path)} ` +
      `(${formatBytes(taken.file.bytes)}; ${formatCounts(taken.counts)}${held}), ` +
      `its SHA-256 in ${basename(checksumPathOf(taken.file.path))}.\n`,
  );
  if (values.prune) {
    const removed = await prune(dir, at);
    process.stdout.write(
      removed.length === 0
        ? 'Pruned nothing: every backup is still kept.\n'
        : `Pruned ${removed.length} backup${removed.length === 1 ? '' : 's'} the retention no longer keeps: ${removed.join(', ')}.\n`,
    );
  }
}

try {
  await run();
} catch (error) {
  process.stderr.write(`${errorMessage(error)}\n`);
  if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`${usage}\n`);
  }
  process.exitCode = 1;
}
