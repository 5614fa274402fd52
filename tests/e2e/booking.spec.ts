import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import {
  addItemInUi,
  COLLECTION_ADDRESS,
  DELIVERY_ADDRESS,
  chooseFirstDate,
  fillAddress,
  firstMatch,
  saveAddresses,
  startOrder,
} from './support/order.js';
import { expectNoHorizontalScroll } from './support/site.js';

const step = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Booking steps' }).getByRole('button', { name });

test.describe('the booking wizard', () => {
  test('each step, its messages, jumping between steps and a reload mid-way @layout', async ({
    page,
  }) => {
    await startOrder(page);
    await page.goto('/booking');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Book your collection' }),
    ).toBeVisible();
    await expect(step(page, /Step 1 Collection Address/)).toHaveAttribute('aria-current', 'step');
    const panel = page.getByRole('complementary', { name: 'Order details' });
    await expect(panel).toContainText('50 kg');

    // Step 1: nothing filled in.
    await page.getByRole('button', { name: 'Save and continue' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toContainText('Required field is missing.');
    await expect(page.getByText('Enter a first name').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByRole('textbox', { name: 'Country', exact: true })).toHaveValue(
      'United Kingdom (Mainland)',
    );
    await expect(page.getByRole('textbox', { name: 'Post code', exact: true })).toHaveValue(
      'SW1A 1AA',
    );
    await expectNoAxeViolations(page, 'with the address errors');

    // A French phone number is refused for a UK collection.
    await fillAddress(page, { ...COLLECTION_ADDRESS, 'Phone number': '06 12 34 56 78' });
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(summary).toContainText(
      'This is not a UK phone number: check it, or enter a UK number (starting 07, 01, 02 or +44)',
    );
    await fillAddress(page, COLLECTION_ADDRESS);
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 2, with the order panel showing the collection address in upper case.
    await expect(step(page, /Step 2 Delivery Address/)).toHaveAttribute('aria-current', 'step');
    await expect(step(page, /Step 1 Collection Address \(completed\)/)).toBeVisible();
    await expect(panel).toContainText('12 ST JAMES’S SQUARE');
    await expect(page.getByText('+33', { exact: true })).toBeVisible();

    // Jump back to step 1: the saved address is there; then a reload keeps the step.
    await step(page, /Step 1/).click();
    await expect(page.getByRole('textbox', { name: 'Town or city' })).toHaveValue('London');
    await step(page, /Step 2/).click();
    await page.reload();
    await expect(step(page, /Step 2 Delivery Address/)).toHaveAttribute('aria-current', 'step');

    await fillAddress(page, DELIVERY_ADDRESS);
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 3: the window, weekends shown but not choosable.
    await expect(step(page, /Step 3 Collection Time/)).toHaveAttribute('aria-current', 'step');
    await expect(
      page.getByText('Collection is between 9:00am and 5:30pm on the chosen date.'),
    ).toBeVisible();
    const dates = page.getByRole('group', { name: 'Choose a collection date' });
    const radios = dates.getByRole('radio');
    expect(await radios.count()).toBeGreaterThanOrEqual(5);
    await page.getByRole('button', { name: 'Continue to Declare Items' }).click();
    await expect(summary).toContainText('Please select date.');
    await expectNoAxeViolations(page, 'on the date step with an error');
    await expectNoHorizontalScroll(page);
    const enabled = dates.locator('input[type=radio]:not([disabled])');
    await expect(enabled).toHaveCount(5);
    await enabled.nth(1).check();
    await page.getByRole('button', { name: 'Continue to Declare Items' }).click();
    await expect(page).toHaveURL('/items');
    await expect(page.getByRole('heading', { level: 1, name: 'Declare Items' })).toBeVisible();
  });

  test('the server refuses dates the picker never offers', async ({ page }) => {
    const order = await startOrder(page);
    const put = (date: string) =>
      page.request.put(`/api/v1/orders/${order.id}/collection-date`, { data: { date } });
    const message = async (date: string) =>
      ((await (await put(date)).json()) as { error: { message: string } }).error.message;
    expect(await message('2020-01-01')).toBe('Please select a date and time in the future.');
    const dates = (await (
      await page.request.get(`/api/v1/orders/${order.id}/collection-dates`)
    ).json()) as {
      days: { date: string; reason?: string }[];
    };
    const weekend = dates.days.find((d) => d.reason === 'weekend');
    if (weekend) expect(await message(weekend.date)).toBe('Saturdays and Sundays are not allowed.');
    expect(await message('2099-01-05')).toMatch(/^Please choose a date from /);
  });
});

test.describe('Declare Items', () => {
  test('lookup found and not found, delete, each Continue failure, the prohibited warning @layout', async ({
    page,
  }) => {
    // The whole Declare Items step in one test: three axe scans and a dozen lookups take more
    // than the default 30 s on a busy two-core machine.
    test.slow();
    const order = await startOrder(page, { smallBoxes: 1, largeBoxes: 1 });
    await saveAddresses(page, order);
    await chooseFirstDate(page, order);
    await page.goto('/items');
    const large = page.getByRole('region', { name: 'Large Parcel 1' });
    const small = page.getByRole('region', { name: 'Small Parcel 1' });
    await expect(large).toContainText('Up to 30 kg · 60 × 50 × 50 cm');
    await expect(small).toContainText('Up to 20 kg · 46 × 46 × 46 cm');

    // Continue with nothing declared.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText(
      'Commodity details cannot be empty in any package.',
    );

    // Not found: the message shows and what was typed stays.
    const addTo = (region: typeof large) => ({
      name: region.getByRole('textbox', { name: 'Item name' }),
      units: region.getByRole('textbox', { name: 'Number of units' }),
      value: region.getByRole('textbox', { name: 'Value per unit (£)' }),
      weight: region.getByRole('textbox', { name: 'Weight per unit (kg)' }),
      add: region.getByRole('button', { name: 'Add item' }),
    });
    const l = addTo(large);
    await l.name.fill('Qwzxv');
    await l.units.fill('2');
    await l.value.fill('10');
    await l.weight.fill('1');
    await l.add.click();
    await expect(large.getByText('Commodity not found, try a different phrase.')).toBeVisible();
    await expect(l.name).toHaveValue('Qwzxv');
    await expect(l.units).toHaveValue('2');
    await expectNoAxeViolations(page, 'with a lookup failure');

    // Found: the matches are shown and nothing is stored until one is picked.
    await l.name.fill('Wool jumper');
    await l.add.click();
    const matches = large.getByRole('group', { name: 'Which of these is “Wool jumper”?' });
    const jumper = matches.getByRole('radio', {
      name: 'Jumpers, pullovers and cardigans of wool, knitted · 61101100',
    });
    await expect(jumper).toBeFocused();
    await expect(large.getByRole('row', { name: /Wool jumper/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'with the matches shown');
    await l.add.click();
    await expect(large.getByText('Choose which of the matches this item is')).toBeVisible();
    await jumper.check();
    await l.add.click();
    const row = large.getByRole('row', { name: /Wool jumper/ });
    await expect(row).toContainText('Jumpers, pullovers and cardigans of wool, knitted');
    await expect(row).toContainText('61101100');
    await expect(large).toContainText('Declared 2 kg of 30 kg');

    // A perfume is refused at once, naming its category (the prohibited-goods table).
    const s = addTo(small);
    await s.name.fill('Perfume');
    await s.units.fill('1');
    await s.value.fill('40');
    await s.weight.fill('0.3');
    await s.add.click();
    await expect(small.getByText('Flammable Goods cannot be sent.')).toBeVisible();
    await expect(s.name).toBeFocused();
    await s.name.fill('Paperback books');
    await s.add.click();
    await small.getByRole('radio').first().check();
    await s.add.click();
    await expect(small.getByRole('row', { name: /Paperback books/ })).toBeVisible();
    await expect(small.getByRole('status')).toHaveText('Added Paperback books to Small Parcel 1.');
    await expectNoAxeViolations(page, 'with items');
    await expectNoHorizontalScroll(page);

    // A reload shows what was declared.
    await page.reload();
    await expect(page.getByRole('row', { name: /Wool jumper/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Paperback books/ })).toBeVisible();

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/pay');
  });

  test('adding refuses a third device in a box and an item that takes the shipment over £5,000', async ({
    page,
  }) => {
    const order = await startOrder(page, { smallBoxes: 0, largeBoxes: 2 });
    const add = (parcel: string, item: object) =>
      page.request.post(`/api/v1/orders/${order.id}/parcels/${parcel}/items`, { data: item });
    const laptop = { name: 'Laptop', commodityCode: await firstMatch(page, 'Laptop') };
    const jumper = { name: 'Wool jumper', commodityCode: await firstMatch(page, 'Wool jumper') };
    const ok = await add('large-1', {
      ...laptop,
      numberOfUnits: 2,
      unitValue: 1500,
      unitWeight: 2,
    });
    expect(ok.status()).toBe(201);
    const third = await add('large-1', {
      ...laptop,
      numberOfUnits: 1,
      unitValue: 100,
      unitWeight: 2,
    });
    expect(third.status()).toBe(422);
    expect(((await third.json()) as { error: { message: string } }).error.message).toBe(
      'Large Parcel 1: Electronic devices: At most 2 per box (3 declared).',
    );
    const costly = await add('large-2', {
      ...jumper,
      numberOfUnits: 3,
      unitValue: 900,
      unitWeight: 1,
    });
    expect(((await costly.json()) as { error: { message: string } }).error.message).toBe(
      'The declared value of your shipment is £5,700.00; we can carry shipments worth up to £5,000.',
    );
    await page.goto('/items');
    const large2 = page.getByRole('region', { name: 'Large Parcel 2' });
    await addItemInUi(large2, { name: 'Wool jumper', units: '3', value: '900', weight: '1' });
    await expect(large2.getByRole('textbox', { name: 'Item name' })).toHaveAccessibleDescription(
      /The declared value of your shipment is £5,700.00/,
    );
    await expectNoAxeViolations(page, 'with the limit refused');
    await expect(large2.getByRole('row', { name: /Wool jumper/ })).toHaveCount(0);
  });

  test('the wizard and the items page can be completed by keyboard alone', async ({ page }) => {
    await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
    await page.goto('/booking');
    const typeInto = async (label: string, value: string) => {
      await expect(page.getByRole('textbox', { name: label, exact: true })).toBeFocused();
      await page.keyboard.type(value);
    };
    // Step 1: Tab from the step heading's surroundings into the first field.
    await page.getByRole('textbox', { name: 'First name', exact: true }).focus();
    for (const [address, area] of [
      [COLLECTION_ADDRESS, 'County (optional)'],
      [DELIVERY_ADDRESS, 'Region (optional)'],
    ] as const) {
      const tabPast = async (label: string) => {
        await expect(page.getByRole('textbox', { name: label, exact: true })).toBeFocused();
        await page.keyboard.press('Tab');
      };
      await page.getByRole('textbox', { name: 'First name', exact: true }).focus();
      await typeInto('First name', address['First name']);
      await page.keyboard.press('Tab');
      await typeInto('Last name', address['Last name']);
      await page.keyboard.press('Tab');
      // Company and the second address line are optional: left empty.
      await tabPast('Company (optional)');
      await typeInto('Street address', address['Street address']);
      await page.keyboard.press('Tab');
      await tabPast('Address line 2 (optional)');
      await typeInto('Town or city', address['Town or city']);
      await page.keyboard.press('Tab');
      await typeInto(area, (address as Record<string, string>)[area] ?? '');
      // Country and post code are read-only but focusable; then the phone.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await typeInto('Phone number', address['Phone number']);
      await page.keyboard.press('Tab');
      await typeInto('Email', address.Email);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: /Address|Time/ })).toBeFocused();
    }
    // Step 3: Tab to the first date, choose it with Space, submit with Enter.
    await expect(page.getByRole('heading', { level: 2, name: 'Collection Time' })).toBeFocused();
    const firstEnabled = page.locator('input[name=collectionDate]:not([disabled])').first();
    await firstEnabled.focus();
    await page.keyboard.press('Space');
    await expect(firstEnabled).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/items');

    const small = page.getByRole('region', { name: 'Small Parcel 1' });
    await small.getByRole('textbox', { name: 'Item name' }).focus();
    await page.keyboard.type('Paperback books');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12.50');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0.8');
    await page.keyboard.press('Enter');
    // The matches: focus is on the first; Space picks it, Enter adds the item.
    await expect(small.getByRole('radio').first()).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect(small.getByRole('row', { name: /Paperback books/ })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/pay');
  });
});
