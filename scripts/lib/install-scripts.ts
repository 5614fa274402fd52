// Which locked packages have install scripts that package.json's `allowScripts` has not decided
// on, and which of its entries no longer match a locked package with one (docs/decisions/121).
// npm 11 runs an undecided script with a warning; we want each one approved or denied on purpose.
import semver from 'semver';
import type { Lockfile } from './engines.js';

/** package.json's `allowScripts`: `name` or `name@range` → run its install scripts or not. */
export type AllowScripts = Readonly<Record<string, boolean>>;

interface Entry {
  name: string;
  /** Absent: every version. */
  range?: string;
}

/** `esbuild`, `esbuild@0.28.2`, `@scope/pkg@^1 || ^2`. */
function parseEntry(key: string): Entry {
  const at = key.indexOf('@', 1);
  return at === -1 ? { name: key } : { name: key.slice(0, at), range: key.slice(at + 1) };
}

function covers(entry: Entry, name: string, version: string | undefined): boolean {
  if (entry.name !== name) return false;
  if (entry.range === undefined) return true;
  return version !== undefined && semver.satisfies(version, entry.range);
}

/** Each locked package with an install script, as `name@version`. */
function withInstallScripts(lockfile: Lockfile): { name: string; version?: string }[] {
  return Object.entries(lockfile.packages ?? {})
    .filter(([path, entry]) => path !== '' && entry.hasInstallScript === true)
    .map(([path, entry]) => ({
      name: path.replace(/^.*node_modules\//, ''),
      ...(entry.version ? { version: entry.version } : {}),
    }));
}

/** `name@version` of each locked package with an install script no `allowScripts` entry decides. */
export function undecidedInstallScripts(lockfile: Lockfile, allow: AllowScripts): string[] {
  const entries = Object.keys(allow).map(parseEntry);
  return withInstallScripts(lockfile)
    .filter((pkg) => !entries.some((entry) => covers(entry, pkg.name, pkg.version)))
    .map((pkg) => `${pkg.name}@${pkg.version ?? '?'}`);
}

/** `allowScripts` keys that match no locked package with an install script (left over). */
export function staleAllowScripts(lockfile: Lockfile, allow: AllowScripts): string[] {
  const packages = withInstallScripts(lockfile);
  return Object.keys(allow).filter((key) => {
    const entry = parseEntry(key);
    return !packages.some((pkg) => covers(entry, pkg.name, pkg.version));
  });
}
