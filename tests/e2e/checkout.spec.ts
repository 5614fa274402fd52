import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { fillCard, readyToPay } from './support/checkout.js';
import { downloadAttachment, openMail } from './support/mailbox.js';
import { addItemInUi, COLLECTION_ADDRESS, DELIVERY_ADDRESS, fillAddress } from './support/order.js';
import { expectNoHorizontalScroll } from './support/site.js';

test('the whole journey from the home page to a SUCCESS confirmation whose label downloads as a PDF @layout', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Get an instant quote' });
  await form.getByLabel('Collection post code').fill('SW1A 1AA');
  await form.getByLabel('Destination country').selectOption({ label: 'France' });
  await form.getByLabel('Destination post code').fill('75001');
  await form.getByRole('button', { name: 'Add a Small Box' }).click();
  await form.getByRole('button', { name: 'Get Quotes' }).click();
  await page.getByRole('button', { name: /^Select Express/ }).click();

  await expect(page).toHaveURL('/booking');
  const step = (name: RegExp) =>
    page.getByRole('navigation', { name: 'Booking steps' }).getByRole('button', { name });
  await fillAddress(page, COLLECTION_ADDRESS);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(step(/Step 2 Delivery Address/)).toHaveAttribute('aria-current', 'step');
  await fillAddress(page, DELIVERY_ADDRESS);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(step(/Step 3 Collection Time/)).toHaveAttribute('aria-current', 'step');
  await page
    .getByRole('group', { name: 'Choose a collection date' })
    .getByRole('radio')
    .first()
    .check();
  await page.getByRole('button', { name: 'Continue to Declare Items' }).click();

  const small = page.getByRole('region', { name: 'Small Parcel 1' });
  await addItemInUi(small, { name: 'Paperback books', units: '10', value: '6', weight: '0.4' });
  await expect(small.getByRole('row', { name: /Paperback books/ })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL('/pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  await expect(page.getByText('Please provide your payment details below.')).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'Order details' });
  await expect(panel).toBeVisible();
  const price = (await panel.getByText(/£\d/).first().textContent())?.match(/£[\d,.]+/)?.[0];
  await expect(page.getByTestId('pay-amount')).toContainText(price ?? 'no price in the panel');
  await expect(page.getByRole('group', { name: 'Billing address' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name on card' })).toHaveValue('Ada Lovelace');
  await expectNoAxeViolations(page, 'on /pay');
  await page.screenshot({ path: testInfo.outputPath('pay.png'), fullPage: true });
  await expectNoHorizontalScroll(page);

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  // The live progress itself is checked with a slow courier in provider-failures.spec.ts.
  await expect(page).toHaveURL(/\/order-confirmation\?status=SUCCESS&order=/, { timeout: 15_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your order' }),
  ).toBeVisible();
  await expect(page.getByTestId('order-reference')).toHaveText(/^BA-[0-9A-Z]{8}$/);
  // Our tracking page first; the courier's second, named as the courier's.
  await expect(page.getByRole('link', { name: 'Track your boxes' })).toHaveAttribute(
    'href',
    /^\/track\/[\w-]{44}$/,
  );
  await expect(page.getByRole('link', { name: /the courier’s tracking page/ })).toHaveAttribute(
    'href',
    /^http/,
  );
  // The courier's tracking page gives the collection window our pages promise, from 9:00am.
  const tracking = await page
    .getByRole('link', { name: /the courier’s tracking page/ })
    .getAttribute('href');
  expect(await (await page.request.get(tracking ?? '')).text()).toMatch(/Collection.*from 09:00/);
  await expect(page.getByRole('link', { name: /Download Commercial invoice/ })).toBeVisible();
  await expectNoAxeViolations(page, 'on the confirmation');
  await page.screenshot({ path: testInfo.outputPath('confirmation.png'), fullPage: true });
  await expectNoHorizontalScroll(page);

  const downloading = page.waitForEvent('download');
  await page
    .getByRole('link', { name: /Download Label/ })
    .first()
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^BA-[0-9A-Z]{8}-label-.*\.pdf$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('link', { name: 'Back Home' }).click();
  await expect(page).toHaveURL('/');
});

test('a declined card shows the card provider’s message; paying again with a good card succeeds', async ({
  page,
}) => {
  await readyToPay(page);
  await page.goto('/pay');
  const pay = page.getByRole('button', { name: 'Pay' });
  await expect(pay).toBeEnabled();
  await fillCard(page, '4000 0000 0000 0002');
  await pay.click();
  await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined.');
  await expectNoAxeViolations(page, 'with a declined card');
  // Nothing was lost: the billing address and the card fields keep what was typed.
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue(
    '4000 0000 0000 0002',
  );
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await pay.click();
  await expect(page).toHaveURL(/status=SUCCESS/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
});

test('the card fields refuse bad check digits and a past expiry before anything is sent', async ({
  page,
}) => {
  await readyToPay(page);
  await page.goto('/pay');
  await fillCard(page, '4242 4242 4242 4241');
  await page.getByRole('textbox', { name: 'Expiry date' }).fill('01 / 20');
  await page.getByRole('button', { name: 'Pay' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText('Your card number is invalid.');
  await expect(summary).toContainText("Your card's expiry date is in the past.");
  await expectNoAxeViolations(page, 'with card field errors');
});

test('a card that needs authentication: the customer approves it and the order is booked', async ({
  page,
}) => {
  await readyToPay(page);
  await page.goto('/pay');
  await fillCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Pay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'during authentication');
  await dialog.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/status=SUCCESS/, { timeout: 15_000 });
});

test('payment by keyboard alone', async ({ page }) => {
  await readyToPay(page);
  await page.goto('/pay');
  await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
  // The required tick box (Terms accepted, nothing prohibited), ticked with the space bar.
  const tick = page.getByRole('checkbox', { name: /^I accept the Terms/ });
  await tick.focus();
  await page.keyboard.press('Space');
  await expect(tick).toBeChecked();
  await page.getByRole('textbox', { name: 'Name on card' }).focus();
  // Tab through the billing address to the card number.
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Card number' })).toBeFocused();
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1234');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Pay' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/status=SUCCESS/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toBeVisible();
});

test('the booking confirmation email arrives with the labels attached', async ({ page }) => {
  const order = await readyToPay(page);
  await page.goto('/pay');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/status=SUCCESS/, { timeout: 15_000 });
  await openMail(page, `Your booking was successful: ${order.reference}`);
  const pdf = await downloadAttachment(page, 'labels-a4.pdf');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});
