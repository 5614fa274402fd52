import type { CallCounts } from '#src/server/providers/courier/simulator/simulator.server.js';
import { test } from '@playwright/test';
import { siteAt } from './sites.js';

/**
 * The courier simulator's control (docs/providers.md) on the running test's site
 * (tests/e2e/support/sites.ts): its behaviour switches, for the courier-switches site's specs
 * only, and a booked order's tracking scenario, for the clock site's.
 */
export async function courierControl(settings: Record<string, unknown>): Promise<void> {
  const site = currentSite();
  // Every spec on the main site relies on its courier as it is: a switch there belongs in a
  // project of a site of its own (docs/decisions/158-a-site-per-shared-switch.md).
  if (site.name === 'main') throw new Error('the main site’s courier is never switched');
  const response = await fetch(`http://127.0.0.1:${site.courierPort}/__control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  if (!response.ok) throw new Error(`courier control failed: ${response.status}`);
}

/** How many API calls of each type the courier simulator has answered since it started, and its cancellations per order. */
export async function courierCalls(): Promise<CallCounts> {
  const response = await fetch(`http://127.0.0.1:${currentSite().courierPort}/__calls`);
  if (!response.ok) throw new Error(`courier calls failed: ${response.status}`);
  return (await response.json()) as CallCounts;
}

/** The site the running test's project points at (its `baseURL`). */
function currentSite() {
  return siteAt(test.info().project.use.baseURL);
}
