import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { fillCard, readyToPay } from '../support/checkout.js';
import { courierCalls, courierControl } from '../support/courier.js';

// An item added while the card is being authorised must not reach an order already being
// booked: adding an item asks the courier for its commodity code first, so the order is checked
// again, under its row lock, when the item is written. This spec holds the courier's answer to
// that lookup while the same booking is paid for in another tab, so it switches the courier
// simulator and runs alone (see playwright.config.ts).

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.afterEach(() => courierControl({ reset: true }));

test('an item added in another tab while the order is paid for is refused, and only what was paid for is declared', async ({
  page,
  context,
}) => {
  const order = await readyToPay(page);
  await page.goto('/pay');
  await fillCard(page, '4242 4242 4242 4242');

  // The same booking's items, open in a second tab (a tab opened from this one shares its booking).
  const [items] = await Promise.all([
    context.waitForEvent('page'),
    page.evaluate(() => {
      window.open('/items', '_blank');
    }),
  ]);
  const small = items.getByRole('region', { name: 'Small Parcel 1' });
  await expect(small.getByRole('row', { name: /Paperback books/ })).toBeVisible();
  await small.getByRole('textbox', { name: 'Item name' }).fill('Cotton t-shirt');
  await small.getByRole('textbox', { name: 'Number of units' }).fill('3');
  await small.getByRole('textbox', { name: 'Value per unit (£)' }).fill('12');
  await small.getByRole('textbox', { name: 'Weight per unit (kg)' }).fill('0.3');
  await small.getByRole('button', { name: 'Add item' }).click();
  await small
    .getByRole('group', { name: /^Which of these is/ })
    .getByRole('radio')
    .first()
    .check();

  // The courier holds the lookup that adding the item makes, and the booking after payment.
  await courierControl({ commodity: 'hold', book: 'hold' });
  const adding = items.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/parcels/small-1/items'),
  );
  const lookups = (await courierCalls()).commodity;
  await small.getByRole('button', { name: 'Add item' }).click();
  // The add passed its first check (the order was still a draft) and waits on the courier.
  await expect.poll(async () => (await courierCalls()).commodity).toBe(lookups + 1);

  // Meanwhile the first tab pays: the card is authorised and the booking starts. (The server
  // waits at most 8 s for a lookup: this part takes a second or two.)
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect
    .poll(async () => {
      const view = (await (await page.request.get(`/api/v1/orders/${order.id}`)).json()) as {
        status: string;
      };
      return view.status;
    })
    .not.toBe('draft');

  // The lookup answers now; the item reaches an order that is no longer editable: refused.
  await courierControl({ commodity: 'normal' });
  expect((await adding).status()).toBe(409);
  await expect(
    small.getByText('This order has been paid for and can no longer be changed.'),
  ).toBeVisible();
  await expect(small.getByRole('row', { name: /Cotton t-shirt/ })).toHaveCount(0);
  await expectNoAxeViolations(items, 'with the item refused');

  await expect(page.getByRole('region', { name: 'Booking your collection' })).toBeVisible();
  await expectNoAxeViolations(page, 'while booking');
  await courierControl({ book: 'normal' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order', {
    timeout: 20_000,
  });
  await expectNoAxeViolations(page, 'once booked');
  await expect(page).toHaveURL(/status=SUCCESS/, { timeout: 20_000 });
  const booked = (await (await page.request.get(`/api/v1/orders/${order.id}`)).json()) as {
    status: string;
    parcels: { items: { name: string }[] }[];
  };
  expect(booked.status).toBe('booked');
  expect(booked.parcels.flatMap((p) => p.items.map((i) => i.name))).toEqual(['Paperback books']);
});
