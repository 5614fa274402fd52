import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { fillCard, readyToPay } from './support/checkout.js';
import { openMail } from './support/mailbox.js';
import { expectNoHorizontalScroll } from './support/site.js';

// Personal effects (docs/cover-and-import-charges.md, "Personal effects"; decision 112): the
// declaration's switch on /items changes the estimate where relief applies and lists the
// documents the destination's customs ask for; the confirmation page and email carry them.

test.describe.configure({ timeout: 90_000 });

const DATED = 'Estimate from our table of 26 November 2026; never charged by us.';
const PASSPORT = 'A copy of the recipient’s passport';

test('declared as personal effects on /items: the estimate assumes the relief, the documents are listed, the email has the checklist', async ({
  page,
}, testInfo) => {
  // One small box of paperback books worth £51, to France: a gift there pays about £28.
  const order = await readyToPay(page);
  await page.goto('/items');
  await expect(page.getByRole('heading', { level: 1, name: 'Declare Items' })).toBeVisible();
  const estimate = page.getByRole('region', { name: 'Import charges estimate' });
  await expect(estimate).toContainText('Declared value £51.00, to France, as a gift.');
  await expect(estimate).toContainText(
    `The recipient may be asked to pay about £28 (import VAT £11, duty £2, clearance fee £15). ${DATED}`,
  );

  const effects = page.getByRole('region', { name: 'Personal effects' });
  const toggle = effects.getByRole('checkbox', {
    name: 'These are my own used belongings (personal effects)',
  });
  await expect(toggle).not.toBeChecked();
  await expect(effects.getByRole('region', { name: /^Documents for customs/ })).toHaveCount(0);
  await toggle.check();
  await expect(toggle).toBeChecked();

  // Relief from duty and VAT assumed: only the courier's clearance fee is left.
  await expect(estimate).toContainText('Declared value £51.00, to France, as personal effects.');
  await expect(estimate).toContainText(
    `The recipient may be asked to pay about £15 if the goods qualify for personal-effects relief (import VAT £0, duty £0, clearance fee £15). ${DATED}`,
  );
  const documents = effects.getByRole('region', { name: 'Documents for customs in France' });
  await expect(documents).toBeVisible();
  await expect(documents.getByRole('listitem')).toHaveCount(5);
  await expect(documents).toContainText(PASSPORT);
  await expect(documents).toContainText('itemised list (inventory)');
  await expect(documents).toContainText('Proof of the new home in the EU');
  await expectNoAxeViolations(page, 'on /items with personal effects');
  await expectNoHorizontalScroll(page);
  await effects.screenshot({ path: `/tmp/personal-effects-items-${testInfo.project.name}.png` });
  await page.screenshot({
    path: `/tmp/personal-effects-page-${testInfo.project.name}.png`,
    fullPage: true,
  });

  // Kept on the order: a reload shows it on.
  await page.reload();
  await expect(toggle).toBeChecked();

  // The switch changed the declaration: Continue checks it again, then the payment step.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pay$/);
  const payEstimate = page.getByRole('region', { name: 'Import charges estimate' });
  await expect(payEstimate).toContainText('as personal effects');
  await expect(payEstimate).toContainText('if the goods qualify for personal-effects relief');

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?status=SUCCESS&order=/, { timeout: 15_000 });
  const confirmation = page.getByRole('region', { name: 'Documents for customs in France' });
  await expect(confirmation).toContainText(PASSPORT);
  await expectNoAxeViolations(page, 'on the confirmation with personal effects');
  await confirmation.screenshot({
    path: `/tmp/personal-effects-confirmation-${testInfo.project.name}.png`,
  });

  const { email } = await openMail(page, `Your booking was successful: ${order.reference}`);
  const body = email.locator('body');
  await expect(body).toContainText('Checklist for personal-effects relief');
  await expect(body).toContainText('To claim relief from import duty and tax in France');
  await expect(body).toContainText(PASSPORT);
  await page.screenshot({
    path: `/tmp/personal-effects-email-${testInfo.project.name}.png`,
    fullPage: true,
  });
});
