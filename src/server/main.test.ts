import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { productionSandboxEnv } from '#scripts/lib/sandbox-server.js';
import { sharedPaths } from '../../tests/support/private-files.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = ['--import', 'tsx', 'src/server/main.ts'];

/** Runs the site's entry point with `env` over this process's, to its end (it should refuse). */
function mainRefusing(env: NodeJS.ProcessEnv, options: SpawnSyncOptions = {}) {
  return spawnSync(process.execPath, MAIN, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
    ...options,
  });
}

// Each test starts a Node process with tsx (up to 30 s each under load, see `timeout` below).
describe('main', { timeout: 60_000 }, () => {
  it('exits non-zero naming the variable when the environment is invalid', () => {
    const result = mainRefusing({ PORT: 'abc', DATA_DIR: '.tmp/never-used' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT: must be a whole number between 0 and 65535 (got "abc")');
  });

  it('refuses to start in production without SMTP_URL unless sandboxes are allowed', () => {
    const result = mainRefusing({
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PROVIDERS: '',
      SMTP_URL: '',
      DATA_DIR: '.tmp/never-used',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('SMTP_URL: is required in production');
  });
});

describe.runIf(process.getuid?.() === 0)('a data directory another user owns', () => {
  it('stops the start with one line saying it cannot be made private', () => {
    // Owned by root and open to all; the site runs as another account (nobody), which may write
    // there but not take the others' rights away.
    const base = mkdtempSync(join(tmpdir(), 'boxabroad-main-owner-'));
    const dataDir = join(base, 'data');
    try {
      mkdirSync(dataDir, { mode: 0o777 });
      chmodSync(base, 0o755);
      chmodSync(dataDir, 0o777);
      const result = mainRefusing(
        { HOME: tmpdir(), DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0' },
        { uid: 65534, gid: 65534, timeout: 45_000 },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(
        `BoxAbroad cannot start. The data directory ${dataDir} cannot be made private: ` +
          `${dataDir} belongs to another user (EPERM), so others on this machine could read or ` +
          'change it. Give the whole directory to the account that runs BoxAbroad (chown -R), ' +
          'or choose another DATA_DIR.\n',
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe('main in production', () => {
  it('refuses to start with the courier simulator unless sandboxes are allowed', () => {
    const result = mainRefusing({ NODE_ENV: 'production', DATA_DIR: '.tmp/never-used' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('COURIER_PROVIDER: production refuses the courier simulator');
  });
});

/** Text to find, as a regular expression. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs a Node process to its end without blocking this one (the site's logs keep flowing). */
function run(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, args, { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('close', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
  });
}

/** Starts the site; resolves with its URL once it is ready, and the log it wrote until then. */
function startSite(env: NodeJS.ProcessEnv) {
  const site = spawn(process.execPath, MAIN, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((done) => site.once('exit', done));
  let out = '';
  const ready = new Promise<{ url: string; log: string }>((done, fail) => {
    site.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /"url":"(http:\/\/localhost:\d+)"[^\n]*"msg":"BoxAbroad is ready"/.exec(out);
      if (found?.[1]) done({ url: found[1], log: out });
    });
    void exited.then((code) => fail(new Error(`the site exited (${code}): ${out}`)));
  });
  return { site, exited, ready };
}

/** A site in production on the sandboxes, its data in `dataDir`, on a free port, logging info. */
function productionSandboxSite(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...productionSandboxEnv(dataDir),
    PORT: '0',
    LOG_LEVEL: 'info',
  };
}

/** Makes every folder under `dir` 0777 and every file 0666, as an old version left them. */
function loosen(dir: string): void {
  chmodSync(dir, 0o777);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) loosen(path);
    else if (entry.isFile()) chmodSync(path, 0o666);
  }
}

describe('admin:create and backup beside a running site (embedded database)', () => {
  it('goes through the site: the new operator signs in to it, its backup restores, and the directory has one owner', async () => {
    // A data directory the site makes itself (the test's own umask is the usual 022).
    const base = mkdtempSync(join(tmpdir(), 'boxabroad-main-'));
    const dataDir = join(base, 'data');
    const elsewhere = mkdtempSync(join(tmpdir(), 'boxabroad-main-restore-'));
    const env = productionSandboxSite(dataDir);
    const { site, exited, ready } = startSite(env);
    try {
      const { url } = await ready;
      const email = `beside.${Date.now()}@boxabroad.test`;
      // The commands, and a second site on the same directory, started at once (each takes
      // seconds to start; run side by side they cost the time of one).
      const [made, second, backup] = await Promise.all([
        run(
          [
            '--import',
            'tsx',
            'src/server/cli/admin.cli.ts',
            '--email',
            email,
            '--password',
            'operator password 1',
          ],
          env,
        ),
        run(MAIN, env),
        run(['--import', 'tsx', 'scripts/ops/backup.ts', '--dir', join(elsewhere, 'backups')], env),
      ]);
      expect(made.stderr).toBe('');
      expect(made.stdout).toBe(`Created the admin account ${email}.\n`);
      // The site still owns the directory: the command ran inside it.
      const lock = JSON.parse(readFileSync(join(dataDir, 'pglite.lock'), 'utf8'));
      expect(lock).toMatchObject({ pid: site.pid, purpose: 'the BoxAbroad server' });
      const signIn = await fetch(`${url}/api/v1/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email, password: 'operator password 1' }),
      });
      expect(signIn.status).toBe(200);
      expect((await signIn.json()).user).toMatchObject({ email, role: 'admin' });
      // The second site on the same directory was refused with a one-line reason.
      expect(second.status).toBe(1);
      expect(second.stderr).toBe(
        `BoxAbroad cannot start. The embedded database in ${dataDir} is in use by the BoxAbroad ` +
          `server (pid ${site.pid}, since ${lock.since}): one process at a time may open it. ` +
          'Stop that process first, or run two servers on PostgreSQL (DATABASE_URL).\n',
      );
      // npm run backup asked the site: a gzipped tarball and its checksum, the time the database
      // was held named.
      expect(backup.stderr).toBe('');
      const file = /: (\S+\.tar\.gz) \(/.exec(backup.stdout)?.[1];
      expect(backup.stdout).toMatch(
        /^Backed up the embedded database through the running site in [\d.]+ s: \S+\.tar\.gz \([\d.]+ MB; \d+ orders, \d+ payments, \d+ emails?; the database was held \d+ ms\), its SHA-256 in boxabroad-pglite-\d{8}T\d{6}Z\.tar\.gz\.sha256\.\n$/,
      );
      // npm run restore: into a fresh data directory, not the running site's.
      const [restored, refused] = await Promise.all([
        run(['--import', 'tsx', 'scripts/ops/restore.ts', file!], {
          ...env,
          DATA_DIR: join(elsewhere, 'data'),
        }),
        run(['--import', 'tsx', 'scripts/ops/restore.ts', file!], env),
      ]);
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toMatch(
        new RegExp(
          `^Restored ${escaped(file!)} \\(its checksum matches\\) into ${escaped(join(elsewhere, 'data', 'pglite'))} in [\\d.]+ s: `,
        ),
      );
      expect(existsSync(join(elsewhere, 'data', 'pglite', 'PG_VERSION'))).toBe(true);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toBe(
        `${dataDir} is in use by the BoxAbroad server (pid ${site.pid}): a restore goes into a ` +
          "fresh data directory, never a running site's. Nothing was restored.\n",
      );
      site.kill('SIGTERM');
      expect(await exited).toBe(0);
      // Let go on the way out.
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

      // Nobody else on the machine reads or writes any of it (decision 114): the data directory
      // the site made, the write-ahead log included, the backup, and the restored database.
      expect(readdirSync(join(dataDir, 'pglite', 'pg_wal')).length).toBeGreaterThan(0);
      expect(sharedPaths(dataDir)).toEqual([]);
      expect(sharedPaths(join(elsewhere, 'backups'))).toEqual([]);
      expect(sharedPaths(join(elsewhere, 'data'))).toEqual([]);
    } finally {
      site.kill('SIGKILL');
      rmSync(base, { recursive: true, force: true });
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 240_000);

  it('makes a data directory left open to everyone private at start, saying what it changed, and keeps it so through a backup and a restore', async () => {
    const base = mkdtempSync(join(tmpdir(), 'boxabroad-main-open-'));
    const dataDir = join(base, 'data');
    const env = productionSandboxSite(dataDir);
    try {
      // A database made and closed (the run's migrated snapshot, opened where the site keeps
      // it, as a restore writes one), then every folder 0777 and every file 0666.
      const made = await openDatabase({
        kind: 'pglite',
        dataDir: join(dataDir, 'pglite'),
        loadDataDir: new Blob([await readFile(inject('pgliteSnapshotPath'))]),
      });
      await made.close();
      loosen(dataDir);
      const loose = sharedPaths(dataDir).length;
      expect(loose).toBeGreaterThan(900);

      const again = startSite(env);
      try {
        const { log } = await again.ready;
        const said = log
          .split('\n')
          .map((line) => (line ? (JSON.parse(line) as { msg: string; folders?: number }) : null))
          .find((line) => line?.msg.startsWith('data directory: made'));
        expect(said?.msg).toMatch(
          /^data directory: made \d+ folder\(s\) and \d+ file\(s\) private/,
        );
        expect(said?.folders).toBeGreaterThan(0);
        // Private while it runs, not only once it has stopped.
        expect(sharedPaths(dataDir)).toEqual([]);
      } finally {
        again.site.kill('SIGTERM');
        expect(await again.exited).toBe(0);
      }
      expect(sharedPaths(dataDir)).toEqual([]);

      // A backup taken from the directory itself (no site running), then restored elsewhere.
      loosen(dataDir);
      const backup = await run(
        ['--import', 'tsx', 'scripts/ops/backup.ts', '--dir', join(base, 'backups')],
        env,
      );
      expect(backup.stdout).toMatch(/^Backed up the embedded database \(no site was running\)/);
      expect(backup.stderr).toMatch(/^\S+: made \d+ folder\(s\) and \d+ file\(s\) private/);
      const file = /: (\S+\.tar\.gz) \(/.exec(backup.stdout)?.[1];
      const restored = await run(['--import', 'tsx', 'scripts/ops/restore.ts', file!], {
        ...env,
        DATA_DIR: join(base, 'restored'),
      });
      expect(restored.stderr).toBe('');
      expect(sharedPaths(dataDir)).toEqual([]);
      expect(sharedPaths(join(base, 'backups'))).toEqual([]);
      expect(readdirSync(join(base, 'restored', 'pglite', 'pg_wal')).length).toBeGreaterThan(0);
      expect(sharedPaths(join(base, 'restored'))).toEqual([]);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }, 240_000);
});
