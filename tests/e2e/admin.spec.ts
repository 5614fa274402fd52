import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/account.js';
import { signInAsAdminAt } from './support/admin.js';
import { expectNoAxeViolations } from './support/axe.js';
import { bookedOrder } from './support/checkout.js';
import { expectNoHorizontalScroll, isPhone, openMainNav } from './support/site.js';

// The console's pages are dense (the rate grid is hundreds of inputs for axe to check), and the
// first test in a worker signs in (a deliberately slow password check).
test.describe.configure({ timeout: 180_000 });

test('an operator signs in from /admin and sees what needs attention and the last 30 days', async ({
  page,
}, testInfo) => {
  await signInAsAdminAt(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
  await expect(page).toHaveTitle('Console | BoxAbroad');
  await expect(
    page.getByRole('heading', { level: 2, name: /Orders needing attention/ }),
  ).toBeVisible();
  const others = page.getByRole('list', { name: 'Other things to look at' });
  await expect(others).toContainText('unread contact');
  await expect(others).toContainText('could not be sent');
  await expect(others).toContainText('delivery is unknown');

  // The charts are images with a summary; the figures are in a table.
  await expect(page.getByRole('img', { name: /^Paid orders per day, 30 days:/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Revenue per day, 30 days: £/ })).toBeVisible();
  await page.getByText('Show the figures as a table').click();
  const table = page.getByRole('table', { name: 'Paid orders and revenue per day, last 30 days' });
  await expect(table.getByRole('row')).toHaveCount(31);

  // The header links an operator to the console.
  const nav = await openMainNav(page);
  await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute(
    'href',
    '/admin',
  );
  if (isPhone(page)) await page.keyboard.press('Escape');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'on /admin');
  await page.screenshot({ path: testInfo.outputPath('admin-dashboard.png'), fullPage: true });
});

