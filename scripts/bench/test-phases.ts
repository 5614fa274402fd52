// Runs `npm test` phase by phase and prints how long each took, with the machine's load beside
// it (the figures in docs/decisions/018 come from here). The phases are read from package.json's
// "test" script: each `a && b && c` step, and each `npm run x` inside it expanded one level, so
// this always times what `npm test` runs. Vitest and Playwright also write JSON reports to .tmp/,
// from which the time spent per project is summed (test time, not wall time: files and specs
// run side by side).
//
//   npx tsx scripts/bench/test-phases.ts            (set CI=true and TEST_DATABASE_URL as CI does)
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scripts: Record<string, string> = JSON.parse(
  readFileSync(join(root, 'package.json'), 'utf8'),
).scripts;
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const VITEST_JSON = join(tmp, 'timing-vitest.json');
const PLAYWRIGHT_JSON = join(tmp, 'timing-playwright.json');

/** `npm run x && y` → the shell commands it runs, `npm run` expanded one level. */
function phases(script: string) {
  const steps: { name: string; command: string }[] = [];
  for (const part of script.split('&&').map((s) => s.trim())) {
    const run = /^npm run ([\w:-]+)$/.exec(part);
    const inner = run?.[1] ? scripts[run[1]]?.split('&&').map((s) => s.trim()) : undefined;
    if (run && inner) {
      for (const command of inner) {
        const nested = /^npm run ([\w:-]+)$/.exec(command);
        steps.push({ name: nested?.[1] ?? `${run[1]}: ${command}`, command });
      }
    } else steps.push({ name: part, command: part });
  }
  return steps;
}

/** The parts of Playwright's JSON report read here. */
interface PlaywrightSuite {
  specs?: { tests?: { projectName: string; results?: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/** Adds JSON reporters to the test runners so their time per project can be summed. */
function instrument(command: string) {
  if (/^vitest run\b/.test(command))
    return `${command} --reporter=default --reporter=json --outputFile.json=${VITEST_JSON}`;
  if (/^playwright test\b/.test(command)) return `${command} --reporter=list,json`;
  return command;
}

function run(command: string) {
  return new Promise<number>((resolve) => {
    const child = spawn(command, {
      cwd: root,
      shell: true,
      stdio: 'inherit',
      env: {
        ...process.env,
        PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}`,
        PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON,
      },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const rows: {
  name: string;
  ms: number;
  loadBefore: string;
  loadAfter: string;
  code: number;
}[] = [];
const started = Date.now();
let failed = false;
for (const phase of phases(scripts.test ?? '')) {
  const loadBefore = load();
  const t0 = Date.now();
  const code = await run(instrument(phase.command));
  rows.push({ name: phase.name, ms: Date.now() - t0, loadBefore, loadAfter: load(), code });
  if (code !== 0) {
    failed = true;
    break;
  }
}
const total = Date.now() - started;

const perProject: [string, number][] = [];
if (existsSync(VITEST_JSON)) {
  const report = JSON.parse(readFileSync(VITEST_JSON, 'utf8'));
  const sums = new Map<string, number>();
  for (const file of report.testResults ?? []) {
    const project = file.assertionResults?.[0]?.meta?.project ?? projectOf(file.name);
    const ms = (file.endTime ?? 0) - (file.startTime ?? 0);
    sums.set(project, (sums.get(project) ?? 0) + ms);
  }
  for (const [project, ms] of sums) perProject.push([`vitest ${project} (sum of files)`, ms]);
}
if (existsSync(PLAYWRIGHT_JSON)) {
  const report = JSON.parse(readFileSync(PLAYWRIGHT_JSON, 'utf8'));
  const sums = new Map<string, number>();
  const counts = new Map<string, number>();
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) {
          sums.set(test.projectName, (sums.get(test.projectName) ?? 0) + result.duration);
          counts.set(test.projectName, (counts.get(test.projectName) ?? 0) + 1);
        }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  for (const [project, ms] of sums)
    perProject.push([`playwright ${project} (${counts.get(project)} tests, sum)`, ms]);
}

/** Vitest's JSON report names no project: the integration files run once per database. */
function projectOf(path: string) {
  return /src\/server\//.test(path) && !/providers\/courier/.test(path) ? 'integration' : 'unit';
}

console.log('\nPhase timings (load average 1/5/15 min before → after)');
for (const row of rows)
  console.log(
    `  ${row.name.padEnd(44)} ${seconds(row.ms).padStart(8)}   load ${row.loadBefore} → ${row.loadAfter}${row.code ? `   FAILED (${row.code})` : ''}`,
  );
console.log(`  ${'total'.padEnd(44)} ${seconds(total).padStart(8)}`);
if (perProject.length) {
  console.log('\nTime per test project (sums, not wall time)');
  for (const [name, ms] of perProject)
    console.log(`  ${name.padEnd(44)} ${seconds(ms).padStart(8)}`);
}
process.exit(failed ? 1 : 0);
