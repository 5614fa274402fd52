import { expect, test } from '@playwright/test';
import { watchCspViolations } from './support/site.js';

// The API reference (Swagger UI) is served by the site itself and must run under its strict
// Content-Security-Policy: no inline script, nothing from another origin.
test('the API reference renders the document under the site’s CSP', async ({ page, baseURL }) => {
  const cspViolations = await watchCspViolations(page);
  const otherOrigins: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== new URL(baseURL!).origin) {
      otherOrigins.push(request.url());
    }
  });
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Swagger UI is a large script that renders once it has fetched the document.
  await expect(page.getByRole('heading', { name: /BoxAbroad API/ })).toBeVisible({
    timeout: 20_000,
  });
  // Every section of the reference, and an operation opened down to its schemas.
  for (const tag of ['Quotes and orders', 'Booking', 'Checkout', 'Contact', 'Accounts']) {
    await expect(
      page.getByRole('heading', { level: 3, name: new RegExp(`^${tag} `) }),
    ).toBeVisible();
  }
  await page
    .getByRole('button', { name: /^POST \/api\/v1\/orders Start an order with the chosen service/ })
    .click();
  await expect(page.getByText(/any price sent by the client is ignored/)).toBeVisible();
  await expect(page.getByText(/"smallBoxes"/).first()).toBeVisible();
  await page.screenshot({
    path: `test-results/api-docs-${test.info().project.name}.png`,
    fullPage: false,
  });
  expect(otherOrigins).toEqual([]);
  expect(cspViolations).toEqual([]);
});
