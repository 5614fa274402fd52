import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import {
  chooseFirstDate,
  COLLECTION_ADDRESS,
  DELIVERY_ADDRESS,
  fillAddress,
  firstMatch,
  startOrder,
  type TestOrder,
} from './support/order.js';
import { expectNoHorizontalScroll } from './support/site.js';

/**
 * "Find address" on the collection step (docs/providers.md, "Addresses"), on the address
 * sandbox: SW1A 1AA has five addresses; ID1 1DN is the provider down, ID1 1NF a post code it does
 * not know. Switches by post code: nothing else is affected, so this runs beside other specs.
 */

/** The steps after the collection address, through the API, then the payment page. */
async function onToPayment(page: Page, order: TestOrder) {
  const delivery = await page.request.put(`/api/v1/orders/${order.id}/addresses/delivery`, {
    data: {
      firstName: DELIVERY_ADDRESS['First name'],
      lastName: DELIVERY_ADDRESS['Last name'],
      street: DELIVERY_ADDRESS['Street address'],
      city: DELIVERY_ADDRESS['Town or city'],
      phoneNumber: DELIVERY_ADDRESS['Phone number'],
      email: DELIVERY_ADDRESS.Email,
    },
  });
  expect(delivery.status()).toBe(200);
  await chooseFirstDate(page, order);
  const commodityCode = await firstMatch(page, 'Paperback books');
  const item = await page.request.post(`/api/v1/orders/${order.id}/parcels/small-1/items`, {
    data: {
      name: 'Paperback books',
      commodityCode,
      numberOfUnits: 2,
      unitValue: 8,
      unitWeight: 0.4,
    },
  });
  expect(item.status()).toBe(201);
  expect((await page.request.post(`/api/v1/orders/${order.id}/declaration`)).status()).toBe(200);
  await page.goto('/pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('the collection address found from its post code, by keyboard alone', async ({ page }) => {
  const order = await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await page.goto('/booking');
  const postcode = field(page, 'Collection post code');
  await expect(postcode).toHaveValue('SW1A 1AA');
  await postcode.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Find address' })).toBeFocused();
  await page.keyboard.press('Enter');

  const list = page.getByRole('combobox', { name: 'Choose the address' });
  await expect(list).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'addresses found' })).toHaveText(
    '5 addresses found at SW1A 1AA: choose yours from the list.',
  );
  await expect(list.getByRole('option')).toHaveText([
    '5 addresses found',
    'Flat 1, 14 Buckingham Gate, London',
    'Flat 2, 14 Buckingham Gate, London',
    'Flat 3, 14 Buckingham Gate, London',
    'Westminster Lodge Ltd, 16 Buckingham Gate, London',
    '18 Buckingham Gate, London',
  ]);
  await expectNoAxeViolations(page, 'with the addresses found');
  await expectNoHorizontalScroll(page);

  // The third address, with the arrow keys.
  await page.keyboard.press('Tab');
  await expect(list).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await expect(list.locator('option:checked')).toHaveText('Flat 3, 14 Buckingham Gate, London');
  await expect(field(page, 'Street address')).toHaveValue('14 Buckingham Gate');
  await expect(field(page, 'Address line 2 (optional)')).toHaveValue('Flat 3');
  await expect(field(page, 'Town or city')).toHaveValue('London');
  await expect(field(page, 'County (optional)')).toHaveValue('London');

  // Past "Enter the address yourself" to the name, then the filled lines (still editable), to
  // the phone and email.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Enter the address yourself' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(field(page, 'First name')).toBeFocused();
  await page.keyboard.type(COLLECTION_ADDRESS['First name']);
  await page.keyboard.press('Tab');
  await page.keyboard.type(COLLECTION_ADDRESS['Last name']);
  // Company, street, line 2, town, county, then the read-only country and post code.
  for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
  await expect(field(page, 'Phone number')).toBeFocused();
  await page.keyboard.type(COLLECTION_ADDRESS['Phone number']);
  await page.keyboard.press('Tab');
  await page.keyboard.type(COLLECTION_ADDRESS.Email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Delivery Address' })).toBeFocused();
  const panel = page.getByRole('complementary', { name: 'Order details' });
  await expect(panel).toContainText('14 BUCKINGHAM GATE');

  await onToPayment(page, order);
  await expect(page.getByText(/14 Buckingham Gate/i).first()).toBeVisible();
});

for (const [what, postcode, message] of [
  [
    'is down',
    'ID1 1DN',
    'Finding addresses is not working just now. Please enter the address yourself.',
  ],
  [
    'finds nothing',
    'ID1 1NF',
    'We could not find any addresses at ID1 1NF. Please enter the address yourself.',
  ],
] as const) {
  test(`the address typed when the provider ${what}`, async ({ page }) => {
    const order = await startOrder(page, {
      collectionPostcode: postcode,
      smallBoxes: 1,
      largeBoxes: 0,
    });
    await page.goto('/booking');
    await page.getByRole('button', { name: 'Find address' }).click();
    // Within the 3 s the form waits at most.
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible({
      timeout: 3_000,
    });
    await expect(page.getByRole('combobox', { name: 'Choose the address' })).toHaveCount(0);
    await expectNoAxeViolations(page, `with the provider ${what}`);
    await page.getByRole('button', { name: 'Enter the address yourself' }).click();
    await expect(field(page, 'Street address')).toBeFocused();
    await fillAddress(page, COLLECTION_ADDRESS);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Delivery Address' })).toBeVisible();
    await onToPayment(page, order);
  });
}
