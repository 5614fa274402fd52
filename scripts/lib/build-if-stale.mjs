// @ts-check
// Builds the site when there is no build or the sources changed since the last one: for the
// commands that run the production build (`npm start`, `npm run start:cluster`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const INPUTS = [
  'src',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  // They write the public pages' HTML (decision 100).
  'scripts/ops/build-web.ts',
  'scripts/ops/prerender.ts',
];

/**
 * @param {string} path
 * @returns {number}
 */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

/** @param {string} root the repository */
export function buildIfStale(root) {
  const stamp = join(root, 'dist', '.build-stamp');
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const sourcesAt = Math.max(...INPUTS.map((p) => newestMtime(join(root, p))));
  if (builtAt >= sourcesAt) return;
  process.stderr.write(
    builtAt ? 'Sources changed since the last build: building…\n' : 'No build yet: building…\n',
  );
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
