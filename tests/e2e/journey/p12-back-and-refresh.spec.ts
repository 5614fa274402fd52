import { expect, test, type Page } from '@playwright/test';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { fillCard, readyToPay } from '../support/checkout.js';
import { COLLECTION_ADDRESS, fillAddress, saveAddresses, startOrder } from '../support/order.js';
import { expectNoHorizontalScroll } from '../support/site.js';

// Back and refresh never lose the booking: the home form shows the quote in progress (after Back
// from /quote, or "Change quote"), half-typed addresses survive a reload, /items and /pay lead
// back a step, the order panel shows the collection date, and the home page offers to carry on.

test.describe.configure({ timeout: 90_000 });

const quoteForm = (page: Page) => page.getByRole('form', { name: 'Get an instant quote' });
const panel = (page: Page) => page.getByRole('complementary', { name: 'Order details' });
const draftKey = (orderId: string, role: 'collection' | 'delivery') =>
  `boxabroad.addressDraft.${orderId}.${role}`;
const stored = (page: Page, key: string) =>
  page.evaluate((k) => window.sessionStorage.getItem(k), key);

async function expectQuoteInForm(page: Page) {
  const form = quoteForm(page);
  await expect(form.getByLabel('Collection post code')).toHaveValue('SW1A 1AA');
  await expect(form.getByLabel('Destination country').locator('option:checked')).toHaveText(
    'France',
  );
  await expect(form.getByLabel('Destination post code')).toHaveValue('75001');
  await expect(form.locator('output[aria-label="Small Boxes"]')).toHaveText('2');
  await expect(form.locator('output[aria-label="Large boxes"]')).toHaveText('1');
}

test('Back from /quote and Change quote show the quote in the home form', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Collection post code').fill('SW1A 1AA');
  await form.getByLabel('Destination country').selectOption({ label: 'France' });
  await form.getByLabel('Destination post code').fill('75001');
  for (let i = 0; i < 2; i += 1)
    await form.getByRole('button', { name: 'Add a Small Box' }).click();
  await form.getByRole('button', { name: 'Add a Large box' }).click();
  await form.getByRole('button', { name: 'Get Quotes' }).click();
  await expect(page).toHaveURL(/\/quote\?/);
  await expect(page.getByRole('button', { name: /^Select Express/ })).toBeVisible({
    timeout: 15_000,
  });

  // The browser's Back: the form as it was sent, not an empty one.
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expectQuoteInForm(page);
  // A reload of the home page still shows it (this tab's order in progress).
  await page.reload();
  await expectQuoteInForm(page);

  await page.goForward();
  await expect(page).toHaveURL(/\/quote\?/);
  const change = page.getByRole('link', { name: 'Change quote' });
  await expect(change).toBeVisible();
  await expectNoAxeViolations(page, 'on /quote with Change quote');
  await expectNoHorizontalScroll(page);
  await change.click();
  await expect(page).toHaveURL('/');
  await expectQuoteInForm(page);
  await expectNoAxeViolations(page, 'on the home form showing the quote in progress');
  await page.screenshot({ path: testInfo.outputPath('change-quote.png') });
});

test('half-typed addresses survive a reload until saved', async ({ page }, testInfo) => {
  const order = await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await page.goto('/booking');
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Ada');
  await page.getByRole('textbox', { name: 'Street address', exact: true }).fill('12 St James');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Ada');
  await expect(page.getByRole('textbox', { name: 'Street address', exact: true })).toHaveValue(
    '12 St James',
  );
  await expect(page.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue('');

  // The delivery address keeps its own draft.
  await page.goto('/booking?step=2');
  await page.getByRole('textbox', { name: 'Town or city', exact: true }).fill('Par');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Town or city', exact: true })).toHaveValue('Par');
  await expectNoAxeViolations(page, 'on a delivery address restored after a reload');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('restored-draft.png'), fullPage: true });

  // Saved: the draft is gone, and the form shows what was saved.
  await page.goto('/booking?step=1');
  await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Ada');
  await fillAddress(page, COLLECTION_ADDRESS);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Delivery Address' })).toBeVisible();
  await expect.poll(() => stored(page, draftKey(order.id, 'collection'))).toBeNull();
  await expect(page.getByRole('textbox', { name: 'Town or city', exact: true })).toHaveValue('Par');
  await page.goto('/booking?step=1');
  await expect(page.getByRole('textbox', { name: 'Street address', exact: true })).toHaveValue(
    COLLECTION_ADDRESS['Street address'],
  );
});

