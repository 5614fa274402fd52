import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * npm runs a script through `sh -c`, and passes a SIGTERM it gets to that shell only, which dies
 * without passing it on: the site's process would be left running, holding the data directory's
 * lock. `exec` puts the start script in the shell's place, so the signal reaches it, and it
 * passes it to the server (scripts/run/start.mjs; docs/operations.md, "Starting and stopping").
 */
const scripts = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
).scripts;

describe('the start scripts', () => {
  it.each(['start', 'start:cluster'])('npm run %s execs its process', (name) => {
    expect(scripts[name]).toMatch(/^exec node scripts\/run\//);
  });

  it('the start script passes SIGTERM and SIGINT to the server and stops it if orphaned', () => {
    const start = readFileSync('scripts/run/start.mjs', 'utf8');
    expect(start).toMatch(/\['SIGINT', 'SIGTERM'\]/);
    expect(start).toMatch(/process\.ppid !== parent\) server\.kill\('SIGTERM'\)/);
  });
});
