// Runs package.json scripts at the same time and fails when any of them fails:
//   npx tsx scripts/ops/run-side-by-side.ts lint:eslint lint:prettier typecheck
// ESLint, Prettier and tsc each keep one core busy, so on two cores they finish together sooner
// than one after the other (docs/decisions/071-static-checks-side-by-side.md). Each script's
// output is held and printed whole when it ends, under a line with its name, result and time, so
// the outputs never interleave. Every script runs to its end, even after another has failed, so
// one run reports every problem.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: npx tsx scripts/ops/run-side-by-side.ts SCRIPT [SCRIPT ...]');
  process.exit(2);
}

interface Result {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

/** Runs `npm run <name>`; resolves with its exit code, its output and its time. */
function run(name: string): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const finish = (code: number, error?: Error) => {
      const output = Buffer.concat(chunks).toString() + (error ? `${error.message}\n` : '');
      resolve({ name, code, output, seconds: (performance.now() - started) / 1000 });
    };
    child.on('error', (error) => finish(1, error));
    // A script killed by a signal has no exit code: it failed.
    child.on('close', (code) => finish(code ?? 1));
  });
}

const results = await Promise.all(
  names.map((name) =>
    run(name).then((result) => {
      const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
      console.log(`── npm run ${name}: ${verdict} in ${result.seconds.toFixed(1)} s`);
      if (result.output.trim() !== '') process.stdout.write(result.output.replace(/\n?$/, '\n'));
      return result;
    }),
  ),
);
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
