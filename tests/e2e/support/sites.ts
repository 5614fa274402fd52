/**
 * The sites a browser run starts side by side (scripts/run/e2e-server.ts), each with its own data
 * directory and courier simulator. Two kinds of spec change what every other spec on their site
 * relies on, so each kind has a site of its own, and runs there one spec at a time while the rest
 * run on `main` (docs/decisions/158-a-site-per-shared-switch.md):
 * - `courier-switches`: the specs that switch the courier simulator into failure modes;
 * - `clock`: the specs that move the site's clock days forward (`POST /dev/clock`).
 */
export const SITE_NAMES = ['main', 'courier-switches', 'clock'] as const;
export type SiteName = (typeof SITE_NAMES)[number];

export interface E2eSite {
  name: SiteName;
  port: number;
  /** Its courier simulator's port, where the specs flip its switches (POST /__control). */
  courierPort: number;
  /** Whether `POST /dev/clock` may move its clock (SANDBOX_CLOCK). */
  sandboxClock: boolean;
}

/** The sites, as playwright.config.ts chose their ports (in E2E_SITES, for every process). */
export function e2eSites(): E2eSite[] {
  return JSON.parse(process.env.E2E_SITES ?? '[]') as E2eSite[];
}

/** The site that answers at `baseURL`. */
export function siteAt(baseURL: string | undefined): E2eSite {
  const port = Number(new URL(baseURL ?? 'http://invalid').port);
  const site = e2eSites().find((candidate) => candidate.port === port);
  if (!site)
    throw new Error(`no site of E2E_SITES answers at ${baseURL} (see playwright.config.ts)`);
  return site;
}
