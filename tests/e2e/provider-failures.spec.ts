import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { fillCard, readyToPay } from './support/checkout.js';
import { courierControl } from './support/courier.js';

// These specs switch the courier simulator into failure modes; they run alone (see
// playwright.config.ts) and one at a time.
// Each runs a whole checkout (some two), with accessibility scans: more than the default 30 s
// on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.afterEach(() => courierControl({ reset: true }));

test('when the courier offers nothing, the customer is returned home with the product’s message', async ({
  page,
}) => {
  await courierControl({ quote: 'fail' });
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Get an instant quote' });
  await form.getByLabel('Collection post code').fill('SW1A 1AA');
  await form.getByLabel('Destination country').selectOption({ label: 'Italy' });
  await form.getByLabel('Destination post code').fill('00184');
  for (let i = 0; i < 4; i += 1)
    await form.getByRole('button', { name: 'Add a Large box' }).click();
  await form.getByRole('button', { name: 'Get Quotes' }).click();
  await expect(page.getByTestId('quote-form-error')).toHaveText(
    'No quotes found. Please review countries and post codes.',
  );
  await expect(page).toHaveURL('/');
  await expectNoAxeViolations(page, 'with the no-quotes message');
});

test('when the courier refuses the booking, the problem page shows its code and that the card was not charged', async ({
  page,
}, testInfo) => {
  await courierControl({ book: 'fail' });
  await readyToPay(page);
  await page.goto('/pay');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?status=FAILED&order=/, { timeout: 15_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: 'There’s been a problem with your order' }),
  ).toBeVisible();
  await expect(page.getByTestId('error-code')).toHaveText('COURIER_REJECTED');
  await expect(page.getByText('Your card has not been charged.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'contact us' })).toBeVisible();
  await expectNoAxeViolations(page, 'on the problem page');
  await page.screenshot({ path: testInfo.outputPath('problem.png'), fullPage: true });

  // The courier is back: the customer pays again and the order is booked.
  await courierControl({ reset: true });
  await page.getByRole('button', { name: 'Try payment again' }).click();
  await expect(page).toHaveURL('/pay');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/status=SUCCESS/, { timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Back Home' })).toHaveAttribute('href', '/');
});

test('while the courier books, the customer sees the booking’s progress live', async ({
  page,
  context,
}, testInfo) => {
  // The courier holds the booking until this test lets it go, so each state below is scanned
  // while it is shown, never while the page moves between states.
  await courierControl({ book: 'hold' });
  const order = await readyToPay(page);
  await page.goto('/pay');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  const progress = page.getByRole('region', { name: 'Booking your collection' });
  await expect(progress).toBeVisible();
  // The form was long: the progress takes the focus, so it is on screen and announced.
  await expect(progress.getByRole('heading', { name: 'Booking your collection' })).toBeFocused();
  await expect(progress).toBeInViewport();
  await expect(progress.getByRole('listitem').nth(0)).toContainText('Payment authorised (done)');
  await expect(progress.getByRole('listitem').nth(1)).toContainText('Booking collection');
  await expect(
    progress.getByRole('status').filter({ hasText: 'Booking collection in progress' }),
  ).toBeAttached();
  await expect(page).toHaveURL('/pay');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment');
  await expectNoAxeViolations(page, 'while booking');
  await page.screenshot({ path: testInfo.outputPath('progress.png') });

  // The result page opened while the booking is still held shows the same progress.
  const other = await context.newPage();
  await other.goto(`/order-confirmation?status=SUCCESS&order=${order.id}`);
  const otherProgress = other.getByRole('region', { name: 'Booking your collection' });
  await expect(otherProgress.getByRole('listitem').nth(1)).toContainText('Booking collection');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Your order');
  await expectNoAxeViolations(other, 'on the result page while booking');

  await courierControl({ book: 'normal' });
  for (const shown of [page, other]) {
    await expect(shown).toHaveURL(/status=SUCCESS/, { timeout: 20_000 });
    await expect(shown.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order', {
      timeout: 20_000,
    });
    await expectNoAxeViolations(shown, 'once booked');
  }
});
