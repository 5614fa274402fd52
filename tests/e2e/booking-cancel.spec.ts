import { expect, test } from '@playwright/test';
import { formatPence } from '../../src/domain/money.js';
import { expectNoAxeViolations } from './support/axe.js';
import { bookedOrder } from './support/checkout.js';
import { courierCalls } from './support/courier.js';
import { openMail } from './support/mailbox.js';
import { expectNoHorizontalScroll } from './support/site.js';
import { countMail, courierReferenceOf } from './support/tracking.js';

test('a customer cancels a paid booking before collection: cancelled once with the courier, refunded in full once, read-only after', async ({
  page,
}) => {
  const order = await bookedOrder(page);
  const reference = await courierReferenceOf(page, order);
  const checkout = (await (
    await page.request.get(`/api/v1/orders/${order.id}/checkout`)
  ).json()) as {
    amountPence: number;
  };
  const paid = formatPence(checkout.amountPence);

  await page.goto(`/manage-booking?order=${order.id}`);
  const section = page.getByRole('region', { name: 'Cancel or change this booking' });
  await expect(section.getByTestId('cancel-cut-off')).toContainText(
    'You can cancel free of charge until the courier collects your boxes.',
  );
  await expect(section).toContainText('Addresses and boxes cannot change after payment');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'with the booking open to changes');

  await section.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${order.reference}?` });
  await expect(dialog).toContainText(`We refund the ${paid} you paid in full`);
  // It opens on its safe button: Enter or a stray tap does not cancel.
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  // A double click on the confirmation sends one cancellation.
  await dialog.getByRole('button', { name: 'Yes, cancel the booking' }).dblclick();
  await expect(section.getByTestId('cancel-state')).toContainText(
    'This booking is cancelled. The courier will not collect your boxes.',
    { timeout: 15_000 },
  );
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  // The change landed: the focus is on the message that says so.
  await expect(section.getByTestId('cancel-state')).toBeFocused();

  // Once with the courier; the payment refunded in full once, shown on the page.
  expect((await courierCalls()).cancellations[reference]).toBe(1);
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(async () => {
    await page.reload();
    await expect(payment).toContainText('Refund sent to your card ending 4242', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(payment).toContainText(paid);

  // Read-only: nothing left to cancel or change; the change is listed.
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Move the collection' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save contact details' })).toHaveCount(0);
  await expect(page.getByTestId('booking-changes-history')).toContainText(
    'Booking cancelled (by you)',
  );
  const again = await page.request.post(`/api/v1/orders/${order.id}/booking-changes/cancellation`, {
    data: { requestKey: crypto.randomUUID() },
  });
  expect(again.status()).toBe(202);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'cancelled and refunded');

  // One email for the cancellation and one for the refund.
  const cancelled = `Your booking is cancelled: ${order.reference}`;
  const refunded = `We have refunded ${paid}: ${order.reference}`;
  expect(await countMail(page, [cancelled, refunded])).toEqual({ [cancelled]: 1, [refunded]: 1 });
  const { email } = await openMail(page, refunded);
  await expect(email.locator('body')).toContainText('ending 4242');
  expect((await courierCalls()).cancellations[reference]).toBe(1);
});
