import { randomUUID } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * One process owns an embedded database directory (decision 073). PGlite keeps the database in
 * the memory of the process that opened it and writes it back to the directory: a second process
 * on the same directory sees none of the first one's changes, and the first overwrites the
 * second's. The owner holds `<dir>.lock` (beside the directory, in DATA_DIR), a file created
 * exclusively that names its process; a lock whose process no longer runs is taken over.
 */
export interface LockOwner {
  pid: number;
  /** What the owner is: "the BoxAbroad server", "npm run admin:create". */
  purpose: string;
  since: string;
}

export class DataDirectoryInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${dirname(dataDir)} is in use by ${owner.purpose} ` +
        `(pid ${owner.pid}, since ${owner.since}): one process at a time may open it. ` +
        'Stop that process first, or run two servers on PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

/** What the process says it is; the server sets it before it opens its database. */
let processPurpose = `process ${process.argv.slice(1, 2).join(' ') || 'node'}`;
export function setLockPurpose(purpose: string): void {
  processPurpose = purpose;
}

export const lockPathOf = (dataDir: string) => `${dataDir}.lock`;

/** The lock files this process holds. */
const heldHere = new Set<string>();

/** True while a process with this id runs (signal 0 only asks). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The owner named in a lock file, or undefined when there is none or it cannot be read. */
export async function readLockOwner(dataDir: string): Promise<LockOwner | undefined> {
  try {
    const parsed = JSON.parse(await readFile(lockPathOf(dataDir), 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid)) return undefined;
    return {
      pid: parsed.pid,
      purpose: String(parsed.purpose ?? 'another process'),
      since: String(parsed.since ?? 'an unknown time'),
    };
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock on an embedded database directory, or throws DataDirectoryInUseError naming the
 * process that holds it. The file appears whole or not at all (written beside it, then hard-linked
 * into place, which fails when the name exists), so a reader never sees half an owner.
 */
export async function lockDataDir(dataDir: string, purpose = processPurpose): Promise<DataDirLock> {
  const path = lockPathOf(dataDir);
  const owner: LockOwner = { pid: process.pid, purpose, since: new Date().toISOString() };
  const draft = join(dirname(path), `.${randomUUID()}.lock-draft`);
  await writeFile(draft, `${JSON.stringify(owner)}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await link(draft, path);
        heldHere.add(path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = await readLockOwner(dataDir);
      // A live holder: another running process, or this very process if it holds the lock
      // already (it must not open the directory twice). A lock naming this process's pid that
      // it does not hold is stale: in a container node is pid 1 at every start.
      const live =
        holder && (holder.pid === process.pid ? heldHere.has(path) : processRuns(holder.pid));
      if (live) throw new DataDirectoryInUseError(dataDir, holder);
      if (attempt >= 40) throw new DataDirectoryInUseError(dataDir, holder ?? owner);
      // A stale lock (its process is gone) or an unreadable one is taken over by one process
      // only: the one that creates the takeover marker named after it (exclusive, like the lock
      // itself). Only that process unlinks the stale lock; the others wait and try again, and
      // then meet the new owner's lock.
      const marker = `${path}.takeover-${holder ? `${holder.pid}-${holder.since}` : 'unreadable'}`;
      try {
        await link(draft, marker);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        await new Promise((resolve) => setTimeout(resolve, 25));
        continue;
      }
      try {
        // Still the stale owner's file? (Another taker may have finished meanwhile.)
        const now = await readLockOwner(dataDir);
        if (!now || (now.pid === holder?.pid && now.since === holder?.since)) {
          await unlink(path).catch(() => undefined);
        }
      } finally {
        await unlink(marker).catch(() => undefined);
      }
    }
  } finally {
    await unlink(draft).catch(() => undefined);
  }

  let released = false;
  const releaseNow = () => {
    if (released) return;
    released = true;
    heldHere.delete(path);
    process.off('exit', releaseNow);
    try {
      unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
  // A process that exits without closing its database (process.exit) still lets go of it; one
  // killed outright leaves a stale lock, taken over by the next opener.
  process.on('exit', releaseNow);
  return {
    path,
    release: async () => {
      if (released) return;
      const holder = await readLockOwner(dataDir);
      if (holder && holder.pid !== process.pid) {
        released = true;
        heldHere.delete(path);
        process.off('exit', releaseNow);
        return;
      }
      releaseNow();
    },
  };
}
