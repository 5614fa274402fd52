import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every path under `dir` (itself included, symbolic links not followed) that group or others may
 * read, write or enter, with its mode: what a private data directory never has (decision 114).
 */
export function sharedPaths(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const info = lstatSync(path);
    if (info.isSymbolicLink()) return;
    if (info.mode & 0o077) found.push(`${path} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return found;
}
