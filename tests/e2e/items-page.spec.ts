import { expect, test, type Page } from '@playwright/test';
import { addItemInUi, chooseFirstDate, saveAddresses, startOrder } from './support/order.js';

/** /items with an order whose addresses and date are chosen, as the booking wizard leaves it. */
async function openItems(page: Page, boxes: { smallBoxes: number; largeBoxes: number }) {
  const order = await startOrder(page, boxes);
  await saveAddresses(page, order);
  await chooseFirstDate(page, order);
  await page.goto('/items');
  await expect(page.getByRole('heading', { level: 1, name: 'Declare Items' })).toBeVisible();
}

test.describe('Declare Items', () => {
  // WCAG 2.2 SC 2.4.11 Focus Not Obscured: the sticky header never covers what has focus.
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`Shift+Tab back to "Add item" brings it into view below the sticky header (${viewport.name})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await openItems(page, { smallBoxes: 1, largeBoxes: 1 });
      const add = page
        .getByRole('region', { name: 'Large Parcel 1' })
        .getByRole('button', { name: 'Add item' });
      await add.focus();
      await page.keyboard.press('Tab');
      await expect(add).not.toBeFocused();
      // Scroll until the button is just above the top of the window, as after reading on.
      await add.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().bottom));
      await page.keyboard.press('Shift+Tab');
      await expect(add).toBeFocused();
      const header = (await page.getByRole('banner').boundingBox())!;
      // boundingBox is relative to the window, as the sticky header is.
      await expect
        .poll(async () => (await add.boundingBox())!.y, { message: 'the button’s top' })
        .toBeGreaterThanOrEqual(header.y + header.height);
    });
  }

  test('"Commodity details cannot be empty" goes away once every box has an item, before Continue', async ({
    page,
  }) => {
    test.slow();
    await openItems(page, { smallBoxes: 1, largeBoxes: 1 });
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(summary).toContainText('Commodity details cannot be empty in any package.');

    // One box still empty: the problem still holds, and the summary says so.
    const large = page.getByRole('region', { name: 'Large Parcel 1' });
    await addItemInUi(large, { name: 'Wool jumper', value: '20', weight: '1' });
    await expect(large.getByRole('row', { name: /Wool jumper/ })).toBeVisible();
    await expect(summary).toContainText('Commodity details cannot be empty in any package.');

    // Every box has an item: the summary is gone without another Continue.
    const small = page.getByRole('region', { name: 'Small Parcel 1' });
    await addItemInUi(small, { name: 'Paperback books', value: '10', weight: '1' });
    await expect(small.getByRole('row', { name: /Paperback books/ })).toBeVisible();
    await expect(page.getByText('Commodity details cannot be empty in any package.')).toHaveCount(
      0,
    );
    await expect(summary).toHaveCount(0);

    // And Continue now goes on to payment.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/pay');
  });
});
