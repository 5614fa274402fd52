// `npm run smoke:node -- 22 24`: the built site on other Node majors than this machine's.
// Builds once with this machine's Node (when the sources changed since the last build), then
// runs the built site on this machine's Node and on the newest release of each major asked (no
// argument: every supported major, SUPPORTED_NODE_MAJORS in scripts/lib/engines.ts). A major's
// binary comes from the npm registry's `node-<platform>-<arch>` package, unpacked into a
// temporary folder. Each run starts the production server with the sandbox providers on a fresh
// temporary DATA_DIR and checks that /healthz and /readyz answer, and that Get Quotes answers 36
// questions with services and prices, the same answers on every Node. It prints the start time
// (spawn to a ready /readyz, migrations on an empty database included), response times and the
// stop time (SIGTERM to exit), stops the server and deletes what it unpacked and wrote.
// Exits 1 when a check fails on any Node.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { getQuotes } from '../../src/domain/api/orders.js';
import { quoteSearchOf } from '../../src/domain/quote-question.js';
import { buildIfStale } from '../lib/build-if-stale.mjs';
import { SUPPORTED_NODE_MAJORS } from '../lib/engines.js';
import { median, percentile } from '../lib/percentile.js';
import { QUOTE_REQUESTS } from '../lib/quote-questions.js';
import { root, startSandboxServer } from '../lib/sandbox-server.js';

const thisMajor = Number(process.versions.node.split('.')[0]);
const asked = process.argv.slice(2);
const majors = asked.length > 0 ? asked.map(toMajor) : SUPPORTED_NODE_MAJORS.map(Number);
const others = [...new Set(majors)].filter((major) => major !== thisMajor);

function toMajor(text: string): number {
  if (!/^\d{2}$/.test(text)) {
    console.error(
      `"${text}" is not a Node major; write one such as 22 (npm run smoke:node -- 22 24).`,
    );
    process.exit(2);
  }
  return Number(text);
}

/** The registry's package of Node binaries for this machine (linux-x64, darwin-arm64…). */
function binaryPackage(): string {
  if (process.platform !== 'linux' && process.platform !== 'darwin') {
    console.error(`smoke:node runs on Linux and macOS; this is ${process.platform}.`);
    process.exit(2);
  }
  return `node-${process.platform}-${process.arch}`;
}

/** Fetches the newest release of `major` into `folder`: its version and its `node` binary. */
function fetchNode(major: number, folder: string): { version: string; bin: string } {
  const pkg = `${binaryPackage()}@${major}`;
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const packed = spawnSync('npm', ['pack', pkg, '--pack-destination', folder, '--json'], {
    cwd: folder,
    encoding: 'utf8',
  });
  if (packed.status !== 0) {
    throw new Error(`npm pack ${pkg} failed:\n${packed.error?.message ?? packed.stderr.trim()}`);
  }
  const [info] = JSON.parse(packed.stdout) as { version: string; filename: string }[];
  if (!info) throw new Error(`npm pack ${pkg} named no file`);
  execFileSync('tar', ['-xzf', join(folder, info.filename), '-C', folder, 'package/bin/node']);
  rmSync(join(folder, info.filename));
  const bin = join(folder, 'package/bin/node');
  const reported = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${info.version}`) {
    throw new Error(`${pkg} unpacked a binary that says ${reported}, not v${info.version}`);
  }
  return { version: info.version, bin };
}

interface Timings {
  first: number;
  p50: number;
  p95: number;
}

interface Run {
  node: string;
  startMs: number;
  healthz: Timings;
  readyz: Timings;
  quotes: Timings;
  stopMs: number;
  exitCode: number | null;
  answers: unknown[];
  problems: string[];
}

const timings = (ms: number[]): Timings => ({
  first: ms[0] ?? NaN,
  p50: median(ms),
  p95: percentile(ms, 95),
});

/** Asks `path` and returns the time to the whole body, after `check` has read it. */
async function timed(
  base: string,
  path: string,
  check: (status: number, body: unknown) => string | undefined,
  problems: string[],
): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`);
  const text = await response.text();
  const ms = performance.now() - started;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A body that is not JSON fails the check below with what it said.
  }
  const problem = check(response.status, body);
  if (problem)
    problems.push(`${path}: ${problem} (answered ${response.status}: ${text.slice(0, 200)})`);
  return ms;
}

const answersStatus = (want: string) => (status: number, body: unknown) =>
  status === 200 && (body as { status?: unknown } | null)?.status === want
    ? undefined
    : `expected 200 with status "${want}"`;

const quotePaths = QUOTE_REQUESTS.map((request) => `${getQuotes.path}?${quoteSearchOf(request)}`);

