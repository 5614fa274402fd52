// Summarises a V8 .cpuprofile (node --cpu-prof): the share of samples spent in each function
// (self time) and in each package or source area, so a profile can be quoted in a decision record.
// Usage: npx tsx scripts/bench/cpu-profile-top.ts FILE.cpuprofile [rows] [--skip SECONDS] [--until SECONDS]
// --skip leaves out the profile's first seconds (the server's start-up before the load began);
// --until leaves out what came after (bench:quote's /healthz phase follows its quotes).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const skipAt = args.indexOf('--skip');
const skipSeconds = skipAt >= 0 ? Number(args.splice(skipAt, 2)[1]) : 0;
const untilAt = args.indexOf('--until');
const untilSeconds = untilAt >= 0 ? Number(args.splice(untilAt, 2)[1]) : Infinity;
const [file, rowsText = '25'] = args;
if (!file) {
  console.error(
    'usage: npx tsx scripts/bench/cpu-profile-top.ts FILE.cpuprofile [rows] [--skip S] [--until S]',
  );
  process.exit(2);
}
/** The parts of a V8 .cpuprofile read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const hits = new Map<number, number>();
let at = 0;
let total = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at < skipSeconds * 1e6 || at >= untilSeconds * 1e6) return;
  hits.set(id, (hits.get(id) ?? 0) + 1);
  total += 1;
});

/** Where a function lives: a package under node_modules, our source, node's own, or V8. */
function area(url: string): string {
  if (!url) return '(v8 / native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const ours = url.match(/\/(dist\/server|src\/server|src\/domain|dist\/domain)\/(.*)$/);
  if (ours?.[2] !== undefined) return `ours: ${ours[2].split('/').slice(0, -1).join('/') || '.'}`;
  return url;
}

const byFunction = new Map<string, number>();
const byArea = new Map<string, number>();
for (const [id, count] of hits) {
  const node = byId.get(id);
  if (!node) continue;
  const { callFrame } = node;
  const name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url ? `${callFrame.url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + count);
  const where = area(callFrame.url);
  byArea.set(where, (byArea.get(where) ?? 0) + count);
}
const seconds = Math.min((profile.endTime - profile.startTime) / 1e6, untilSeconds) - skipSeconds;
const pct = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${total} samples over ${seconds.toFixed(1)} s`);
console.log('\nBy area (self time):');
for (const [where, n] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, Number(rowsText)))
  console.log(`${pct(n)}  ${where}`);
console.log('\nBy function (self time):');
for (const [name, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(rowsText)))
  console.log(`${pct(n)}  ${name}`);
