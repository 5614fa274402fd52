import { expect, test, type Page } from '@playwright/test';
import { formatPence } from '../../src/domain/money.js';
import { signInAsAdminAt } from './support/admin.js';
import { expectNoAxeViolations } from './support/axe.js';
import { fillCard } from './support/checkout.js';
import { courierCalls } from './support/courier.js';
import { openMail } from './support/mailbox.js';
import { chooseFirstDate, firstMatch, startOrder, type TestOrder } from './support/order.js';
import { expectNoHorizontalScroll } from './support/site.js';

// The cover choice on the payment step (docs/cover-and-import-charges.md, "Cover"): full cover
// to the declared value is priced by the server into the amount paid, booked with the courier as
// Insurance.CoverValue and shown on the receipt and the email; the items the cover does not pay
// for are named on /items and in the choice.

test.describe.configure({ timeout: 90_000 });

const CANADA = 38;

/** A one-box order to Toronto with both addresses and the first date, through the API. */
async function orderToCanada(page: Page): Promise<TestOrder> {
  const order = await startOrder(page, {
    destinationCountryId: CANADA,
    destinationPostcode: 'M5V 2T6',
    smallBoxes: 1,
    largeBoxes: 0,
  });
  const addresses = {
    collection: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      street: '12 St James’s Square',
      city: 'London',
      state: 'Greater London',
      phoneNumber: '020 7946 0958',
      email: 'ada@example.com',
    },
    delivery: {
      firstName: 'Jean',
      lastName: 'Tremblay',
      street: '290 Bremner Blvd',
      city: 'Toronto',
      state: 'Ontario',
      phoneNumber: '416 979 1234',
      email: 'jean@example.ca',
    },
  };
  for (const [role, data] of Object.entries(addresses)) {
    const res = await page.request.put(`/api/v1/orders/${order.id}/addresses/${role}`, { data });
    expect(res.status(), await res.text()).toBe(200);
  }
  await chooseFirstDate(page, order);
  return order;
}