/** Asks each check's path and times it; a request that fails outright is a problem too. */
async function ask(base: string, problems: string[], answers: unknown[]) {
  const ms = { healthz: [] as number[], readyz: [] as number[], quotes: [] as number[] };
  try {
    for (let i = 0; i < 20; i += 1) {
      ms.healthz.push(await timed(base, '/healthz', answersStatus('ok'), problems));
      ms.readyz.push(await timed(base, '/readyz', answersStatus('ready'), problems));
    }
    for (const path of quotePaths) {
      const check = (status: number, body: unknown) => {
        if (status !== 200) return 'expected 200';
        const parsed = getQuotes.responses[200].safeParse(body);
        if (!parsed.success) return `not a quote answer: ${parsed.error.message}`;
        if (parsed.data.services.length === 0) return 'no service offered';
        if (parsed.data.services.some((s) => s.pricePence <= 0)) return 'a service without a price';
        answers.push(parsed.data);
        return undefined;
      };
      ms.quotes.push(await timed(base, path, check, problems));
    }
  } catch (error) {
    problems.push(`a request failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return ms;
}

async function smoke(node: string, label: string): Promise<Run> {
  const problems: string[] = [];
  const answers: unknown[] = [];
  const started = performance.now();
  const { base, server, stop } = await startSandboxServer({
    node,
    stderr: 'pipe',
    readyWithinMs: 180_000,
  });
  const startMs = performance.now() - started;
  // The server logs to stdout; its stderr carries what Node itself says, such as a deprecation.
  let stderr = '';
  server.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    process.stderr.write(chunk);
  });
  const ms = await ask(base, problems, answers);
  const stopping = performance.now();
  await stop();
  const stopMs = performance.now() - stopping;
  const { exitCode } = server;
  if (exitCode !== 0) problems.push(`the server exited with ${exitCode} on SIGTERM, not 0`);
  const warnings = stderr.split('\n').filter((line) => /Warning\b/.test(line));
  problems.push(...warnings.map((line) => `Node warned: ${line.trim()}`));
  return {
    node: label,
    startMs,
    healthz: timings(ms.healthz),
    readyz: timings(ms.readyz),
    quotes: timings(ms.quotes),
    stopMs,
    exitCode,
    answers,
    problems,
  };
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(1)} ms`);
const row = (t: Timings) => `${fmt(t.first)} / ${fmt(t.p50)} / ${fmt(t.p95)}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** A Node the site did not start on, or whose binary could not be fetched. */
function failed(node: string, error: unknown): Run {
  const none = timings([]);
  return {
    node,
    startMs: NaN,
    healthz: none,
    readyz: none,
    quotes: none,
    stopMs: NaN,
    exitCode: null,
    answers: [],
    problems: [error instanceof Error ? error.message : String(error)],
  };
}

buildIfStale(root);
const folder = mkdtempSync(join(tmpdir(), 'boxabroad-node-'));
const runs: Run[] = [];
try {
  console.log(`Load average before: ${load()}`);
  const mine = `${process.version} (this machine)`;
  runs.push(await smoke(process.execPath, mine).catch((error) => failed(mine, error)));
  for (const major of others) {
    const fetchStarted = performance.now();
    try {
      const { version, bin } = fetchNode(major, join(folder, String(major)));
      console.log(`Fetched Node ${version} in ${fmt(performance.now() - fetchStarted)}`);
      runs.push(await smoke(bin, `v${version}`).catch((error) => failed(`v${version}`, error)));
    } catch (error) {
      runs.push(failed(`${major} (not fetched)`, error));
    }
  }
  console.log(`Load average after: ${load()}`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}

const reference = runs[0];
for (const run of runs.slice(1)) {
  if (reference && !isDeepStrictEqual(run.answers, reference.answers)) {
    run.problems.push(`its quote answers differ from those on ${reference.node}`);
  }
}
console.log(
  `\nBuilt site, fresh embedded database, sandbox providers; times are first / p50 / p95 ` +
    `(20 × /healthz and /readyz, ${quotePaths.length} different quote questions once each).`,
);
const line = (label: string, value: string) => `\n  ${label.padEnd(32)} ${value}`;
for (const run of runs) {
  console.log(
    `\nNode ${run.node}: ${run.problems.length === 0 ? 'every check passed' : 'FAILED'}` +
      line('start (spawn to ready /readyz)', fmt(run.startMs)) +
      line('GET /healthz', row(run.healthz)) +
      line('GET /readyz', row(run.readyz)) +
      line(`GET ${getQuotes.path}`, row(run.quotes)) +
      line(`stop (SIGTERM to exit ${run.exitCode})`, fmt(run.stopMs)) +
      run.problems.map((p) => `\n  ✗ ${p}`).join(''),
  );
}
if (runs.some((run) => run.problems.length > 0)) process.exitCode = 1;
