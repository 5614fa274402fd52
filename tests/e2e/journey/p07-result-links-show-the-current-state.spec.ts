import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { bookedOrder } from '../support/checkout.js';
import { startOrder } from '../support/order.js';
import { expectNoHorizontalScroll } from '../support/site.js';

// The result page shows the order's current state, read from the server, whatever the query
// string says: an old FAILED link to an order booked since, a SUCCESS link without an order, a
// SUCCESS link to an order not yet paid.

test.describe.configure({ timeout: 60_000 });

test('an old FAILED link to an order that is now booked shows the booking', async ({
  page,
}, testInfo) => {
  const order = await bookedOrder(page);
  const reference = await page.getByTestId('order-reference').textContent();

  await page.goto(`/order-confirmation?status=FAILED&order=${order.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  await expect(page.getByTestId('order-reference')).toHaveText(reference ?? 'no reference');
  await expect(page.getByText('There’s been a problem')).toHaveCount(0);
  await expect(page.getByTestId('error-code')).toHaveCount(0);
  // The address bar is corrected too, so a link copied from it is true.
  await expect(page).toHaveURL(`/order-confirmation?status=SUCCESS&order=${order.id}`);
  await expectNoAxeViolations(page, 'on a FAILED link to a booked order');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('failed-link-booked.png'), fullPage: true });
});

test('a SUCCESS link without an order says there is no order to show, with no error code', async ({
  page,
}, testInfo) => {
  await page.goto('/order-confirmation?status=SUCCESS');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We can’t show this order');
  await expect(page.getByText('This link does not say which order to show.')).toBeVisible();
  await expect(page.getByText('Error code')).toHaveCount(0);
  await expect(page.getByText('SUCCESS')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back Home' })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page, 'with no order');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('no-order.png'), fullPage: true });

  await page.goto('/order-confirmation?status=SUCCESS&order=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We can’t show this order');
  await expect(page.getByText('We cannot find this order.')).toBeVisible();
  await expect(page.getByText('Error code')).toHaveCount(0);
  await expectNoAxeViolations(page, 'with an unknown order');
});

test('a SUCCESS link to an order not yet paid says so and leads to payment', async ({ page }) => {
  const order = await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await page.goto(`/order-confirmation?status=SUCCESS&order=${order.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This order has not been paid for yet',
  );
  await expect(page.getByText('Thank you for your order')).toHaveCount(0);
  await expect(page.getByText('your card has not been charged')).toBeVisible();
  await expectNoAxeViolations(page, 'on an unpaid order');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL('/pay');
});
