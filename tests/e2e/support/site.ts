import { devices, expect, type Page } from '@playwright/test';

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 900;
}

/** The header's main navigation; on a phone the menu is opened first. */
export async function openMainNav(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (isPhone(page)) {
    const toggle = page.getByRole('button', { name: 'Menu' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  await expect(nav).toBeVisible();
  return nav;
}

/** The phone project's device (playwright.config.ts) and its viewport in CSS pixels. */
export const PHONE = devices['Pixel 7'];
const { width: PHONE_WIDTH } = PHONE.viewport;

/** How far the page scrolls sideways beyond its viewport, in CSS pixels. */
const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The page scrolls no further sideways than the viewport is wide: at the test's own width and,
 * in the desktop project, at a phone's width too. A journey is walked once, at desktop size,
 * and every state it checks here is also laid out at the phone's width, measured, then put
 * back: the site's layout follows the width through CSS alone (no script reads it), so it is
 * the same page at either width (docs/decisions/157-phone-width-checked-where-a-journey-stands.md).
 */
export async function expectNoHorizontalScroll(page: Page) {
  expect(await overflowOf(page), `horizontal overflow on ${page.url()}`).toBeLessThanOrEqual(0);
  const viewport = page.viewportSize();
  if (!viewport || viewport.width <= PHONE_WIDTH) return;
  await page.setViewportSize(PHONE.viewport);
  try {
    const atPhoneWidth = await overflowOf(page);
    expect(
      atPhoneWidth,
      `horizontal overflow at ${PHONE_WIDTH} px on ${page.url()}`,
    ).toBeLessThanOrEqual(0);
  } finally {
    await page.setViewportSize(viewport);
  }
}

/**
 * Records Content-Security-Policy violations on the page (e.g. a library probing `eval`), which
 * the browser reports but does not throw. Call before navigating; read the list at the end.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation(text: string): void })
        .__reportCspViolation;
      report(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

/**
 * How long a spec waits for signing up or in to move on from its form. The server hashes or
 * checks the password, slow on purpose (a second when two browsers share two cores), and the
 * page then loads the next page before the address changes: one CI run took 5 s for the whole
 * step, the default wait.
 */
export const ACCOUNT_STEP_TIMEOUT_MS = 20_000;
