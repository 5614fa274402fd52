import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { signUp, uniqueEmail } from './support/account.js';
import { bookedOrder } from './support/checkout.js';
import { saveAddresses } from './support/order.js';
import { expectNoHorizontalScroll } from './support/site.js';

/** One question: one route, one small and two large boxes. */
const QUOTE =
  '/quote?collection=231&collectionPostcode=SW1A+1AA&destination=73&destinationPostcode=75001&small=1&large=2';

/** Select Express in a new tab of this browser (each tab has its own booking): its order's id. */
async function selectInNewTab(page: Page): Promise<string> {
  const tab = await page.context().newPage();
  await tab.goto(QUOTE);
  await tab
    .getByRole('table', { name: 'Services and prices for your boxes' })
    .getByRole('row', { name: /Express/ })
    .getByRole('button', { name: /^Select Express/ })
    .click();
  await expect(tab).toHaveURL(/\/booking/);
  const id = await tab.evaluate(() => sessionStorage.getItem('boxabroad.orderId'));
  await tab.close();
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id!;
}

const referenceOf = async (page: Page, id: string) =>
  ((await (await page.request.get(`/api/v1/orders/${id}`)).json()) as { reference: string })
    .reference;

test('bookings in progress: three Selects on one route are three rows, two discarded, a paid order has no Discard', async ({
  page,
}, testInfo) => {
  test.slow();
  const width = page.viewportSize()?.width ?? 0;
  await signUp(page, 'Ada Lovelace', uniqueEmail('drafts'));

  // Three Selects on the same route, each in its own tab: three bookings in progress.
  const first = await selectInNewTab(page);
  const second = await selectInNewTab(page);
  const third = await selectInNewTab(page);
  // The second goes one step further (its addresses), so the rows differ by their last step.
  await saveAddresses(page, { id: second, reference: '' });
  const [firstRef, secondRef, thirdRef] = await Promise.all(
    [first, second, third].map((id) => referenceOf(page, id)),
  );

  await page.goto('/account');
  const inProgress = page.getByRole('list', { name: 'Bookings in progress' });
  await expect(inProgress.getByRole('listitem')).toHaveCount(3);
  for (const [reference, step] of [
    [firstRef, 'Service chosen'],
    [secondRef, 'Addresses given'],
    [thirdRef, 'Service chosen'],
  ] as const) {
    const row = inProgress.getByRole('listitem', { name: `Booking ${reference}` });
    await expect(row).toContainText('SW1A 1AA to');
    await expect(row).toContainText('France 75001');
    await expect(row.getByRole('definition').nth(1)).toHaveText('3');
    await expect(row.getByRole('definition').nth(2)).toHaveText(step);
    // Last change, in UK time: "23 Nov 2026, 14:05".
    await expect(row.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    await expect(row.getByRole('button', { name: 'Continue your booking' })).toBeVisible();
    await expect(row.getByRole('button', { name: `Discard booking ${reference}` })).toBeVisible();
  }
  // The one changed last comes first.
  await expect(inProgress.getByRole('listitem').first()).toHaveAccessibleName(
    `Booking ${secondRef}`,
  );
  await expectNoAxeViolations(page, 'on /account with three bookings in progress');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `/tmp/account-drafts-${width}.png`, fullPage: true });

  // This browser's latest booking (the third) is what a new tab's home page offers to continue.
  const offered = () =>
    page.evaluate(() => window.localStorage.getItem('boxabroad.bookingInProgress'));
  expect(await offered()).toContain(third);

  // Discard two, each confirmed.
  for (const reference of [thirdRef, firstRef]) {
    await inProgress.getByRole('button', { name: `Discard booking ${reference}` }).click();
    const dialog = page.getByRole('dialog', { name: `Discard booking ${reference}?` });
    await expect(dialog).toContainText('this cannot be undone');
    if (reference === thirdRef) {
      await expectNoAxeViolations(page, 'with the Discard dialog open');
      await page.screenshot({ path: `/tmp/account-drafts-dialog-${width}.png` });
    }
    await dialog.getByRole('button', { name: 'Discard booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: `Discarded booking ${reference}.` }),
    ).toBeVisible();
    await expect(inProgress.getByRole('listitem', { name: `Booking ${reference}` })).toHaveCount(0);
  }
  await expect(inProgress.getByRole('listitem')).toHaveCount(1);
  await expect(inProgress.getByRole('listitem', { name: `Booking ${secondRef}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bookings in progress' })).toBeFocused();
  expect((await page.request.get(`/api/v1/orders/${third}`)).status()).toBe(404);
  // The discarded booking is not offered any more.
  expect(await offered()).toBeNull();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Continue your booking' })).toHaveCount(0);

  // A reload shows the same: one booking in progress.
  await page.goto('/account');
  await expect(inProgress.getByRole('listitem')).toHaveCount(1);

  // A paid order is listed with the orders, and never offers Discard.
  const booked = await bookedOrder(page);
  await page.goto('/account');
  const orders = page.getByRole('list', { name: 'Orders' });
  await expect(orders.getByRole('link', { name: `Order ${booked.reference}` })).toBeVisible();
  await expect(orders).toContainText('Booked');
  await expect(orders.getByRole('button', { name: /Discard/ })).toHaveCount(0);
  await expect(
    inProgress.getByRole('listitem', { name: `Booking ${booked.reference}` }),
  ).toHaveCount(0);
  await expect(inProgress.getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page, 'on /account with a paid order');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `/tmp/account-drafts-paid-${width}.png`, fullPage: true });
  await page.screenshot({ path: testInfo.outputPath('account-drafts.png'), fullPage: true });
});
