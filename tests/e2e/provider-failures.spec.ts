import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { courierControl } from './support/courier.js';

// These specs switch the courier simulator into failure modes; they run alone (see
// playwright.config.ts) and one at a time.
test.describe.configure({ mode: 'serial' });
test.afterEach(() => courierControl({ reset: true }));

test('when the courier offers nothing, the customer is returned home with the spec’s message', async ({
  page,
}) => {
  await courierControl({ quote: 'fail' });
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Get an instant quote' });
  await form.getByLabel('Collection post code').fill('SW1A 1AA');
  await form.getByLabel('Destination country').selectOption({ label: 'Italy' });
  await form.getByLabel('Destination post code').fill('00184');
  for (let i = 0; i < 4; i += 1)
    await form.getByRole('button', { name: 'Add a Large box' }).click();
  await form.getByRole('button', { name: 'Get Quotes' }).click();
  await expect(page.getByTestId('quote-form-error')).toHaveText(
    'No quotes found. Please review countries and post codes.',
  );
  await expect(page).toHaveURL('/');
  await expectNoAxeViolations(page, 'with the no-quotes message');
});
