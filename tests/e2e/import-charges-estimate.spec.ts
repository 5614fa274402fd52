import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { readyToPay } from './support/checkout.js';
import { addItemInUi, chooseFirstDate, saveAddresses, startOrder } from './support/order.js';

// The import charges estimate: docs/cover-and-import-charges.md (the table of 26 November 2026).
const DATED = 'Estimate from our table of 26 November 2026; never charged by us.';

test('the estimate on /items follows the declaration as items are added', async ({ page }) => {
  test.slow();
  // To France: gifts up to €45 (£39 at the table's rate) arrive free.
  const order = await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });

  await page.goto('/quote');
  await expect(page.getByText('Gifts up to £39 arrive without import charges')).toBeVisible();
  await expect(
    page.getByRole('row', { name: /Express/ }).getByRole('cell', { name: /^(Insurance )?£50$/ }),
  ).toBeVisible();

  await saveAddresses(page, order);
  await chooseFirstDate(page, order);
  await page.goto('/items');
  const estimate = page.getByRole('region', { name: 'Import charges estimate' });
  await expect(estimate).toContainText('Declared value £0.00, to France, as a gift.');
  await expect(estimate).toContainText(`No import charges expected. ${DATED}`);

  const box = page.getByRole('region', { name: 'Small Parcel 1' });
  await addItemInUi(box, { name: 'Wool jumper', value: '20', weight: '1' });
  await expect(estimate).toContainText('Declared value £20.00');
  await expect(estimate).toContainText(`No import charges expected. ${DATED}`);

  await addItemInUi(box, { name: 'Paperback books', value: '30', weight: '1' });
  await expect(estimate).toContainText('Declared value £50.00');
  await expect(estimate).toContainText(
    `The recipient may be asked to pay about £28 (import VAT £11, duty £2, clearance fee £15). ${DATED}`,
  );
  await expectNoAxeViolations(page, 'on /items with the estimate');
});

test('the payment step shows the estimate once, and links to what personal-effects relief needs', async ({
  page,
}) => {
  // One small box of paperback books worth £51, to France.
  await readyToPay(page);
  await page.goto('/pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  const estimate = page.getByRole('region', { name: 'Import charges estimate' });
  await expect(estimate).toHaveCount(1);
  await expect(estimate).toContainText('estimate');
  await expect(estimate).toContainText(
    `The recipient may be asked to pay about £28 (import VAT £11, duty £2, clearance fee £15). ${DATED}`,
  );
  await expectNoAxeViolations(page, 'on /pay with the estimate');

  await estimate.getByRole('link', { name: 'What personal-effects relief needs' }).click();
  await expect(page).toHaveURL(/\/how-it-works#import-charges$/);
  const section = page.getByRole('region', { name: 'Import charges at the destination' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('lived outside the EU for at least 12 months');
  await expect(section).toContainText('form B534');
});
