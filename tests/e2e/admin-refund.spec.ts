import { expect, test } from '@playwright/test';
import { signInAsAdminAt } from './support/admin.js';
import { expectNoAxeViolations } from './support/axe.js';
import { bookedOrder } from './support/checkout.js';
import { openMail } from './support/mailbox.js';
import { expectNoHorizontalScroll } from './support/site.js';

// A paid order is booked through /pay first, and the first test in a worker signs in (a
// deliberately slow password check).
test.describe.configure({ timeout: 180_000 });

test('an operator refunds part of a paid order, then the rest, and the customer is emailed each time', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const order = await bookedOrder(page);

  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await context.newPage();
  await signInAsAdminAt(admin, `/admin/orders/${order.id}`);
  await expect(
    admin.getByRole('heading', { level: 1, name: `Order ${order.reference}` }),
  ).toBeVisible();
  // The capture job takes the money just after the booking: until then there is nothing to refund.
  const refundButton = admin.getByRole('button', { name: 'Refund…' });
  await expect(async () => {
    await admin.reload();
    await expect(refundButton).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  const actions = admin.getByRole('region', { name: 'Payment and booking' });
  const left = await actions.getByText(/^Left to refund:/).textContent();
  const price = Math.round(Number(left?.replace(/[^\d.]/g, '')) * 100);
  expect(price).toBeGreaterThan(1000);

  // A part refund: the dialog offers the whole; a wrong amount is refused in the dialog.
  await refundButton.click();
  const dialog = admin.getByRole('dialog', { name: `Refund ${order.reference}` });
  await expect(dialog).toBeVisible();
  const amount = dialog.getByRole('textbox', { name: 'Amount to refund (£)' });
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue((price / 100).toFixed(2));
  await amount.fill('10.005');
  await dialog.getByRole('button', { name: 'Refund now' }).click();
  await expect(dialog.getByText('Use at most 2 decimal places (whole pence)')).toBeVisible();
  await expect(amount).toBeFocused();
  await amount.fill('10.00');
  // A refund needs its reason, which the timeline and the audit log keep.
  await dialog.getByRole('button', { name: 'Refund now' }).click();
  const reason = dialog.getByRole('textbox', { name: /^Reason/ });
  await expect(dialog.getByText('Give the reason, in at most 500 characters')).toBeVisible();
  await expect(reason).toBeFocused();
  await reason.fill('Box 2 arrived a day late');
  await expectNoAxeViolations(admin, 'in the refund dialog');
  await admin.screenshot({ path: testInfo.outputPath('admin-refund-dialog.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Refund now' }).dblclick();
  await expect(dialog).toBeHidden();
  // The page announces the outcome once the card provider confirms it.
  await expect(
    admin.getByText(
      'The card provider confirmed the refund of £10.00. The customer has been emailed.',
    ),
  ).toBeVisible({ timeout: 15_000 });
  const refunds = actions.getByRole('table', { name: 'Refunds' });
  // The double click refunded once.
  await expect(refunds.getByRole('row')).toHaveCount(2);
  await expect(refunds).toContainText('Refunded');
  const rest = ((price - 1000) / 100).toFixed(2);
  await expect(actions.getByText(/^Left to refund:/)).toHaveText(`Left to refund: £${rest}`);
  await expectNoHorizontalScroll(admin);
  await expectNoAxeViolations(admin, 'on the order page after a refund');

  // The rest: the dialog offers exactly what is left.
  await refundButton.click();
  await expect(amount).toHaveValue(rest);
  await expect(reason).toHaveValue('');
  await reason.fill('The customer asked for the rest back');
  await dialog.getByRole('button', { name: 'Refund now' }).click();
  await expect(
    admin.getByText(
      `The card provider confirmed the refund of £${rest}. The customer has been emailed.`,
    ),
  ).toBeVisible({ timeout: 15_000 });
  await expect(refunds.getByRole('row')).toHaveCount(3);
  await expect(actions.getByText(/^Left to refund:/)).toHaveText('Left to refund: £0.00');
  await expect(refundButton).toHaveCount(0);
  await expectNoHorizontalScroll(admin);
  await expectNoAxeViolations(admin, 'on the order page refunded in full');
  await admin.screenshot({ path: testInfo.outputPath('admin-refunded.png'), fullPage: true });
  await context.close();

  // The customer's emails.
  const first = await openMail(page, `We have refunded £10.00: ${order.reference}`);
  await expect(first.email.getByText(`In all we have refunded £10.00`)).toBeVisible();
  const second = await openMail(page, `We have refunded £${rest}: ${order.reference}`);
  await expect(second.email.getByText('That is the whole of the')).toBeVisible();
});
