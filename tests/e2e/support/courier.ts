import type { CallCounts } from '#src/server/providers/courier/simulator/simulator.server.js';

/**
 * The courier simulator's control (docs/providers.md): its behaviour switches, for the specs of
 * the provider-failures project only, and a booked order's tracking scenario, for the
 * sandbox-clock project's (playwright.config.ts): both run alone, after every other spec.
 */
export async function courierControl(settings: Record<string, unknown>): Promise<void> {
  const port = process.env.E2E_COURIER_PORT;
  if (!port) throw new Error('E2E_COURIER_PORT is not set (see playwright.config.ts)');
  const response = await fetch(`http://127.0.0.1:${port}/__control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  if (!response.ok) throw new Error(`courier control failed: ${response.status}`);
}

/** How many API calls of each type the courier simulator has answered since it started, and its cancellations per order. */
export async function courierCalls(): Promise<CallCounts> {
  const port = process.env.E2E_COURIER_PORT;
  if (!port) throw new Error('E2E_COURIER_PORT is not set (see playwright.config.ts)');
  const response = await fetch(`http://127.0.0.1:${port}/__calls`);
  if (!response.ok) throw new Error(`courier calls failed: ${response.status}`);
  return (await response.json()) as CallCounts;
}
