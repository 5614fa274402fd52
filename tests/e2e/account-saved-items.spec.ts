import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { signUp, uniqueEmail } from './support/account.js';
import { addItemInUi, startOrder } from './support/order.js';
import { expectNoHorizontalScroll } from './support/site.js';

test('an item saved for later fills a new declaration, and is deleted on /account', async ({
  page,
}, testInfo) => {
  test.slow();
  await signUp(page, 'Ada Lovelace', uniqueEmail('saver'));

  // First order: declare a jumper and save it for later.
  await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await page.goto('/items');
  const parcel = page.getByRole('region', { name: 'Small Parcel 1' });
  await addItemInUi(parcel, { name: 'Wool jumper', units: '2', value: '20', weight: '2' });
  const row = parcel.getByRole('row', { name: /Wool jumper/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Save for later Wool jumper' }).click();
  await expect(
    parcel.getByText('Saved Wool jumper for later. It is on your account page.'),
  ).toBeVisible();
  await expect(row.getByText('Saved')).toBeVisible();
  await expect(row.getByRole('button', { name: /Save for later/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'on /items with a saved item');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('items-saved.png'), fullPage: true });

  // A later order: the saved item fills the form, and Add item adds it as declared before.
  await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await page.goto('/items');
  const next = page.getByRole('region', { name: 'Small Parcel 1' });
  await expect(next.getByText('No items declared yet.')).toBeVisible();
  await next
    .getByRole('combobox', { name: 'Use a saved item' })
    .selectOption({ label: 'Wool jumper — 2 × £20.00, 2 kg each' });
  await expect(next.getByRole('textbox', { name: 'Item name' })).toHaveValue('Wool jumper');
  await expect(next.getByRole('textbox', { name: 'Number of units' })).toHaveValue('2');
  await expect(next.getByRole('textbox', { name: 'Value per unit (£)' })).toHaveValue('20.00');
  await expect(next.getByRole('textbox', { name: 'Weight per unit (kg)' })).toHaveValue('2');
  await expect(next.getByRole('radio')).toBeChecked();
  await expectNoAxeViolations(page, 'on /items filled from a saved item');
  await page.screenshot({ path: testInfo.outputPath('items-reuse.png'), fullPage: true });
  await next.getByRole('button', { name: 'Add item' }).click();
  await expect(next.getByText('Added Wool jumper to Small Parcel 1.')).toBeVisible();
  const reused = next.getByRole('row', { name: /Wool jumper/ });
  await expect(reused.locator('td[data-label="Units"]')).toHaveText('2');
  await expect(reused).toContainText('£20.00');

  // Still checked on add: filled again, with more units, it takes the parcel over its 20 kg.
  await next
    .getByRole('combobox', { name: 'Use a saved item' })
    .selectOption({ label: 'Wool jumper — 2 × £20.00, 2 kg each' });
  await next.getByRole('textbox', { name: 'Number of units' }).fill('9');
  await next.getByRole('button', { name: 'Add item' }).click();
  await expect(next.getByText(/over its 20 kg limit/)).toBeVisible();
  await expect(next.getByRole('row', { name: /Wool jumper/ })).toHaveCount(1);

  // On /account it is listed, and deleted there.
  await page.goto('/account');
  const saved = page.getByRole('list', { name: 'Saved items' });
  await expect(saved).toContainText('Wool jumper');
  await expect(saved).toContainText('2 × £20.00, 2 kg each');
  await expectNoAxeViolations(page, 'on /account with saved items');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('account-saved.png'), fullPage: true });
  await saved.getByRole('button', { name: 'Delete Wool jumper' }).click();
  await expect(page.getByText('Deleted Wool jumper from your saved items.')).toBeVisible();
  await expect(page.getByText('No saved items.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Saved items' })).toBeFocused();

  // Gone from the next declaration too.
  await page.goto('/items');
  await expect(
    page.getByRole('region', { name: 'Small Parcel 1' }).getByRole('row', { name: /Wool jumper/ }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Use a saved item' })).toHaveCount(0);
});

test('a guest declaring items is not offered saving', async ({ page }) => {
  await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await page.goto('/items');
  const parcel = page.getByRole('region', { name: 'Small Parcel 1' });
  await addItemInUi(parcel, { name: 'Paperback books', units: '3', value: '5', weight: '0.4' });
  await expect(parcel.getByRole('row', { name: /Paperback books/ })).toBeVisible();
  await expect(parcel.getByRole('button', { name: /Save for later/ })).toHaveCount(0);
  await expect(parcel.getByRole('combobox', { name: 'Use a saved item' })).toHaveCount(0);
});
