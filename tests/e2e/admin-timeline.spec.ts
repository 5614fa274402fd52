import { expect, test } from '@playwright/test';
import { signInAsAdminAt } from './support/admin.js';
import { expectNoAxeViolations } from './support/axe.js';
import { bookedOrder } from './support/checkout.js';
import { expectNoHorizontalScroll } from './support/site.js';

// The first test in a worker signs in (a deliberately slow password check).
test.describe.configure({ timeout: 180_000 });

test('an operator reads a booked order’s whole life on its timeline, the courier exchange without credentials', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const order = await bookedOrder(page);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await signInAsAdminAt(admin, `/admin/orders/${order.id}`);
  await expect(
    admin.getByRole('heading', { level: 1, name: `Order ${order.reference}` }),
  ).toBeVisible();

  const timeline = admin
    .getByRole('region', { name: 'Timeline' })
    .getByRole('list')
    .filter({ hasText: 'Order made (first quote)' });
  const entries = timeline.getByRole('listitem');
  for (const text of [
    /^.*Order made \(first quote\)/,
    /Service chosen: /,
    /Collection address saved: /,
    /Delivery address saved: /,
    /Collection date chosen: \d{4}-\d{2}-\d{2}/,
    /Items declared: /,
    /Terms accepted/,
    /Payment attempt 1 started/,
    /Courier BookShipment: SUCCESS \(HTTP 200, \d+ ms\)/,
    /Booked: courier reference /,
    /Email (queued|being sent|sent): “Your booking was successful/,
  ]) {
    await expect(entries.filter({ hasText: text })).not.toHaveCount(0);
  }

  // The exchange opens to the request as sent (our reference) and the reply, no credential.
  const exchange = entries.filter({ hasText: 'Courier BookShipment' });
  await exchange.getByText('Request and reply').click();
  const request = exchange.locator('pre').first();
  await expect(request).toBeVisible();
  await expect(request).toContainText(order.reference);
  await expect(exchange).not.toContainText('Credentials');
  await expect(exchange).not.toContainText('APIKey');
  await expect(exchange).not.toContainText('Password');
  await expect(exchange.locator('pre').nth(1)).toContainText('characters left out');

  await expectNoHorizontalScroll(admin);
  await expectNoAxeViolations(admin, 'on the order page with its timeline');
  await admin.screenshot({ path: testInfo.outputPath('order-timeline-1280.png'), fullPage: true });

  // The same page on a phone.
  await admin.setViewportSize({ width: 390, height: 844 });
  await expect(exchange.locator('pre').first()).toBeVisible();
  await expectNoHorizontalScroll(admin);
  await expectNoAxeViolations(admin, 'on the order page with its timeline, on a phone');
  await admin.screenshot({ path: testInfo.outputPath('order-timeline-390.png'), fullPage: true });
  await context.close();
});
