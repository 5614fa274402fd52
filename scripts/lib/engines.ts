// Which installed packages say they need a newer Node than the one the site supports, checked
// against the list of those we have accepted on purpose (docs/decisions/010).
import semver from 'semver';

/**
 * Packages whose `engines.node` excludes the oldest Node we support, but which our tests run on
 * that Node every time. Each needs a reason; anything else that excludes it fails the check.
 * Empty: the two that were here are held on versions that support Node 20 by `overrides` in
 * package.json (docs/decisions/121), which is the first thing to try for the next one.
 */
export const ACCEPTED_ENGINE_EXCEPTIONS: Readonly<Record<string, string>> = {};

/**
 * The Node majors the site supports (README, docs/deployment.md, decision 121): the oldest that
 * package.json's "engines" allows, on which CI runs every test, and the newer ones on which
 * `npm run smoke:node` runs the built site. `.nvmrc` and the Dockerfile name one of them.
 */
export const SUPPORTED_NODE_MAJORS = [20, 22, 24, 26] as const;

export interface Lockfile {
  packages?: Record<
    string,
    { version?: string; engines?: { node?: unknown }; hasInstallScript?: boolean }
  >;
}

/** Lists `name@version (range)` for each locked package whose engines.node excludes `nodeVersion`. */
export function engineMismatches(
  lockfile: Lockfile,
  nodeVersion: string,
  accepted: Readonly<Record<string, string>> = ACCEPTED_ENGINE_EXCEPTIONS,
): string[] {
  const found = [];
  for (const [path, entry] of Object.entries(lockfile.packages ?? {})) {
    if (!path) continue;
    const range = entry.engines?.node;
    if (typeof range !== 'string' || semver.satisfies(nodeVersion, range)) continue;
    const name = path.replace(/^.*node_modules\//, '');
    if (Object.hasOwn(accepted, name)) continue;
    found.push(`${name}@${entry.version} (node ${range})`);
  }
  return found;
}
