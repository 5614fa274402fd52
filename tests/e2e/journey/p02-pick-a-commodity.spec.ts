import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { chooseFirstDate, saveAddresses, startOrder } from '../support/order.js';

// The lookup shows its matches (description and code) and nothing is stored until the customer
// picks one; a word naming a prohibited category answers with that category first.

test('"cash", "knife" and "perfume" answer with their category; a jumper is stored only once picked', async ({
  page,
}) => {
  const order = await startOrder(page, { smallBoxes: 1, largeBoxes: 0 });
  await saveAddresses(page, order);
  await chooseFirstDate(page, order);
  await page.goto('/items');
  const small = page.getByRole('region', { name: 'Small Parcel 1' });
  const name = small.getByRole('textbox', { name: 'Item name' });
  await small.getByRole('textbox', { name: 'Value per unit (£)' }).fill('30');
  await small.getByRole('textbox', { name: 'Weight per unit (kg)' }).fill('0.5');

  for (const [word, message] of [
    ['cash', 'Cash cannot be sent.'],
    ['knife', 'Weapons / Sharp Objects cannot be sent.'],
    ['perfume', 'Flammable Goods cannot be sent.'],
  ] as const) {
    await name.fill(word);
    await small.getByRole('button', { name: 'Add item' }).click();
    await expect(small.getByText(message)).toBeVisible();
    await expect(small.getByRole('radio')).toHaveCount(0);
  }

  await name.fill('Cashmere jumper');
  await small.getByRole('button', { name: 'Add item' }).click();
  const matches = small.getByRole('group', { name: 'Which of these is “Cashmere jumper”?' });
  const cashmere = matches.getByRole('radio', { name: /cashmere.* · 61101200$/ });
  await expect(cashmere).toBeVisible();
  await expect(matches.getByRole('radio').first()).toBeFocused();
  await expectNoAxeViolations(page, 'with the matches to pick from');

  // Nothing stored yet: a reload shows an empty parcel.
  await page.reload();
  await expect(small.getByText('No items declared yet.')).toBeVisible();
  const stored = (await (await page.request.get(`/api/v1/orders/${order.id}`)).json()) as {
    parcels: { items: unknown[] }[];
  };
  expect(stored.parcels[0]!.items).toEqual([]);

  await name.fill('Cashmere jumper');
  await small.getByRole('textbox', { name: 'Value per unit (£)' }).fill('30');
  await small.getByRole('textbox', { name: 'Weight per unit (kg)' }).fill('0.5');
  await small.getByRole('button', { name: 'Add item' }).click();
  await small.getByRole('button', { name: 'Add item' }).click();
  await expect(small.getByText('Choose which of the matches this item is')).toBeVisible();
  await small.getByRole('radio', { name: /cashmere.* · 61101200$/ }).check();
  await small.getByRole('button', { name: 'Add item' }).click();
  await expect(small.getByRole('row', { name: /Cashmere jumper/ })).toContainText('61101200');
});
