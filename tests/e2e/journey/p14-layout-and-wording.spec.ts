import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { fillCard, readyToPay } from '../support/checkout.js';
import { addItemInUi, chooseFirstDate, saveAddresses, startOrder } from '../support/order.js';
import { expectNoHorizontalScroll, isPhone } from '../support/site.js';

// Layout and wording: the error summary is never under the sticky header; the destination tiles
// keep their flags' shape and lead to a quote; the date cards hold their weekday; the items'
// live message follows a delete; the order panel and the quote table say what they mean.

test.describe.configure({ timeout: 90_000 });

/** The element is focused, wholly in the viewport and below the sticky header. */
async function expectInViewBelowHeader(page: Page, element: Locator) {
  await expect(element).toBeFocused();
  await expect(element).toBeInViewport({ ratio: 1 });
  const header = await page.getByRole('banner').boundingBox();
  const box = await element.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
}

const errorSummary = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'There is a problem' });

test('the error summary after a refused submit is in view below the header @layout', async ({
  page,
}, testInfo) => {
  // Booking step 1: Save and continue pressed at the foot of an empty form.
  await startOrder(page);
  await page.goto('/booking');
  const saveButton = page.getByRole('button', { name: 'Save and continue' });
  await saveButton.scrollIntoViewIfNeeded();
  await saveButton.click();
  await expect(errorSummary(page)).toContainText('Required field is missing.');
  await expectInViewBelowHeader(page, errorSummary(page));
  await expectNoAxeViolations(page, 'with the address errors');
  await page.screenshot({ path: testInfo.outputPath('booking-error-summary.png') });

  // /pay: Pay pressed with the box unticked.
  await readyToPay(page);
  await page.goto('/pay');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('checkbox', { name: /^I accept the Terms/ }).uncheck();
  const pay = page.getByRole('button', { name: /^Pay £/ });
  await pay.scrollIntoViewIfNeeded();
  await pay.click();
  await expect(errorSummary(page)).toContainText('Please accept the Terms');
  await expectInViewBelowHeader(page, errorSummary(page));
  await expectNoAxeViolations(page, 'on /pay with the box unticked');
  await expectNoHorizontalScroll(page);
});

test('"Where we deliver": flags keep their shape and each tile leads to a quote for it @layout', async ({
  page,
}) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Where we deliver' });
  await section.scrollIntoViewIfNeeded();
  const tiles = section.getByRole('link');
  await expect(tiles).toHaveCount(12);
  await expect(section.getByText(/^from £/).first()).toBeVisible();

  const flags = section.locator('img');
  for (let i = 0; i < 12; i += 1) {
    const box = (await flags.nth(i).boundingBox())!;
    expect(box.width, `flag ${i + 1} width`).toBeGreaterThanOrEqual(30);
    expect(box.width / box.height, `flag ${i + 1} shape`).toBeCloseTo(4 / 3, 1);
    // Each tile holds its name and price within its own cell of the grid.
    const tile = tiles.nth(i);
    const cell = (await section.getByRole('listitem').nth(i).boundingBox())!;
    const tileBox = (await tile.boundingBox())!;
    expect(tileBox.x + tileBox.width, `tile ${i + 1} within its cell`).toBeLessThanOrEqual(
      cell.x + cell.width + 0.5,
    );
    expect(
      await tile.evaluate((el) => el.scrollWidth - el.clientWidth),
      `tile ${i + 1} content`,
    ).toBeLessThanOrEqual(0);
  }
  await expectNoAxeViolations(page, 'on the home page');
  await expectNoHorizontalScroll(page);

  // A tile: the form above gets the destination, and the customer its post code field.
  const netherlands = section.getByRole('link', { name: /Netherlands/ });
  await expect(netherlands).toHaveAttribute('href', '/?to=nl');
  await netherlands.click();
  await expect(page).toHaveURL('/?to=nl');
  const form = page.getByRole('form', { name: 'Get an instant quote' });
  await expect(form.getByLabel('Destination country').locator('option:checked')).toHaveText(
    'Netherlands',
  );
  const postcode = form.getByLabel('Destination post code');
  await expectInViewBelowHeader(page, postcode);

  // The link opened afresh does the same.
  await page.goto('/?to=be');
  await expect(form.getByLabel('Destination country').locator('option:checked')).toHaveText(
    'Belgium',
  );
  await expect(postcode).toBeFocused();
  await expectNoAxeViolations(page, 'on the home page with a destination chosen');
});

test('the order panel, the quote table, the date cards and the items live message @layout', async ({
  page,
}) => {
  const order = await startOrder(page, { smallBoxes: 2, largeBoxes: 0 });

  // The quote table: the cover is included, not a charge (on a phone the cell names its column).
  await page.goto('/quote');
  const express = page.getByRole('row', { name: /Express/ });
  await expect(express.getByRole('cell', { name: /^(Insurance )?£50$/ })).toBeVisible();
  await expectNoAxeViolations(page, 'on /quote');

  // The panel: boxes are called boxes; the weight is what was declared of the allowance.
  const panel = page.getByRole('complementary', { name: 'Order details' });
  await expect(panel).not.toContainText('Total items');
  await expect(panel).not.toContainText('Total weight');
  await expect(panel.getByRole('term').filter({ hasText: 'Total boxes' })).toBeVisible();
  await expect(panel).toContainText('Weight declared0 kg of 40 kg');

  // The date cards hold their weekday ("Wednesday" at 1280 px included).
  await saveAddresses(page, order);
  await page.goto('/booking');
  await page.getByRole('button', { name: /Step 3/ }).click();
  const dates = page.getByRole('group', { name: 'Choose a collection date' });
  const cards = dates.locator('label');
  await expect(cards.first()).toBeVisible();
  await expect(dates.getByText('Wednesday')).toHaveCount(1);
  const count = await cards.count();
  for (let i = 0; i < count; i += 1) {
    const card = (await cards.nth(i).boundingBox())!;
    for (const part of await cards.nth(i).locator('span span').all()) {
      const box = (await part.boundingBox())!;
      expect(
        box.x + box.width,
        `"${await part.textContent()}" stays inside its card`,
      ).toBeLessThanOrEqual(card.x + card.width - 2);
    }
  }
  await expectNoHorizontalScroll(page);

  // Items: the live message says what the last action did, a delete included.
  await chooseFirstDate(page, order);
  await page.goto('/items');
  const small2 = page.getByRole('region', { name: 'Small Parcel 2' });
  await addItemInUi(small2, { name: 'laptop', value: '400', weight: '2' });
  // The form's live message (a spinner while adding is a status too).
  const status = small2.locator('p[role="status"]');
  await expect(status).toHaveText('Added laptop to Small Parcel 2.');
  await expect(panel).toContainText('Weight declared2 kg of 40 kg');
  await small2.getByRole('button', { name: 'Delete laptop' }).click();
  await expect(small2.getByText('No items declared yet.')).toBeVisible();
  await expect(status).toHaveText('Deleted laptop from Small Parcel 2.');
  await expect(panel).toContainText('Weight declared0 kg of 40 kg');
  await expectNoAxeViolations(page, 'on /items after a delete');
  if (isPhone(page)) await expectNoHorizontalScroll(page);
});
