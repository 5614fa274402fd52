import { expect, test } from '@playwright/test';
import { GOODS_CATEGORIES, describeLimit } from '#src/domain/prohibited-items.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { addItemInUi, chooseFirstDate, saveAddresses, startOrder } from '../support/order.js';
import { expectNoHorizontalScroll } from '../support/site.js';

// Goods on the never-send list are refused when added, naming their category; limited goods
// show their limit; the server refuses them too; the public lists come from the same table.

test('aerosol deodorant and a lithium battery are refused on /items; a £900 gold ring shows its limit', async ({
  page,
}) => {
  const order = await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await saveAddresses(page, order);
  await chooseFirstDate(page, order);
  await page.goto('/items');
  const small = page.getByRole('region', { name: 'Small Parcel 1' });
  const name = small.getByRole('textbox', { name: 'Item name' });

  for (const [item, message] of [
    ['aerosol deodorant', 'Aerosols cannot be sent.'],
    ['lithium battery', 'Batteries cannot be sent.'],
  ] as const) {
    await name.fill(item);
    await small.getByRole('textbox', { name: 'Value per unit (£)' }).fill('5');
    await small.getByRole('textbox', { name: 'Weight per unit (kg)' }).fill('0.2');
    await small.getByRole('button', { name: 'Add item' }).click();
    await expect(name).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')));
    await expect(name).toBeFocused();
    // Nothing to pick, nothing stored.
    await expect(small.getByRole('radio')).toHaveCount(0);
    await expect(small.getByRole('table')).toHaveCount(0);
  }
  await expectNoAxeViolations(page, 'with a refused item');

  await addItemInUi(small, { name: 'gold ring', value: '900', weight: '0.01', match: /71131900/ });
  await expect(small.getByRole('row', { name: /gold ring/ })).toContainText('Jewellery of gold');
  await expect(page.getByRole('status').filter({ hasText: 'Limits on these items' })).toContainText(
    '“gold ring”: Jewellery and watches: Up to £4,000 in total per shipment.',
  );
  await expectNoAxeViolations(page, 'with a limited item');
  await expectNoHorizontalScroll(page);
});

test('the server refuses a forbidden item sent straight to the API, naming the category', async ({
  page,
}) => {
  const order = await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  const res = await page.request.post(`/api/v1/orders/${order.id}/parcels/small-1/items`, {
    data: {
      name: 'aerosol deodorant',
      commodityCode: '33072000',
      numberOfUnits: 1,
      unitValue: 4,
      unitWeight: 0.2,
    },
  });
  expect(res.status()).toBe(422);
  expect(await res.json()).toMatchObject({
    error: { code: 'ITEM_NOT_ALLOWED', message: 'Aerosols cannot be sent.' },
  });
});

test('the home list and the Prohibited Items page both come from the table and agree', async ({
  page,
}) => {
  const refused = GOODS_CATEGORIES.filter((c) => c.rule.kind === 'refused');
  const restricted = GOODS_CATEGORIES.filter((c) => c.rule.kind !== 'refused');
  for (const path of ['/', '/prohibited-items']) {
    await page.goto(path);
    const scope = path === '/' ? page.locator('#prohibited') : page.getByRole('main');
    await scope.scrollIntoViewIfNeeded();
    const never = scope.getByRole('list').filter({ hasText: 'Weapons / Sharp Objects' });
    await expect(never.getByRole('listitem')).toHaveCount(refused.length);
    for (const category of refused) await expect(never).toContainText(category.name);
    // Nothing listed as never sent is also offered within a limit (jewellery, devices).
    await expect(never).not.toContainText('Jewel');
    await expect(never).not.toContainText('Electronic');
    for (const category of restricted) {
      await expect(scope).toContainText(`${category.name}: ${describeLimit(category)}.`);
    }
    await expect(scope).toContainText('Medicines and vitamins: Only to EU destinations.');
    await expectNoAxeViolations(page, `on ${path}`);
    await expectNoHorizontalScroll(page);
  }
});
