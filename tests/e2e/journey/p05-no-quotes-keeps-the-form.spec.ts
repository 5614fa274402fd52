import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { courierControl } from '../support/courier.js';
import { expectNoHorizontalScroll } from '../support/site.js';

// "No quotes" sends the customer home with the form as they left it, and the message moved into
// view and focused. It switches the courier simulator to offer nothing, so it runs with the
// provider-failure specs, alone and after them (playwright.config.ts), at both widths set here.

test.describe.configure({ mode: 'serial', timeout: 60_000 });
test.afterEach(() => courierControl({ reset: true }));

const MESSAGE = 'No quotes found. Please review countries and post codes.';

async function askForQuotes(page: Page, country: string, postcode: string) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Get an instant quote' });
  await form.getByLabel('Collection post code').fill('SW1A 1AA');
  await form.getByLabel('Destination country').selectOption({ label: country });
  await form.getByLabel('Destination post code').fill(postcode);
  for (let i = 0; i < 2; i += 1)
    await form.getByRole('button', { name: 'Add a Small Box' }).click();
  await form.getByRole('button', { name: 'Add a Large box' }).click();
  await form.getByRole('button', { name: 'Get Quotes' }).click();
  return form;
}

for (const [name, viewport, country, postcode] of [
  ['desktop', { width: 1280, height: 900 }, 'Germany', '10115'],
  ['phone', { width: 390, height: 844 }, 'Belgium', '1000'],
] as const) {
  test(`no quotes keeps what was typed and shows the message in view, focused (${name}) @layout`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await courierControl({ quote: 'fail' });
    // The whole route matrix is warm: forget it, so this quote asks the (now refusing) courier.
    expect((await page.request.post('/dev/courier-routes/forget')).ok()).toBe(true);
    const form = await askForQuotes(page, country, postcode);

    const message = page.getByTestId('quote-form-error');
    await expect(message).toHaveText(MESSAGE);
    await expect(page).toHaveURL('/');
    await expect(message).toBeFocused();
    await expect(message).toBeInViewport({ ratio: 1 });
    // Not hidden under the sticky header either.
    const header = await page.getByRole('banner').boundingBox();
    const box = await message.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);

    await expect(form.getByLabel('Collection post code')).toHaveValue('SW1A 1AA');
    await expect(form.getByLabel('Destination country').locator('option:checked')).toHaveText(
      country,
    );
    await expect(form.getByLabel('Destination post code')).toHaveValue(postcode);
    await expect(form.locator('output[aria-label="Small Boxes"]')).toHaveText('2');
    await expect(form.locator('output[aria-label="Large boxes"]')).toHaveText('1');
    await expectNoAxeViolations(page, 'with the no-quotes message');
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`no-quotes-${name}.png`) });

    // The courier is back: Get Quotes again, with nothing retyped, finds prices.
    await courierControl({ reset: true });
    await form.getByRole('button', { name: 'Get Quotes' }).click();
    await expect(page).toHaveURL(/\/quote\?/);
    await expect(page.getByRole('button', { name: /^Select Express/ })).toBeVisible({
      timeout: 15_000,
    });
  });
}
