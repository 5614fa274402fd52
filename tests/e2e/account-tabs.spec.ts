import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './support/account.js';
import { expectNoAxeViolations } from './support/axe.js';
import { fillCard, readyToPay } from './support/checkout.js';
import { expectNoHorizontalScroll } from './support/site.js';

async function pay(tab: Page, order: { id: string; reference: string }) {
  await tab.goto('/pay');
  // The tab pays for its own order, whatever the other tab did meanwhile.
  await expect(tab.getByRole('complementary', { name: 'Order details' })).toContainText(
    order.reference,
  );
  await fillCard(tab, '4242 4242 4242 4242');
  await tab.getByRole('button', { name: /^Pay/ }).click();
  await expect(tab).toHaveURL(
    `/order-confirmation?status=SUCCESS&order=${encodeURIComponent(order.id)}`,
    { timeout: 15_000 },
  );
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
}

test('two tabs each complete and pay their own booking', async ({ page }, testInfo) => {
  test.slow();
  await signUp(page, 'Ada Lovelace', uniqueEmail('tabs'));

  // Both bookings in progress at once, one per tab, in the same browser.
  const first = await readyToPay(page);
  const tab2 = await page.context().newPage();
  const other = await readyToPay(tab2);
  expect(other.id).not.toBe(first.id);

  await page.goto('/items');
  await expect(page.getByRole('complementary', { name: 'Order details' })).toContainText(
    first.reference,
  );
  await tab2.goto('/items');
  await expect(tab2.getByRole('complementary', { name: 'Order details' })).toContainText(
    other.reference,
  );

  await pay(page, first);
  await pay(tab2, other);

  // Both booked, both on the account.
  await page.goto('/account');
  const orders = page.getByRole('list', { name: 'Orders' });
  await expect(orders.getByRole('link', { name: `Order ${first.reference}` })).toBeVisible();
  await expect(orders.getByRole('link', { name: `Order ${other.reference}` })).toBeVisible();
  await expect(page.getByText('You have no bookings in progress.')).toBeVisible();
  await expectNoAxeViolations(page, 'on /account with two orders');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('account-two-orders.png'), fullPage: true });
  await tab2.close();
});
