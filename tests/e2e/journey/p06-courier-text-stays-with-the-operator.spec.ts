import { expect, test, type Browser, type Page } from '@playwright/test';
import { NEEDS_ATTENTION_MESSAGE } from '#src/domain/checkout.js';
import { signInAsAdminAt } from '../support/admin.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { fillCard, readyToPay } from '../support/checkout.js';
import { courierControl } from '../support/courier.js';
import { chooseFirstDate, saveAddresses, startOrder } from '../support/order.js';

// What the courier says when it fails is for our logs and the operator's view: a customer reads
// a sentence written for them and the error code, never the courier's own words. These specs
// switch the courier simulator into failure modes, so they run alone, one at a time (see
// playwright.config.ts).

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.afterEach(() => courierControl({ reset: true }));

/** Words that only the courier's replies use: none may reach a customer's page or their API. */
const COURIER_WORDS = /BookShipment|Simulated failure|simulator|HTTP 500|may or may not be booked/i;

async function payFor(page: Page) {
  const order = await readyToPay(page);
  await page.goto('/pay');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?/, { timeout: 20_000 });
  return order;
}

/** The customer's page and what their browser can read of the order hold none of the courier's words. */
async function expectNoCourierWords(page: Page, orderId: string) {
  await expect(page.locator('body')).not.toContainText(COURIER_WORDS);
  const api = await page.request.get(`/api/v1/orders/${orderId}`);
  expect(api.status()).toBe(200);
  expect(await api.text()).not.toMatch(COURIER_WORDS);
}

/** The operator's timeline for the order: the courier's exchange, with its own words. */
async function operatorTimeline(browser: Browser, page: Page, orderId: string) {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await context.newPage();
  await signInAsAdminAt(admin, `/admin/orders/${orderId}`);
  const timeline = admin.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toBeVisible();
  return { admin, timeline, close: () => context.close() };
}

test('a courier that refuses the booking: the customer reads our sentence and its code, the operator the courier’s words', async ({
  page,
  browser,
}) => {
  await courierControl({ book: 'fail' });
  const order = await payFor(page);
  await expect(page).toHaveURL(/status=FAILED/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'There’s been a problem with your order' }),
  ).toBeVisible();
  await expect(page.getByTestId('error-code')).toHaveText('COURIER_REJECTED');
  await expect(page.getByText('Your card has not been charged.')).toBeVisible();
  await expectNoCourierWords(page, order.id);
  await expectNoAxeViolations(page, 'on the problem page');

  const operator = await operatorTimeline(browser, page, order.id);
  await expect(
    operator.timeline.getByRole('listitem').filter({ hasText: 'Courier BookShipment: REJECTED' }),
  ).toContainText('Simulated failure');
  await expectNoAxeViolations(operator.admin, 'on the operator’s order page');
  await operator.close();
});

test('a courier that answers HTTP 500: the customer reads that the team is checking, the operator sees the HTTP 500', async ({
  page,
  browser,
}) => {
  // …and cannot say what it booked under our reference: only an operator can settle it.
  await courierControl({ book: 'http500', find: 'fail' });
  const order = await payFor(page);
  await expect(page.getByText(NEEDS_ATTENTION_MESSAGE)).toBeVisible();
  await expectNoCourierWords(page, order.id);
  await expectNoAxeViolations(page, 'on the page of an order needing attention');

  const operator = await operatorTimeline(browser, page, order.id);
  await expect(
    operator.timeline.getByRole('listitem').filter({ hasText: 'Courier BookShipment' }).first(),
  ).toContainText('HTTP 500');
  await expectNoAxeViolations(
    operator.admin,
    'on the operator’s page of an order needing attention',
  );
  await operator.close();
});

test('a failing item lookup says the courier is unavailable, never “not found” or the courier’s words', async ({
  page,
}) => {
  const order = await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await saveAddresses(page, order);
  await chooseFirstDate(page, order);
  await page.goto('/items');
  const small = page.getByRole('region', { name: 'Small Parcel 1' });
  await small.getByRole('textbox', { name: 'Item name' }).fill('Paperback books');
  await small.getByRole('textbox', { name: 'Value per unit (£)' }).fill('8');
  await small.getByRole('textbox', { name: 'Weight per unit (kg)' }).fill('0.4');

  for (const behaviour of ['fail', 'http500']) {
    await courierControl({ commodity: behaviour });
    const answer = page.waitForResponse((r) => r.url().includes('/api/v1/commodities'));
    await small.getByRole('button', { name: 'Add item' }).click();
    const response = await answer;
    expect(response.status()).toBe(503);
    expect(await response.text()).toContain('COMMODITY_LOOKUP_UNAVAILABLE');
    await expect(
      small.getByText(
        'We could not check this item with the courier just now. Please try again in a moment.',
      ),
    ).toBeVisible();
    await expect(small).not.toContainText('Commodity not found');
    await expect(page.locator('body')).not.toContainText(COURIER_WORDS);
    await expectNoAxeViolations(page, `with the lookup failing (${behaviour})`);
  }

  // The courier is back: the same item is found and nothing typed was lost.
  await courierControl({ reset: true });
  await expect(small.getByRole('textbox', { name: 'Item name' })).toHaveValue('Paperback books');
  await small.getByRole('button', { name: 'Add item' }).click();
  await expect(small.getByRole('group', { name: /^Which of these is/ })).toBeVisible();
});
