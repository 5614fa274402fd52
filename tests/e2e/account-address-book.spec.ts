import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './support/account.js';
import { expectNoAxeViolations } from './support/axe.js';
import { fillCard } from './support/checkout.js';
import { chooseFirstDate, fillAddress, firstMatch, startOrder } from './support/order.js';
import { expectNoHorizontalScroll } from './support/site.js';

/** The items and the declaration, through the API: this spec is about the address steps. */
async function declareBooks(page: Page, orderId: string) {
  const commodityCode = await firstMatch(page, 'Paperback books');
  const item = await page.request.post(`/api/v1/orders/${orderId}/parcels/small-1/items`, {
    data: {
      name: 'Paperback books',
      commodityCode,
      numberOfUnits: 6,
      unitValue: 8.5,
      unitWeight: 0.4,
    },
  });
  expect(item.status()).toBe(201);
  expect((await page.request.post(`/api/v1/orders/${orderId}/declaration`)).status()).toBe(200);
}

async function pay(page: Page) {
  await page.goto('/pay');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?status=SUCCESS&order=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
}

test('a second booking starts with the customer’s details and a saved recipient', async ({
  page,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail('repeat');
  await signUp(page, 'Ada Lovelace', email);
  const width = page.viewportSize()?.width ?? 0;

  // First booking: step 1 starts with the account's name and email; the rest is typed.
  const first = await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await page.goto('/booking?step=1');
  await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Ada');
  await expect(page.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue(
    'Lovelace',
  );
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await fillAddress(page, {
    'Street address': '12 St James’s Square',
    'Town or city': 'London',
    'Phone number': '020 7946 0958',
  });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Delivery Address' })).toBeVisible();
  await fillAddress(page, {
    'First name': 'Marie',
    'Last name': 'Curie',
    'Street address': '11 Rue Pierre et Marie Curie',
    'Town or city': 'Paris',
    'Phone number': '06 12 34 56 78',
    Email: 'marie@example.fr',
  });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Collection Time' })).toBeVisible();
  await chooseFirstDate(page, first);
  await declareBooks(page, first.id);
  await pay(page);

  // The confirmation offers to keep both addresses.
  await page.getByRole('button', { name: 'Save these addresses to your address book' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved both addresses' })).toBeVisible();
  await expectNoAxeViolations(page, 'on the confirmation with the addresses saved');

  // Second booking: name, email and phone are there at once.
  const second = await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await page.goto('/booking?step=1');
  await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Ada');
  await expect(page.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue(
    'Lovelace',
  );
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Phone number', exact: true })).toHaveValue(
    '2079460958',
  );
  const home = page.getByRole('group', { name: 'Use a saved collection address' });
  await expect(home).toBeVisible();
  await expectNoAxeViolations(page, 'on step 1 with the saved addresses');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `/tmp/address-book-step1-${width}.png`, fullPage: true });
  await home.getByRole('radio', { name: /Ada Lovelace/ }).check();
  await expect(page.getByRole('textbox', { name: 'Street address', exact: true })).toHaveValue(
    '12 St James’s Square',
  );
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Step 2: the saved recipient, found by town, fills the form.
  await expect(page.getByRole('heading', { level: 2, name: 'Delivery Address' })).toBeVisible();
  const recipients = page.getByRole('group', { name: 'Use a saved recipient' });
  await recipients.getByRole('searchbox', { name: 'Search by name or town' }).fill('paris');
  await recipients.getByRole('radio', { name: /Marie Curie/ }).check();
  await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Marie');
  await expect(page.getByRole('textbox', { name: 'Town or city', exact: true })).toHaveValue(
    'Paris',
  );
  await expectNoAxeViolations(page, 'on step 2 with a saved recipient chosen');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `/tmp/address-book-step2-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Collection Time' })).toBeVisible();

  const order = (await (await page.request.get(`/api/v1/orders/${second.id}`)).json()) as {
    deliveryAddress: { firstName: string; city: string; postcode: string } | null;
  };
  expect(order.deliveryAddress).toMatchObject({
    firstName: 'Marie',
    city: 'Paris',
    postcode: '75001',
  });
  await chooseFirstDate(page, second);
  await declareBooks(page, second.id);
  await pay(page);

  // /account lists both, and deletes one after a confirmation.
  await page.goto('/account');
  const book = page.getByRole('region', { name: 'Address book' });
  await expect(book.getByRole('list', { name: 'Recipients' })).toContainText('Marie Curie');
  await expectNoAxeViolations(page, 'on /account with an address book');
  await page.screenshot({ path: `/tmp/address-book-account-${width}.png`, fullPage: true });
  await book.getByRole('button', { name: 'Delete Marie Curie' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete address' }).click();
  await expect(book.getByRole('status')).toHaveText('Deleted Marie Curie from your address book.');
  await expect(book.getByRole('list', { name: 'Recipients' })).toHaveCount(0);
  testInfo.annotations.push({ type: 'width', description: String(width) });
});
