// Fails when a locked dependency declares it needs a newer Node than the oldest the site
// supports (package.json "engines"), unless it is an accepted exception (docs/decisions/010).
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { engineMismatches } from '../lib/engines.js';

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));
const range: string = read('package.json').engines.node;
const oldest = semver.minVersion(range)?.version;
if (!oldest) throw new Error(`package.json engines.node is not a version range: ${range}`);
const mismatches = engineMismatches(read('package-lock.json'), oldest);
if (mismatches.length > 0) {
  console.error(
    `These packages declare a Node range that excludes Node ${oldest}, the oldest we support:\n` +
      mismatches.map((m) => `  ${m}`).join('\n') +
      '\nPin a version that supports it, or accept it in scripts/lib/engines.ts with a reason ' +
      '(docs/decisions/010).',
  );
  process.exit(1);
}
console.log(`Every locked package accepts Node ${oldest} (or is an accepted exception).`);
