import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * The data directory is this machine account's alone (decision 114, docs/security.md): the
 * embedded database (its write-ahead log holds every session token and the app's secret), the
 * courier simulator's labels and the local mailbox's messages are in it. Folders 0700, files
 * 0600: nobody else on the machine reads or writes any of it.
 */

/** The process's umask while it holds the data: what it creates is for its own user only. */
export const PRIVATE_UMASK = 0o077;
/** The bits a private file or folder never has: group's and others'. */
const SHARED_BITS = 0o077;

/**
 * The first thing every command that opens the data does (the site, `admin:create`, backup and
 * restore, the courier simulator): files and folders it creates from now on have no group or
 * other bits, whatever mode the code creating them asks for. PGlite sets some modes itself
 * (the files of a new database come 0666 from its template, a few it writes at start 0644):
 * `makePrivate` after it opens and closes takes those back.
 */
export function keepNewFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

/** What `makePrivate` changed: counts, and the first few paths as examples. */
export interface Tightened {
  folders: number;
  files: number;
  /** Up to five of the paths changed, each with its mode before (`data/pglite 755`). */
  examples: string[];
}

/** A data directory whose files this process may not make private (another user owns them). */
export class DataDirectoryNotPrivateError extends Error {
  constructor(
    readonly directory: string,
    readonly path: string,
    readonly code: string,
  ) {
    super(
      `The data directory ${directory} cannot be made private: ${path} belongs to another ` +
        `user (${code}), so others on this machine could read or change it. Give the whole ` +
        'directory to the account that runs BoxAbroad (chown -R), or choose another DATA_DIR.',
    );
    this.name = 'DataDirectoryNotPrivateError';
  }
}

/**
 * Takes group and other bits off every folder and file under `dir`, `dir` included (a symbolic
 * link is left as it is and not followed). Answers what it changed; a path it may not change
 * (owned by another user) is a `DataDirectoryNotPrivateError`. A path that disappears meanwhile
 * (PGlite's temporary files) is skipped.
 */
export async function makePrivate(dir: string): Promise<Tightened> {
  const changed: Tightened = { folders: 0, files: 0, examples: [] };
  const visit = async (path: string): Promise<void> => {
    let info;
    try {
      info = await lstat(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (info.isSymbolicLink()) return;
    const mode = info.mode & 0o7777;
    if (mode & SHARED_BITS) {
      try {
        await chmod(path, mode & ~SHARED_BITS);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'EPERM';
        if (code === 'ENOENT') return;
        if (code === 'EPERM' || code === 'EACCES') {
          throw new DataDirectoryNotPrivateError(dir, path, code);
        }
        throw error;
      }
      if (info.isDirectory()) changed.folders += 1;
      else changed.files += 1;
      if (changed.examples.length < 5) {
        changed.examples.push(`${path} ${(mode & 0o777).toString(8)}`);
      }
    }
    if (info.isDirectory()) {
      let names: string[];
      try {
        names = await readdir(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const name of names) await visit(join(path, name));
    }
  };
  await visit(dir);
  return changed;
}

/** One line for the log: what was tightened, or nothing when nothing was. */
export function describeTightened(changed: Tightened): string | undefined {
  if (changed.folders + changed.files === 0) return undefined;
  return (
    `made ${changed.folders} folder(s) and ${changed.files} file(s) private ` +
    `(group and others could read or write them), e.g. ${changed.examples.join(', ')}`
  );
}

/**
 * mkdir -p that says why: Node's recursive mkdir answers ENOENT where a level cannot be made on
 * a read-only file system; making the levels one by one gives the real reason (EROFS, EACCES).
 */
export async function makeDirectory(directory: string): Promise<void> {
  try {
    await mkdir(directory, { recursive: true, mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const missing: string[] = [];
    for (let dir = directory; dir !== dirname(dir); dir = dirname(dir)) {
      missing.unshift(dir);
      if (
        await stat(dirname(dir)).then(
          () => true,
          () => false,
        )
      )
        break;
    }
    for (const dir of missing) await mkdir(dir, { mode: 0o700 }).catch(rethrowUnlessExists);
  }
}

function rethrowUnlessExists(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EEXIST') throw error;
}

/**
 * A data directory made ready for this process: created (0700) when missing, and everything
 * under it made private. `report` hears what had to change, for the caller's log or output.
 */
export async function privateDataDir(
  dir: string,
  report?: (changed: Tightened) => void,
): Promise<Tightened> {
  await makeDirectory(dir);
  const changed = await makePrivate(dir);
  if (changed.folders + changed.files > 0) report?.(changed);
  return changed;
}
