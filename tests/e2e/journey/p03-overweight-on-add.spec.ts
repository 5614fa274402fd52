import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import {
  addItemInUi,
  chooseFirstDate,
  firstMatch,
  saveAddresses,
  startOrder,
} from '../support/order.js';
import { expectNoHorizontalScroll } from '../support/site.js';

// An item that would take its parcel over its weight is refused when it is added, saying by how
// much; nothing is stored and what was typed stays.

test('a 20 kg parcel refuses the item that would take it to 21 kg', async ({ page }) => {
  const order = await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await saveAddresses(page, order);
  await chooseFirstDate(page, order);
  await page.goto('/items');
  const small = page.getByRole('region', { name: 'Small Parcel 1' });
  await addItemInUi(small, { name: 'Paperback books', units: '15', value: '5', weight: '1' });
  await expect(small).toContainText('Declared 15 kg of 20 kg');

  await addItemInUi(small, { name: 'Paperback books', units: '6', value: '5', weight: '1' });
  const weight = small.getByRole('textbox', { name: 'Weight per unit (kg)' });
  await expect(weight).toHaveAccessibleDescription(
    'Error: This would take Small Parcel 1 to 21 kg, 1 kg over its 20 kg limit.',
  );
  await expect(weight).toBeFocused();
  await expect(weight).toHaveValue('1');
  await expect(small.getByRole('textbox', { name: 'Number of units' })).toHaveValue('6');
  await expect(small).toContainText('Declared 15 kg of 20 kg');
  await expect(small.getByRole('row', { name: /Paperback books/ })).toHaveCount(1);
  await expectNoAxeViolations(page, 'with the item refused');
  await expectNoHorizontalScroll(page);

  // Straight to the API: refused the same way.
  const res = await page.request.post(`/api/v1/orders/${order.id}/parcels/small-1/items`, {
    data: {
      name: 'Paperback books',
      commodityCode: await firstMatch(page, 'Paperback books'),
      numberOfUnits: 6,
      unitValue: 5,
      unitWeight: 1,
    },
  });
  expect(res.status()).toBe(422);
  expect(await res.json()).toMatchObject({
    error: { message: 'This would take Small Parcel 1 to 21 kg, 1 kg over its 20 kg limit.' },
  });
});
