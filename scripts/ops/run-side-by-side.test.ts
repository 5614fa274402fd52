import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const runner = fileURLToPath(new URL('./run-side-by-side.ts', import.meta.url));
// The runner is TypeScript, run as package.json runs it (through tsx), but from a directory of
// its own with no node_modules: tsx is named by its resolved address.
const tsx = import.meta.resolve('tsx');
const dir = mkdtempSync(join(tmpdir(), 'side-by-side-'));
writeFileSync(
  join(dir, 'package.json'),
  JSON.stringify({
    name: 'side-by-side-test',
    private: true,
    scripts: {
      slow: 'node -e "setTimeout(() => console.log(\'slow done\'), 400)"',
      fails: 'node -e "console.error(\'fails said why\'); process.exit(3)"',
      quick: 'node -e "console.log(\'quick done\')"',
    },
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...names: string[]) =>
  spawnSync(process.execPath, ['--import', tsx, runner, ...names], { cwd: dir, encoding: 'utf8' });

describe('run-side-by-side', () => {
  it('passes when every script passes, printing each one whole under its own line', () => {
    const result = run('slow', 'quick');
    expect(result.status).toBe(0);
    // One block per script, whichever ended first: its line, then all of its output.
    const blocks = result.stdout.split('── ').filter(Boolean);
    expect(blocks).toHaveLength(2);
    const block = (name: string) => blocks.find((b) => b.startsWith(`npm run ${name}:`)) ?? '';
    expect(block('quick')).toMatch(/^npm run quick: passed in [\d.]+ s\n[\s\S]*quick done\n$/);
    expect(block('quick')).not.toContain('slow done');
    expect(block('slow')).toMatch(/^npm run slow: passed in [\d.]+ s\n[\s\S]*slow done\n$/);
    expect(block('slow')).not.toContain('quick done');
  });

  it('fails when any script fails, after letting the others finish, and names it', () => {
    const result = run('slow', 'fails', 'quick');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('── npm run fails: FAILED (exit 3)');
    expect(result.stdout).toContain('fails said why');
    expect(result.stdout).toContain('slow done');
    expect(result.stderr).toContain('Failed: fails');
  });

  it('names a script that does not exist as failed', () => {
    const result = run('quick', 'no-such-script');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('── npm run no-such-script: FAILED');
    expect(result.stdout).toContain('quick done');
  });

  it('refuses to run nothing', () => {
    const result = run();
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('usage:');
  });
});
