import { spawnSync } from 'node:child_process';
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
