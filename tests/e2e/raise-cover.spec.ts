import { expect, test } from '@playwright/test';
import { formatPence } from '../../src/domain/money.js';
import { expectNoAxeViolations } from './support/axe.js';
import { bookedOrder, fillCardFields } from './support/checkout.js';
import { courierCalls } from './support/courier.js';
import { expectNoHorizontalScroll } from './support/site.js';
import { courierReferenceOf } from './support/tracking.js';

// Raising the cover after payment (docs/booking-changes.md): a second, separate card payment
// with the pay step's card form, then the courier is told the new cover and the payment taken.

test.describe.configure({ timeout: 90_000 });

test('a customer raises the cover of a paid booking to £600: a declined card changes nothing, a good one raises it with the courier and is charged 2% of £550', async ({
  page,
}, testInfo) => {
  // Six books at £100 each (£600 declared), the cover left at the included £50 on /pay.
  const order = await bookedOrder(page, { unitValue: 100 });
  const reference = await courierReferenceOf(page, order);
  const checkout = (await (
    await page.request.get(`/api/v1/orders/${order.id}/checkout`)
  ).json()) as { amountPence: number };

  await page.goto(`/manage-booking?order=${order.id}`);
  const section = page.getByRole('region', { name: 'Cancel or change this booking' });
  const inForce = section.getByTestId('cover-in-force');
  await expect(inForce).toHaveText('Your shipment is covered to £50, included.');
  const amount = section.getByRole('textbox', { name: 'Raise your cover to' });
  await expect(amount).toHaveValue('600');
  await expect(section.getByTestId('cover-price')).toHaveText(
    'This costs £11.00 more: 2% of the cover above £50.',
  );
  await expectNoAxeViolations(page, 'with the cover open to a raise');

  // Not above the cover in force: refused in the server's words before anything is sent.
  await amount.fill('50');
  await section.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(section.getByRole('alert')).toContainText(
    'Choose more cover than the £50 you have now: cover can be raised after payment, not lowered.',
  );
  await amount.fill('600');
  await section.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(section.getByRole('heading', { name: 'Pay for cover to £600' })).toBeFocused();
  await expect(section.getByTestId('cover-pay-amount')).toContainText('costs £11.00');

  // A declined card: the provider's message, the form kept, nothing raised.
  await fillCardFields(section, '4000 0000 0000 0002');
  await section.getByRole('button', { name: 'Pay £11.00' }).click();
  await expect(section.getByTestId('payment-error')).toHaveText('Your card was declined.');
  await expect(inForce).toHaveText('Your shipment is covered to £50, included.');
  expect((await courierCalls()).coverRaises[reference]).toBeUndefined();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `/tmp/raise-cover-card-${testInfo.project.name}.png` });

  // Another card, the same payment: the courier is told £600 and the raise charged.
  await fillCardFields(section, '4242 4242 4242 4242');
  await section.getByRole('button', { name: 'Pay £11.00' }).click();
  await expect(section.getByTestId('cover-state')).toHaveText(
    'Your cover is now £600. We charged £11.00 to your card.',
    { timeout: 20_000 },
  );
  await expect(inForce).toHaveText('Your shipment is covered to £600 (£50 included, £550 bought).');
  expect((await courierCalls()).coverRaises[reference]).toEqual([600]);
  await expect(page.getByTestId('booking-changes-history')).toContainText(
    'Raised the cover from £50 to £600 (£11.00) (by you)',
  );
  await section.screenshot({ path: `/tmp/raise-cover-done-${testInfo.project.name}.png` });

  // The raise is taken as a payment of its own: the Payment section lists both and their total.
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(async () => {
    await page.reload();
    await expect(payment.getByTestId('payment-parts')).toContainText(
      /More cover, bought on .+: £11\.00/,
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 20_000 });
  await expect(payment.getByTestId('amount-paid')).toContainText(
    formatPence(checkout.amountPence + 1_100),
  );
  // The most this shipment can have: nothing more to raise.
  await expect(section.getByTestId('cover-refused')).toHaveText(
    'This shipment already has the most cover it can have (£600): the value of the items you declared, at most the maximum per shipment.',
  );
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'after the raise');
  await page.screenshot({
    path: `/tmp/raise-cover-page-${testInfo.project.name}.png`,
    fullPage: true,
  });
});
