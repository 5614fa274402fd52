/**
 * `npm run courier:simulator -- --port N` works from a checkout: the script of package.json,
 * started as npm would, answers a spec-shaped GetQuoteMinimal with both kept services.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '#tests/support/free-port.js';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { LARGE_BOX, routeQuery } from '#tests/support/courier.js';
import { toQuoteMinimalBody } from '../transglobal/transglobal.mapper.js';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGTERM');
});

// Starts a second Node process: well under a second when quiet, many seconds on a busy machine.
it('serves GetQuoteMinimal on the given port', { timeout: 30_000 }, async () => {
  const scripts = (
    JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const [command, ...args] = scripts['courier:simulator']!.split(' ');
  expect(command).toBe('node');
  const port = await freePort();
  child = spawn(process.execPath, [...args, '--port', String(port)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  await new Promise<void>((resolve, reject) => {
    let stderr = '';
    child!.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes(`listening on http://127.0.0.1:${port}`)) resolve();
    });
    child!.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });

  const response = await fetch(`http://localhost:${port}/quote/v2/getQuoteMinimal`, {
    method: 'POST',
    body: JSON.stringify({
      Credentials: { APIKey: 'key', Password: 'password' },
      // A large box from London to New York, as our client writes it.
      ...toQuoteMinimalBody(
        routeQuery({
          delivery: { countryId: 232, countryCode: 'US', postcode: '10001', city: 'New York' },
          packages: [LARGE_BOX],
        }),
      ),
    }),
  });
  const reply = (await response.json()) as {
    Status: string;
    ServiceResults: { ServiceName: string }[];
  };
  expect(reply.Status).toBe('SUCCESS');
  const names = reply.ServiceResults.map((s) => s.ServiceName);
  expect(names).toEqual(
    expect.arrayContaining(['TG Express Worldwide', 'TG International Economy']),
  );
});
