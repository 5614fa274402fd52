import { open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../../db/client.js';
import { unusableDirectory } from '../../db/client.js';
import { loadMigrations } from '../../db/migrate.js';

/** What `/readyz` answers: ready, or why not in one sentence. */
export type ReadinessAnswer = { ready: true } | { ready: false; reason: string };

export interface ReadinessOptions {
  /** The migration names this build expects, in order (read from its files once, at start). */
  expectedMigrations?: () => Promise<string[]>;
  /** How long a data directory's write probe is trusted before it is tried again. */
  probeEveryMs?: number;
  now?: () => number;
}

/** Written and removed in the data directory: can the site still write there? */
const PROBE_FILE = '.readiness-probe';

/**
 * Readiness that answers fast under load and tells the truth about storage (docs/operations.md,
 * "Health and readiness"): the build's migrations are read from disk once, at start, not per
 * probe; each probe asks the database which are applied (one indexed read), and, for the embedded
 * database, whether its folder can be written — a one-byte file written, synced and removed, at
 * most once every `probeEveryMs` (5 s), concurrent probes sharing the one in flight.
 */
export class Readiness {
  private readonly expected: Promise<string[]>;
  private readonly probeEveryMs: number;
  private readonly now: () => number;
  private lastProbe: { at: number; answer: Promise<string | null> } | undefined;

  constructor(
    private readonly database: Database,
    options: ReadinessOptions = {},
  ) {
    this.expected = (options.expectedMigrations ?? migrationNames)();
    // Until a probe awaits it, a failure to read the files must not be an unhandled rejection.
    this.expected.catch(() => undefined);
    this.probeEveryMs = options.probeEveryMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  async check(): Promise<ReadinessAnswer> {
    let applied: Set<string>;
    try {
      const rows = await this.database.query<{ version: string; name: string }>(
        'SELECT version, name FROM schema_migrations',
      );
      applied = new Set(rows.map((row) => `${row.version}_${row.name}`));
    } catch {
      return { ready: false, reason: 'The database is not reachable.' };
    }
    const pending = (await this.expected).filter((name) => !applied.has(name));
    if (pending.length > 0) {
      return { ready: false, reason: `Database migrations pending: ${pending.join(', ')}` };
    }
    const unwritable = await this.storageProblem();
    return unwritable ? { ready: false, reason: unwritable } : { ready: true };
  }

  /** Why the embedded database's folder cannot be written, or null when it can (or is remote). */
  private storageProblem(): Promise<string | null> {
    const dir = this.database.dataDir;
    if (!dir) return Promise.resolve(null);
    const now = this.now();
    if (this.lastProbe && now - this.lastProbe.at < this.probeEveryMs) return this.lastProbe.answer;
    const answer = probeWrite(dir);
    this.lastProbe = { at: now, answer };
    return answer;
  }
}

async function migrationNames(): Promise<string[]> {
  return (await loadMigrations()).map((m) => `${m.version}_${m.name}`);
}

async function probeWrite(dir: string): Promise<string | null> {
  const path = join(dir, PROBE_FILE);
  try {
    const file = await open(path, 'w', 0o600);
    try {
      await file.write('1');
      await file.sync();
    } finally {
      await file.close();
    }
    await unlink(path);
    return null;
  } catch (error) {
    const unusable = unusableDirectory(dir, error);
    return unusable ? unusable.message : `The data directory ${dir} cannot be written.`;
  }
}
