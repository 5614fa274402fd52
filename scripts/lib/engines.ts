// Which installed packages say they need a newer Node than the one the site supports, checked
// against the list of those we have accepted on purpose (docs/decisions/010).
import semver from 'semver';

/**
 * Packages whose `engines.node` excludes the oldest Node we support, but which our tests run on
 * that Node every time. Each needs a reason; anything else that excludes it fails the check.
 */
export const ACCEPTED_ENGINE_EXCEPTIONS: Readonly<Record<string, string>> = {
  'content-disposition':
    '@fastify/static builds Content-Disposition headers with it (plain string code, no new Node API); served files are tested in every run.',
  cookie:
    'light-my-request (Fastify inject) parses Set-Cookie with it (plain string code, no new Node API); app.inject() runs in every integration test.',
};

export interface Lockfile {
  packages?: Record<string, { version?: string; engines?: { node?: unknown } }>;
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
