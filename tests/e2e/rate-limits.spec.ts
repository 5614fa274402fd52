import { expect, test, type Route } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';

/**
 * The server's answer past a rate limit (src/server/http/rate-limiter.ts, tested against the API
 * in guard-rails.test.ts): the browser tests all come from one address, so the e2e server runs
 * with limits no run reaches, and these specs replay that answer to see what the pages say.
 */
const tooManyAttempts = (route: Route) =>
  route.fulfill({
    status: 429,
    headers: { 'retry-after': '600' },
    contentType: 'application/json',
    body: JSON.stringify({
      error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts — try again in 10 minutes' },
    }),
  });

test('the contact form says in words when there have been too many messages @layout', async ({
  page,
}) => {
  await page.route('**/api/v1/contact-messages', tooManyAttempts);
  await page.goto('/contact');
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
  await page.getByRole('button', { name: 'Send message' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('Too many attempts — try again in 10 minutes');
  // Nothing typed is lost: the visitor can send it once the wait is over.
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await expectNoAxeViolations(page, 'with the rate-limit message');
});

test('Get Quotes says in words when there have been too many quotes @layout', async ({ page }) => {
  await page.route('**/api/v1/quotes', tooManyAttempts);
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Get an instant quote' });
  await form.getByLabel('Collection post code').fill('SW1A 1AA');
  await form.getByLabel('Destination country').selectOption({ label: 'France' });
  await form.getByLabel('Destination post code').fill('75001');
  await form.getByRole('button', { name: 'Add a Small Box' }).click();
  await form.getByRole('button', { name: 'Get Quotes' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Too many attempts — try again in 10 minutes');
  await expect(alert.getByRole('link', { name: 'Back to the quote form' })).toBeVisible();
  await expectNoAxeViolations(page, 'with the rate-limit message');
});
