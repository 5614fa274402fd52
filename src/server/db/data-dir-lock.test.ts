// Embedded database only: the lock that keeps a second process off one PGlite directory.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirectoryInUseError, lockDataDir, lockPathOf } from './data-dir-lock.js';

let root: string;
let dataDir: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'boxabroad-lock-'));
  dataDir = join(root, 'pglite');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the embedded data directory lock', () => {
  it('refuses a second opener of the same directory, naming the owner, until it lets go', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const owner = JSON.parse(await readFile(lockPathOf(dataDir), 'utf8'));
      expect(owner.pid).toBe(process.pid);
      const second = openDatabase({ kind: 'pglite', dataDir });
      await expect(second).rejects.toBeInstanceOf(DataDirectoryInUseError);
      await expect(second).rejects.toThrow(
        new RegExp(
          `^The embedded database in ${root} is in use by .* \\(pid ${process.pid}, since `,
        ),
      );
    } finally {
      await database.close();
    }
    expect(existsSync(lockPathOf(dataDir))).toBe(false);
    // Free again: the next opener takes it.
    const lock = await lockDataDir(dataDir, 'the next one');
    await lock.release();
  });

  it('takes over a lock left by a process that is no longer running', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    await writeFile(
      lockPathOf(dataDir),
      JSON.stringify({ pid: gone, purpose: 'a crashed server', since: '2026-01-01T00:00:00Z' }),
    );
    const lock = await lockDataDir(dataDir, 'the new owner');
    try {
      const owner = JSON.parse(await readFile(lock.path, 'utf8'));
      expect(owner).toMatchObject({ pid: process.pid, purpose: 'the new owner' });
    } finally {
      await lock.release();
    }
  });

  it('takes over a stale lock naming this very process, as a restarted container finds it', async () => {
    // In a container node is pid 1 at every start: the lock of the killed run names it.
    await writeFile(
      lockPathOf(dataDir),
      JSON.stringify({
        pid: process.pid,
        purpose: 'the killed run',
        since: '2026-01-01T00:00:00Z',
      }),
    );
    const lock = await lockDataDir(dataDir, 'the restarted server');
    try {
      expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({
        purpose: 'the restarted server',
      });
      // Held now: a second opener in this process is refused.
      await expect(lockDataDir(dataDir, 'again')).rejects.toBeInstanceOf(DataDirectoryInUseError);
    } finally {
      await lock.release();
    }
  });

  it('gives a stale lock to one taker only, however many try at once', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    for (let round = 0; round < 10; round += 1) {
      await writeFile(
        lockPathOf(dataDir),
        JSON.stringify({ pid: gone, purpose: 'a crashed server', since: `round ${round}` }),
      );
      const tries = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => lockDataDir(dataDir, `taker ${i}`)),
      );
      const won = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
      expect(won, `round ${round}`).toHaveLength(1);
      for (const t of tries) {
        if (t.status === 'rejected') expect(t.reason).toBeInstanceOf(DataDirectoryInUseError);
      }
      await won[0]!.release();
    }
  });
});