test('a customer who opens the console is told it is for staff, with no Admin link', async ({
  page,
}, testInfo) => {
  await signUp(page, 'Carol Customer', uniqueEmail('carol'));

  for (const path of ['/admin', '/admin/orders', '/admin/rates']) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page is for BoxAbroad staff' }),
    ).toBeVisible();
    await expect(page.getByText('403 Forbidden')).toBeVisible();
  }
  expect((await page.request.get('/api/v1/admin/dashboard')).status()).toBe(403);
  const nav = await openMainNav(page);
  await expect(nav.getByRole('link', { name: 'Your account: Carol Customer' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  if (isPhone(page)) await page.keyboard.press('Escape');
  await expectNoAxeViolations(page, 'on the staff-only page');
  await page.screenshot({ path: testInfo.outputPath('admin-not-staff.png'), fullPage: true });
});

test('an operator finds a paid order by its reference and opens it with its timeline', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const order = await bookedOrder(page);

  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await context.newPage();
  await signInAsAdminAt(admin, '/admin/orders');
  await expect(admin.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const search = admin.getByRole('search', { name: 'Search orders' });
  await search
    .getByRole('searchbox', { name: 'Reference, email or postcode' })
    .fill(order.reference);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(admin).toHaveURL(`/admin/orders?q=${order.reference}`);
  await expect(admin.getByText('Showing 1 order, newest first.')).toBeVisible();
  const rows = admin.getByRole('table', { name: 'Orders' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Booked');
  await expectNoHorizontalScroll(admin);
  await expectNoAxeViolations(admin, 'on /admin/orders');
  await admin.screenshot({ path: testInfo.outputPath('admin-orders.png'), fullPage: true });

  // A filter that leaves nothing says so.
  await search.getByRole('combobox', { name: 'Status' }).selectOption('needs_attention');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(admin.getByText('No order matches this search.')).toBeVisible();
  await admin.goBack();
  await expect(admin.getByText('Showing 1 order, newest first.')).toBeVisible();

  await admin.getByRole('link', { name: order.reference }).click();
  await expect(admin).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await expect(
    admin.getByRole('heading', { level: 1, name: `Order ${order.reference}` }),
  ).toBeVisible();
  await expect(admin).toHaveTitle(`Order ${order.reference} | BoxAbroad`);
  await expect(admin.getByTestId('admin-order-status')).toHaveText('Booked');
  const timeline = admin.getByRole('list').filter({ hasText: 'Order made (first quote)' });
  await expect(timeline).toContainText('Payment attempt 1 started');
  // Nothing to resolve on a booked order.
  await expect(admin.getByRole('heading', { name: 'Resolve this order' })).toHaveCount(0);
  await expectNoHorizontalScroll(admin);
  await expectNoAxeViolations(admin, 'on the order page');
  await admin.screenshot({ path: testInfo.outputPath('admin-order.png'), fullPage: true });
  await context.close();
});

test('the rate grid shows both tables, checks each cell as typed and warns', async ({
  page,
}, testInfo) => {
  await signInAsAdminAt(page, '/admin/rates');
  await expect(page.getByRole('heading', { level: 1, name: 'Rates' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Economy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Express' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'History' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the rates as CSV' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'on /admin/rates');
  await page.screenshot({ path: testInfo.outputPath('admin-rates.png'), fullPage: true });

  // Price against weight for one destination, drawn from the grid as typed.
  await page.getByRole('combobox', { name: 'Destination' }).selectOption({ label: 'South Africa' });
  const chart = page.getByRole('img', { name: /^South Africa: Economy from £/ });
  await expect(chart).toHaveAttribute(
    'aria-label',
    /^South Africa: Economy from £[\d.,]+ at 20 kg to £[\d.,]+ at 150 kg; Express from £[\d.,]+ at 20 kg to £[\d.,]+ at 150 kg\.$/,
  );

  // Nothing below is saved: the page only checks what is typed.
  const cell = page.getByRole('textbox', { name: 'Economy, South Africa, 150 kg' });
  await cell.fill('1.00');
  await expect(page.getByRole('list', { name: 'Warnings' })).toContainText(
    'Economy to South Africa: £1.00 at 150 kg is less than',
  );
  await expect(chart).toHaveAttribute(
    'aria-label',
    /Economy from £[\d.,]+ at 20 kg to £1\.00 at 150 kg, falling somewhere as weight rises;/,
  );
  await cell.fill('12.345');
  await page.getByRole('button', { name: 'Save as a new version' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText(
    'Economy, South Africa, 150 kg: Use at most 2 decimal places',
  );
  await expect(summary).toContainText('Say in a few words what changed');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('link', { name: /Economy, South Africa, 150 kg/ })).toHaveAttribute(
    'href',
    '#rate-economy-203-150',
  );
});

test('an operator saves a price as a new version, sees it in the history, restores the one before, and imports a CSV', async ({
  page,
}) => {
  // Desktop only (the phone project would race it for the same tables): it saves versions.
  test.slow();
  await signInAsAdminAt(page, '/admin/rates');
  const cell = () => page.getByRole('textbox', { name: 'Economy, South Africa, 150 kg' });
  await expect(cell()).toBeVisible();
  const before = await cell().inputValue();
  const changed = (Number(before) + 1.5).toFixed(2);

  await cell().fill(changed);
  await expect(page.getByText('1 price changed.')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'What changed (saved with the version)' })
    .fill('South Africa 150 kg up (browser test)');
  await page.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(page.getByText(/^Saved as version \d+: 1 price changed/)).toBeVisible();
  await expect(cell()).toHaveValue(changed);
  const history = page
    .getByRole('list')
    .filter({ hasText: 'South Africa 150 kg up (browser test)' });
  const newest = history.getByRole('listitem').first();
  await expect(newest).toContainText('in force');
  await newest.getByText('1 price changed').click();
  await expect(newest).toContainText(`Economy, South Africa, 150 kg: £${before} → £${changed}`);

  // Restore the version before it, after a confirmation.
  const previous = history
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .nth(1);
  const restore = previous.getByRole('button', { name: /^Restore version \d+$/ });
  const dialog = page.getByRole('dialog', { name: /^Restore version \d+\?$/ });
  // Escape closes the dialog and restores nothing; the button asks again.
  await restore.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cell()).toHaveValue(changed);
  await restore.click();
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'with the restore dialog');
  await dialog.getByRole('button', { name: 'Yes, restore it' }).click();
  await expect(dialog).toBeHidden();
  await expect(cell()).toHaveValue(before);

  // CSV out, then the same file back in with one price changed: a preview, then the grid.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the rates as CSV' }).click(),
  ]);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text.split('\n')[0]).toBe('service,destination_id,destination,weight_kg,price_gbp');
  const line = new RegExp(`^economy,203,[^,]*,150,${before.replace('.', '\\.')}$`, 'm');
  expect(text).toMatch(line);
  const edited = text.replace(line, (found) => found.replace(/,[^,]*$/, `,${changed}`));

  const picker = page.getByLabel('Import a CSV file');
  await picker.setInputFiles({
    name: 'broken.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${text.split('\n')[0]}\neconomy,203,South Africa,150,1.005\n`),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: 'broken.csv was not read' }),
  ).toContainText('Line 2:');
  await picker.setInputFiles({
    name: 'rates.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(edited),
  });
  await expect(page.getByRole('heading', { name: 'What rates.csv would change' })).toBeVisible();
  await expect(page.getByText(/1 differs from the prices in force/)).toBeVisible();
  await page.getByRole('button', { name: 'Put these prices in the grid' }).click();
  await expect(cell()).toHaveValue(changed);
  await expect(page.getByText('1 price changed.')).toBeVisible();
  // Put back as it was: nothing of this test stays in force.
  await cell().fill(before);
  await expect(page.getByText('No price changed yet.')).toBeVisible();
});
