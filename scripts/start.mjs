// `npm start`: builds the site if the build is missing or older than the sources, then runs the
// production server on the embedded defaults (PGlite under ./data, sandbox providers: the
// sandbox opt-in ALLOW_SANDBOX_PROVIDERS=true is set unless the environment says otherwise).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist', '.build-stamp');
const inputs = [
  'src',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...inputs.map((p) => newestMtime(join(root, p))));
if (builtAt < sourcesAt) {
  process.stderr.write(
    builtAt ? 'Sources changed since the last build: building…\n' : 'No build yet: building…\n',
  );
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'dist/server/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    // The embedded defaults run the sandbox providers, which production refuses without this.
    env: { NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: 'true', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
