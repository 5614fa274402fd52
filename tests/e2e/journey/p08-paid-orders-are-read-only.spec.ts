import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { bookedOrder } from '../support/checkout.js';
import { expectNoHorizontalScroll } from '../support/site.js';

// Once an order is paid for, /quote, /booking and /items show it read-only, with a link to its
// confirmation, instead of offering Select, Save and continue, Add item and Delete that could
// only fail after submitting.

test.describe.configure({ timeout: 60_000 });

/**
 * Moves within the app as the browser's Back and Forward do (a history entry and a popstate, no
 * reload): this tab still holds the order it has just paid for. A reload of a booked order's step
 * finds no order in progress, since a tab forgets a booked order's id (docs/accounts.md).
 */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
}

async function expectPaidNotice(page: Page, reference: string) {
  const notice = page.getByRole('note', { name: 'This order is paid' });
  await expect(notice).toContainText('This order has been paid for and can no longer be changed.');
  await expect(notice).toContainText(reference);
  await expect(notice.getByRole('link', { name: 'View your order confirmation' })).toBeVisible();
}

test('a paid order shows /quote, /booking and /items read-only, each linking to its confirmation', async ({
  page,
}, testInfo) => {
  await bookedOrder(page);
  const reference = (await page.getByTestId('order-reference').textContent()) ?? '';
  expect(reference).toMatch(/^BA-/);

  await goInApp(page, '/quote');
  await expect(page.getByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
  await expectPaidNotice(page, reference);
  await expect(page.getByRole('button', { name: /^Select/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Express/ })).toContainText('Your choice');
  await expectNoAxeViolations(page, 'on /quote for a paid order');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('quote.png'), fullPage: true });

  for (const path of ['/booking', '/booking?step=1', '/booking?step=3']) {
    await goInApp(page, path);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Book your collection' }),
    ).toBeVisible();
    await expectPaidNotice(page, reference);
    await expect(
      page.getByRole('button', { name: /Save and continue|Continue to Declare/ }),
    ).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('radio')).toHaveCount(0);
  }
  await expect(
    page.getByText(/^Collection on \w+day \d+ \w+ \d{4}, between 9:00am and 5:30pm\.$/),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'on /booking for a paid order');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('booking.png'), fullPage: true });

  await goInApp(page, '/items');
  await expect(page.getByRole('heading', { level: 1, name: 'Declare Items' })).toBeVisible();
  await expectPaidNotice(page, reference);
  const small = page.getByRole('region', { name: 'Small Parcel 1' });
  await expect(small.getByRole('row', { name: /Paperback books/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Add item|Delete|Continue)/ })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expectNoAxeViolations(page, 'on /items for a paid order');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('items.png'), fullPage: true });

  await page.getByRole('link', { name: 'View your order confirmation' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  await expect(page.getByTestId('order-reference')).toHaveText(reference);
});