/** Declares the items in the order's one box through the API, then Continue's check. */
async function declare(
  page: Page,
  order: TestOrder,
  items: { name: string; units: number; value: number; weight: number }[],
) {
  for (const item of items) {
    const res = await page.request.post(`/api/v1/orders/${order.id}/parcels/small-1/items`, {
      data: {
        name: item.name,
        commodityCode: await firstMatch(page, item.name),
        numberOfUnits: item.units,
        unitValue: item.value,
        unitWeight: item.weight,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const declared = await page.request.post(`/api/v1/orders/${order.id}/declaration`);
  expect(declared.status(), await declared.text()).toBe(200);
}

async function priceOf(page: Page, orderId: string): Promise<number> {
  const res = await page.request.get(`/api/v1/orders/${orderId}`);
  return ((await res.json()) as { pricePence: number }).pricePence;
}

test('items worth £600 to Canada with full cover: the price has 2% of £550, the courier books £600 of cover, the receipt and email say so', async ({
  page,
}, testInfo) => {
  const order = await orderToCanada(page);
  await declare(page, order, [
    { name: 'Wool jumper', units: 4, value: 100, weight: 0.5 },
    { name: 'Coat', units: 1, value: 200, weight: 1.5 },
  ]);
  const servicePrice = await priceOf(page, order.id);

  await page.goto('/pay');
  const cover = page.getByRole('group', { name: 'Cover for your shipment' });
  await expect(cover).toContainText('up to the value of your items (£600)');
  await expect(page.getByTestId('pay-amount')).toContainText(formatPence(servicePrice));
  await cover.getByRole('radio', { name: /^Full cover to £600/ }).check();
  await expect(cover.getByRole('radio', { name: /^Full cover to £600 \+ £11\.00/ })).toBeChecked();
  // The amount to pay is the server's: the service's price and 2% of £550.
  await expect(page.getByTestId('pay-amount')).toContainText(formatPence(servicePrice + 1_100));
  const review = page.getByRole('region', { name: 'Check your booking' });
  await expect(review).toContainText('Extra cover to £600 · £11.00');
  await expect(review).toContainText(`Total${formatPence(servicePrice + 1_100)}`);
  expect(await priceOf(page, order.id)).toBe(servicePrice + 1_100);
  await expectNoAxeViolations(page, 'on /pay with cover chosen');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `/tmp/cover-pay-${testInfo.project.name}.png`, fullPage: true });
  await cover.screenshot({ path: `/tmp/cover-group-${testInfo.project.name}.png` });
  await review.screenshot({ path: `/tmp/cover-review-${testInfo.project.name}.png` });

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?status=SUCCESS&order=/, { timeout: 15_000 });
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toContainText(formatPence(servicePrice + 1_100));
  await expect(receipt).toContainText('Extra cover to £600: £11.00');
  await expect(receipt).toContainText('£600 (£50 included, £550 bought)');
  await expectNoAxeViolations(page, 'on the confirmation with cover');
  await receipt.screenshot({ path: `/tmp/cover-receipt-${testInfo.project.name}.png` });

  // The courier was asked for £600 of cover.
  expect((await courierCalls()).bookings[order.reference]).toEqual({ coverValue: 600 });

  const { email } = await openMail(page, `Your booking was successful: ${order.reference}`);
  await expect(email.locator('body')).toContainText('Extra cover to £600: £11.00');
  await expect(email.locator('body')).toContainText('£600 (£50 included, £550 bought)');
});

test('an item the cover does not pay for is named on /items and in the cover choice', async ({
  page,
}, testInfo) => {
  const order = await orderToCanada(page);
  await declare(page, order, [
    { name: 'Drinking glasses', units: 6, value: 10, weight: 0.3 },
    { name: 'Wool jumper', units: 2, value: 40, weight: 0.5 },
  ]);

  await page.goto('/items');
  const box = page.getByRole('region', { name: 'Small Parcel 1' });
  await expect(box.getByRole('row', { name: /Drinking glasses/ })).toContainText(
    'Not covered (Glass): the courier pays nothing if it is lost or damaged',
  );
  await expect(box.getByRole('row', { name: /Wool jumper/ })).not.toContainText('covered');
  await expectNoAxeViolations(page, 'on /items with an item the cover leaves out');
  await box.screenshot({ path: `/tmp/cover-items-${testInfo.project.name}.png` });

  await page.goto('/pay');
  const cover = page.getByRole('group', { name: 'Cover for your shipment' });
  await expect(cover).toContainText('The cover does not pay in full for:');
  await expect(cover.getByRole('listitem')).toHaveText([
    'Drinking glasses (£60): Not covered (Glass): the courier pays nothing if it is lost or damaged',
  ]);
  // Full cover counts only what the cover pays for: the jumpers' £80, not the glasses' £60.
  await expect(cover.getByRole('radio', { name: /^Full cover to £80 / })).toBeVisible();
  await expect(cover).toContainText('Suggested: the value of the goods the cover pays for');
  await expect(cover).toContainText(
    'up to the value of the goods the cover pays for (£80 of the £140 you declared)',
  );
  await expectNoAxeViolations(page, 'on /pay with an item the cover leaves out');
  await cover.screenshot({ path: `/tmp/cover-choice-${testInfo.project.name}.png` });
});

test('the rates console saves the cover settings as a version, and the console’s order page shows the cover bought', async ({
  page,
  browser,
}, testInfo) => {
  const order = await orderToCanada(page);
  await declare(page, order, [
    { name: 'Wool jumper', units: 4, value: 100, weight: 0.5 },
    { name: 'Coat', units: 1, value: 200, weight: 1.5 },
  ]);
  const chosen = await page.request.put(`/api/v1/orders/${order.id}/cover`, {
    data: { cover: '600' },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);

  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAsAdminAt(admin, `/admin/orders/${order.id}`);
  await expect(admin.getByText('Extra cover to £600: £11.00')).toBeVisible();

  // The same settings saved again (other specs price cover meanwhile): a new version in force.
  await admin.goto('/admin/rates');
  const section = admin.getByRole('region', { name: 'Cover', exact: true });
  await expect(section.getByRole('textbox', { name: /^Price of extra cover/ })).toHaveValue('2');
  await expect(section.getByRole('textbox', { name: /^Most cover per shipment/ })).toHaveValue(
    '2000',
  );
  await section.getByRole('textbox', { name: 'What changed' }).fill('Checked against the courier');
  await section.getByRole('button', { name: 'Save cover settings' }).click();
  await expect(
    section.getByText(
      /^Cover settings saved as version \d+: 2% of the cover above £50, at most £2,000 per shipment\.$/,
    ),
  ).toBeVisible();
  await expect(section.getByRole('listitem').first()).toContainText('Checked against the courier');
  await expect(section.getByRole('listitem').first()).toContainText('in force');
  await expectNoAxeViolations(admin, 'on /admin/rates with the cover settings');
  await section.screenshot({ path: `/tmp/cover-console-${testInfo.project.name}.png` });
  await context.close();
});
