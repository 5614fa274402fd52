// What `npm ci` would warn about, checked from the lockfile so that it fails lint instead:
// a locked dependency that declares it needs a newer Node than the oldest the site supports
// (package.json "engines"), unless it is an accepted exception (docs/decisions/010), and a
// dependency's install script that package.json's `allowScripts` neither approves nor denies
// (docs/decisions/121).
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { engineMismatches } from '../lib/engines.js';
import { staleAllowScripts, undecidedInstallScripts } from '../lib/install-scripts.js';

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));
const pkg = read('package.json');
const lockfile = read('package-lock.json');
const range: string = pkg.engines.node;
const oldest = semver.minVersion(range)?.version;
if (!oldest) throw new Error(`package.json engines.node is not a version range: ${range}`);

const problems: string[] = [];
const mismatches = engineMismatches(lockfile, oldest);
if (mismatches.length > 0) {
  problems.push(
    `These packages declare a Node range that excludes Node ${oldest}, the oldest we support:\n` +
      mismatches.map((m) => `  ${m}`).join('\n') +
      '\nPin a version that supports it (an "overrides" entry for a transitive one), or accept ' +
      'it in scripts/lib/engines.ts with a reason (docs/decisions/010, 121).',
  );
}
const allow = pkg.allowScripts ?? {};
const undecided = undecidedInstallScripts(lockfile, allow);
if (undecided.length > 0) {
  problems.push(
    'These packages have install scripts that package.json\'s "allowScripts" does not decide on:\n' +
      undecided.map((m) => `  ${m}`).join('\n') +
      '\nRead what each script does, then `npm install-scripts deny <name>` or ' +
      '`npm install-scripts approve <name>` (docs/decisions/121).',
  );
}
const stale = staleAllowScripts(lockfile, allow);
if (stale.length > 0) {
  problems.push(
    '"allowScripts" names packages that no longer have a locked install script: ' +
      `${stale.join(', ')}. Remove them (\`npm install-scripts prune\`).`,
  );
}
if (problems.length > 0) {
  console.error(problems.join('\n\n'));
  process.exit(1);
}
console.log(
  `Every locked package accepts Node ${oldest} (or is an accepted exception), and every ` +
    'install script is approved or denied in package.json.',
);
