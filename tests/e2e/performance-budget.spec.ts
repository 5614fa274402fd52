import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const HOME_JS_BUDGET_BYTES = 80 * 1024;

// The performance budget of ARCHITECTURE.md, checked on every run (Lighthouse itself is slower:
// `npm run lighthouse`). Counted gzipped, whatever compression the server applies.
test('the home page loads at most 80 KB of JavaScript gzipped', async ({ page }) => {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.add(new URL(response.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Get Quotes' })).toBeVisible();
  expect(scripts.size).toBeGreaterThan(0);
  let total = 0;
  for (const path of scripts) {
    total += gzipSync(readFileSync(`dist/web${path}`), { level: 9 }).length;
  }
  expect(total, `home JS: ${[...scripts].join(', ')}`).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
});
