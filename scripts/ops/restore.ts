// `npm run restore -- FILE`: brings a backup back after checking it against FILE.sha256
// (docs/operations.md, "Backups"; decision 093). A backup of the embedded database goes into
// DATA_DIR, which must hold no database yet; a PostgreSQL one into the empty database
// DATABASE_URL names. Nothing already there is ever replaced.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../../src/server/backup.js';
import { setLockPurpose } from '../../src/server/db/data-dir-lock.js';
import { errorMessage } from '../../src/server/error-message.js';
import { keepNewFilesPrivate } from '../../src/server/private-files.js';
import { databaseTarget, formatCounts, restorePlanText, shownPath } from './backup-target.js';

const usage =
  'Usage: npm run restore -- FILE\n' +
  '  FILE is checked against FILE.sha256, then restored: a backup of the embedded database into\n' +
  '  DATA_DIR (default ./data), which must not hold a database yet; a PostgreSQL backup into the\n' +
  '  existing, empty database that DATABASE_URL names.';

async function run(): Promise<void> {
  // The restored database is its user's alone: folders 0700, files 0600 (decision 114).
  keepNewFilesPrivate();
  const { values, positionals } = parseArgs({
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) {
    process.stderr.write(`${usage}\n`);
    process.exitCode = 1;
    return;
  }
  const target = databaseTarget(process.env);
  setLockPurpose('npm run restore');
  const started = performance.now();
  const restored = await restoreBackup(target, resolve(file));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const into = restored.engine === 'pglite' ? shownPath(restored.into) : restored.into;
  process.stdout.write(
    `Restored ${file} (its checksum matches) into ${into} in ${seconds} s: ` +
      `${formatCounts(restored.counts)}. ` +
      (restored.engine === 'pglite'
        ? `Start the site with DATA_DIR=${target.dataDir}; it applies any newer migrations.\n`
        : 'Start the site with DATABASE_URL set to it; it applies any newer migrations.\n') +
      restorePlanText(restored.plan),
  );
}

try {
  await run();
} catch (error) {
  process.stderr.write(`${errorMessage(error)}\n`);
  process.exitCode = 1;
}
