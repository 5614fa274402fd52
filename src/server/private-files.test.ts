import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedPaths } from '../../tests/support/private-files.js';
import { describeTightened, makePrivate, privateDataDir } from './private-files.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'boxabroad-private-'));
  made.push(dir);
  return dir;
};

describe('makePrivate', () => {
  it('takes group and other bits off every folder and file, follows no link, and says what it changed', async () => {
    const base = scratch();
    const dir = join(base, 'data');
    mkdirSync(join(dir, 'pglite', 'pg_wal'), { recursive: true });
    writeFileSync(join(dir, 'pglite', 'pg_wal', '000000010000000000000001'), 'wal');
    writeFileSync(join(dir, 'pglite', 'PG_VERSION'), '17');
    writeFileSync(join(dir, 'already-private'), 'x', { mode: 0o600 });
    // A file outside the directory, linked from inside: left as it is.
    const outside = join(base, 'outside.txt');
    writeFileSync(outside, 'not ours to change');
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(dir, 'link'));
    for (const folder of [dir, join(dir, 'pglite'), join(dir, 'pglite', 'pg_wal')]) {
      chmodSync(folder, 0o777);
    }
    chmodSync(join(dir, 'pglite', 'pg_wal', '000000010000000000000001'), 0o666);
    chmodSync(join(dir, 'pglite', 'PG_VERSION'), 0o640);
    // Set-user and sticky bits are kept: only group's and others' are taken.
    chmodSync(join(dir, 'pglite'), 0o1777);

    const changed = await makePrivate(dir);
    expect(changed).toMatchObject({ folders: 3, files: 2 });
    expect(changed.examples).toContain(`${dir} 777`);
    expect(describeTightened(changed)).toMatch(/^made 3 folder\(s\) and 2 file\(s\) private/);
    expect(sharedPaths(dir)).toEqual([]);
    expect(statSync(join(dir, 'pglite')).mode & 0o7777).toBe(0o1700);
    expect(statSync(join(dir, 'pglite', 'pg_wal', '000000010000000000000001')).mode & 0o777).toBe(
      0o600,
    );
    expect(statSync(outside).mode & 0o777).toBe(0o644);

    // Nothing left to change the second time.
    expect(await makePrivate(dir)).toEqual({ folders: 0, files: 0, examples: [] });
    expect(describeTightened({ folders: 0, files: 0, examples: [] })).toBeUndefined();
  });

  it('makes a missing data directory 0700, and reports only what had to change', async () => {
    const dir = join(scratch(), 'new', 'data');
    const reports: unknown[] = [];
    await privateDataDir(dir, (changed) => reports.push(changed));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(reports).toEqual([]);
  });
});
