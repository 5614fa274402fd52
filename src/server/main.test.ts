import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

// Each test starts a Node process with tsx (up to 30 s each under load, see `timeout` below).
describe('main', { timeout: 60_000 }, () => {
  it('exits non-zero naming the variable when the environment is invalid', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'abc', DATA_DIR: '.tmp/never-used' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT: must be a whole number between 0 and 65535 (got "abc")');
  });

  it('refuses to start in production without SMTP_URL unless sandboxes are allowed', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ALLOW_SANDBOX_PROVIDERS: '',
        SMTP_URL: '',
        DATA_DIR: '.tmp/never-used',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('SMTP_URL: is required in production');
  });
});

describe('main in production', () => {
  it('refuses to start with the courier simulator unless sandboxes are allowed', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: '.tmp/never-used' },
      encoding: 'utf8',
      timeout: 30_000,
    });
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

describe('admin:create and backup beside a running site (embedded database)', () => {
  it('goes through the site: the new operator signs in to it, its backup restores, and the directory has one owner', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'boxabroad-main-'));
    const elsewhere = mkdtempSync(join(tmpdir(), 'boxabroad-main-restore-'));
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PROVIDERS: 'true',
      SMTP_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'info',
    };
    const site = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((done) => site.once('exit', done));
    try {
      const url = await new Promise<string>((done, fail) => {
        let out = '';
        site.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const ready = /"url":"(http:\/\/localhost:\d+)"[^\n]*"msg":"BoxAbroad is ready"/.exec(
            out,
          );
          if (ready?.[1]) done(ready[1]);
        });
        void exited.then((code) => fail(new Error(`the site exited (${code}): ${out}`)));
      });
      const email = `beside.${Date.now()}@boxabroad.test`;
      // The commands, and a second site on the same directory, started at once (each takes
      // seconds to start; run side by side they cost the time of one).
      const [made, second, backup] = await Promise.all([
        run(
          [
            '--import',
            'tsx',
            'src/server/modules/accounts/create-admin.cli.ts',
            '--email',
            email,
            '--password',
            'operator password 1',
          ],
          env,
        ),
        run(['--import', 'tsx', 'src/server/main.ts'], env),
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
    } finally {
      site.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 240_000);
});
