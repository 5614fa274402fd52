// Starts the production build on a fresh, throw-away data directory (for the browser tests).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'boxabroad-e2e-'));
const server = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'dist/server/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PROVIDERS: 'true',
      SMTP_URL: '',
      DATA_DIR: dataDir,
    },
  },
);
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
