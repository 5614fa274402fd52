import { expect, test, type Page } from '@playwright/test';
import { signInAsAdminAt } from '../support/admin.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { chooseFirstDate, fillAddress, firstMatch, startOrder } from '../support/order.js';
import { expectNoHorizontalScroll, isPhone } from '../support/site.js';

// Addresses follow each country's format: a French (or UK) address needs no region, a US one
// its state; every address may have a company and a second line, saved, shown on the order's
// pages and sent to the courier.

test.describe.configure({ timeout: 90_000 });

const step = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Booking steps' }).getByRole('button', { name });
const save = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();
const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' });

const UK_WITH_COMPANY = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Company (optional)': 'Analytical Engines Ltd',
  'Street address': '12 St James’s Square',
  'Address line 2 (optional)': 'Second floor',
  'Town or city': 'London',
  'Phone number': '020 7946 0958',
  Email: 'ada@example.com',
};

const FRENCH_WITHOUT_REGION = {
  'First name': 'Marie',
  'Last name': 'Curie',
  'Company (optional)': 'Institut du Radium',
  'Street address': '11 Rue Pierre et Marie Curie',
  'Address line 2 (optional)': 'Bâtiment B',
  'Town or city': 'Paris',
  'Phone number': '06 12 34 56 78',
  Email: 'marie@example.fr',
};

test('a French address needs no region; company and line 2 are saved and shown', async ({
  page,
}, testInfo) => {
  const order = await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await page.goto('/booking');

  // Step 1, a UK collection: the county is optional, company and line 2 are offered.
  const county = page.getByRole('textbox', { name: 'County (optional)', exact: true });
  await expect(county).toBeVisible();
  await expect(county).not.toHaveAttribute('required');
  await fillAddress(page, UK_WITH_COMPANY);
  await save(page);
  await expect(step(page, /Step 2 Delivery Address/)).toHaveAttribute('aria-current', 'step');

  // Step 2, France: refused empty, but never for the region.
  await save(page);
  await expect(summary(page)).toContainText('Required field is missing.');
  await expect(summary(page)).not.toContainText(/region|county|state/i);
  const region = page.getByRole('textbox', { name: 'Region (optional)', exact: true });
  await expect(region).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Company (optional)' })).toHaveAttribute(
    'autocomplete',
    'section-delivery organization',
  );
  await expect(page.getByRole('textbox', { name: 'Address line 2 (optional)' })).toHaveAttribute(
    'autocomplete',
    'section-delivery address-line2',
  );
  await expectNoAxeViolations(page, 'on the French delivery address with errors');
  await expectNoHorizontalScroll(page);

  await fillAddress(page, FRENCH_WITHOUT_REGION);
  await expect(region).toHaveValue('');
  await save(page);
  await expect(step(page, /Step 3 Collection Time/)).toHaveAttribute('aria-current', 'step');

  // The order panel writes both addresses with their company and second line.
  const panel = page.getByRole('complementary', { name: 'Order details' });
  for (const line of [
    'ANALYTICAL ENGINES LTD',
    'SECOND FLOOR',
    'INSTITUT DU RADIUM',
    'BÂTIMENT B',
  ]) {
    await expect(panel.getByText(line, { exact: true })).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath('addresses-panel.png'), fullPage: true });

  // Back on step 2 the saved values are in their fields.
  await step(page, /Step 2/).click();
  await expect(page.getByRole('textbox', { name: 'Company (optional)' })).toHaveValue(
    'Institut du Radium',
  );
  await expect(page.getByRole('textbox', { name: 'Address line 2 (optional)' })).toHaveValue(
    'Bâtiment B',
  );

  // The payment step's review shows them too.
  await chooseFirstDate(page, order);
  const item = await page.request.post(`/api/v1/orders/${order.id}/parcels/small-1/items`, {
    data: {
      name: 'Paperback books',
      commodityCode: await firstMatch(page, 'Paperback books'),
      numberOfUnits: 2,
      unitValue: 8.5,
      unitWeight: 0.4,
    },
  });
  expect(item.status()).toBe(201);
  expect((await page.request.post(`/api/v1/orders/${order.id}/declaration`)).status()).toBe(200);
  await page.goto('/pay');
  const review = page.getByRole('region', { name: 'Check your booking' });
  await expect(review).toContainText(
    'Collect fromAda LovelaceAnalytical Engines Ltd12 St James’s SquareSecond floorLondonSW1A 1AA',
  );
  await expect(review).toContainText(
    'Deliver toMarie CurieInstitut du Radium11 Rue Pierre et Marie CurieBâtiment BParis75001France',
  );
  await expectNoAxeViolations(page, 'on /pay with company and line 2');
  await expectNoHorizontalScroll(page);

  // The operator's order page (desktop: the console is an office tool).
  if (!isPhone(page)) {
    await signInAsAdminAt(page, `/admin/orders/${order.id}`);
    const delivery = page.getByRole('region', { name: /^Delivery/ });
    await expect(delivery).toContainText('Institut du Radium');
    await expect(delivery).toContainText('11 Rue Pierre et Marie Curie');
    await expect(delivery).toContainText('Bâtiment B');
    const collection = page.getByRole('region', { name: 'Collection', exact: true });
    await expect(collection).toContainText('12 St James’s Square');
    await expect(collection).toContainText('Second floor');
  }
});

test('a US delivery address needs its state, named as the US names it', async ({ page }) => {
  await startOrder(page, { destinationCountryId: 232, destinationPostcode: '10001' });
  await page.goto('/booking');
  await step(page, /Step 2/).click();
  const state = page.getByRole('textbox', { name: 'State', exact: true });
  await expect(state).toHaveAttribute('required');
  await fillAddress(page, {
    'First name': 'Grace',
    'Last name': 'Hopper',
    'Street address': '1 Liberty Plaza',
    'Town or city': 'New York',
    'Phone number': '(212) 555-0199',
    Email: 'grace@example.com',
  });
  await save(page);
  await expect(summary(page)).toContainText('Required field is missing.');
  await expect(summary(page).getByRole('link', { name: 'Enter the state' })).toBeVisible();
  await expect(state).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'with the US state missing');
  await expectNoHorizontalScroll(page);
  await state.fill('NY');
  await save(page);
  await expect(step(page, /Step 3 Collection Time/)).toHaveAttribute('aria-current', 'step');
});