test('a paid order keeps no drafts and is not offered to continue', async ({ page }) => {
  const order = await readyToPay(page);
  await page.goto('/booking?step=2');
  await page.getByRole('textbox', { name: 'Town or city', exact: true }).fill('Lyon');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Town or city', exact: true })).toHaveValue(
    'Lyon',
  );
  expect(await stored(page, draftKey(order.id, 'delivery'))).not.toBeNull();

  await page.goto('/pay');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?status=SUCCESS&order=/, { timeout: 15_000 });
  // Dropped once the confirmation page has read the order as paid, just after the URL changes.
  await expect.poll(() => stored(page, draftKey(order.id, 'delivery'))).toBeNull();
  await page.goto('/');
  await expect(quoteForm(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue your booking' })).toHaveCount(0);
  await expect(quoteForm(page).getByLabel('Collection post code')).toHaveValue('');
});

test('/items and /pay lead back a step', async ({ page }, testInfo) => {
  await readyToPay(page);
  await page.goto('/pay');
  const back = page.getByRole('link', { name: 'Back to Declare Items' });
  await expect(back).toBeVisible();
  await expectNoAxeViolations(page, 'on /pay with its Back link');
  await expectNoHorizontalScroll(page);
  await back.click();
  await expect(page).toHaveURL('/items');
  await expect(page.getByRole('heading', { level: 1, name: 'Declare Items' })).toBeVisible();
  const backToDate = page.getByRole('link', { name: 'Back to Collection Time' });
  await expect(backToDate).toBeVisible();
  await expectNoAxeViolations(page, 'on /items with its Back link');
  await page.screenshot({ path: testInfo.outputPath('items-back.png') });
  await backToDate.click();
  await expect(page).toHaveURL('/booking?step=3');
  await expect(page.getByRole('heading', { level: 2, name: 'Collection Time' })).toBeVisible();
});

test('the order panel shows the chosen collection date', async ({ page }, testInfo) => {
  const order = await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await saveAddresses(page, order);
  await page.goto('/booking?step=3');
  await expect(panel(page)).not.toContainText('Collection date');
  const enabled = page
    .getByRole('group', { name: 'Choose a collection date' })
    .locator('input[type=radio]:not([disabled])');
  await enabled.nth(1).check();
  const date = await enabled.nth(1).inputValue();
  await page.getByRole('button', { name: 'Continue to Declare Items' }).click();
  await expect(page).toHaveURL('/items');
  const shown = `${formatCalendarDate(date)} between 9:00am and 5:30pm`;
  const panelDate = (p: Page) => panel(p).getByRole('definition').filter({ hasText: 'between' });
  await expect(panelDate(page)).toHaveText(shown);
  await page.goto('/booking?step=3');
  await expect(panelDate(page)).toHaveText(shown);
  await expectNoAxeViolations(page, 'on the date step with the date in the panel');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('panel-date.png'), fullPage: true });
});

test('the home page offers to continue a booking in progress', async ({ page }, testInfo) => {
  // No booking in this tab: nothing to continue.
  await page.goto('/');
  await expect(quoteForm(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue your booking' })).toHaveCount(0);

  const order = await startOrder(page, {
    smallBoxes: 2,
    largeBoxes: 1,
    collectionPostcode: 'SW1A 1AA',
    destinationPostcode: '75001',
  });
  await saveAddresses(page, order);
  await page.goto('/booking');
  await expect(panel(page)).toContainText(order.reference);

  await page.goto('/');
  const carryOn = page.getByRole('link', { name: 'Continue your booking' });
  await expect(carryOn).toBeVisible();
  await expectQuoteInForm(page);
  await expectNoAxeViolations(page, 'on the home page with a booking in progress');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('continue-booking.png') });
  await carryOn.click();
  await expect(page).toHaveURL('/booking?step=3');
  await expect(page.getByRole('heading', { level: 2, name: 'Collection Time' })).toBeVisible();
});

test('the privacy notice lists what the tab keeps for Back and refresh', async ({ page }) => {
  await page.goto('/privacy');
  const cookies = page.getByRole('table', { name: 'Cookies and browser storage we use' });
  await expect(
    cookies.getByRole('row', { name: /boxabroad\.quoteInProgress Session storage .* tab/ }),
  ).toBeVisible();
  await expect(
    cookies.getByRole('row', { name: /boxabroad\.addressDraft\.… Session storage .*Never card/ }),
  ).toBeVisible();
});
