// `npm run dev`: the API (restarted on every change by `node --watch`, port API_PORT=3001) and
// Vite (port PORT=3000, proxying /api, /dev and the health checks to it).
//
// Settings come from the environment and then from `.env` at the repository's root, when there
// is one (a variable already set wins; no file is fine): see .env.example and
// docs/development.md. The API's JSON log lines are shown by pino-pretty, one readable line
// each; the server itself logs JSON as in production.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pretty from 'pino-pretty';

const root = fileURLToPath(new URL('../..', import.meta.url));
try {
  process.loadEnvFile(join(root, '.env'));
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}

const apiPort = process.env.API_PORT ?? '3001';
const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' },
});
api.stdout.pipe(
  pretty({
    colorize: process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
    singleLine: true,
  }),
);
const web = spawn(
  process.execPath,
  ['node_modules/vite/bin/vite.js', '--config', 'vite.config.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  },
);

const children = [api, web];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
