import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { fillCard, readyToPay } from '../support/checkout.js';
import { expectNoHorizontalScroll } from '../support/site.js';

// The payment step reviews what is being paid for (service, collection date and window, both
// addresses, the items in each box), has a required tick box accepting the Terms and declaring
// nothing prohibited inside (checked again by the server), and its button shows the amount.

test.describe.configure({ timeout: 60_000 });

test('/pay reviews the booking, requires the tick box and shows the amount on Pay', async ({
  page,
}, testInfo) => {
  await readyToPay(page);
  await page.goto('/pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();

  const review = page.getByRole('region', { name: 'Check your booking' });
  await expect(review).toBeVisible();
  await expect(review.getByRole('definition').nth(0)).toHaveText(/^Express · £\d+\.\d\d$/);
  await expect(review).toContainText(/Collection\w+day \d+ \w+ \d{4}, between 9:00am and 5:30pm/);
  await expect(review).toContainText('Collect fromAda Lovelace12 St James’s SquareLondon');
  await expect(review).toContainText('Deliver toMarie Curie11 Rue Pierre et Marie CurieParis');
  await expect(review.getByRole('heading', { level: 3, name: /Small Parcel 1/ })).toBeVisible();
  await expect(review.getByRole('listitem')).toHaveText(['6 × Paperback books, £8.50 each']);

  const panel = page.getByRole('complementary', { name: 'Order details' });
  const price = (await panel.getByText(/£\d/).first().textContent())?.match(/£[\d,.]+/)?.[0];
  expect(price).toBeTruthy();
  const pay = page.getByRole('button', { name: `Pay ${price}`, exact: true });
  await expect(pay).toBeEnabled();
  await expectNoAxeViolations(page, 'on /pay with the review');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('pay-review.png'), fullPage: true });

  // Card filled, box not ticked: refused with the message, nothing paid, still on /pay.
  await fillCard(page, '4242 4242 4242 4242');
  const tick = page.getByRole('checkbox', { name: /^I accept the Terms/ });
  await tick.uncheck();
  await pay.click();
  const message =
    'Please accept the Terms & Conditions and declare that nothing prohibited is inside.';
  await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
  await expect(tick).toHaveAttribute('aria-invalid', 'true');
  await expect(tick).toHaveAccessibleDescription(
    new RegExp(`Error: ${message.replace(/[.&]/g, '\\$&')}`),
  );
  await expect(page).toHaveURL('/pay');
  await expectNoAxeViolations(page, 'with the box not ticked');
  await page.screenshot({ path: testInfo.outputPath('pay-unticked.png'), fullPage: true });

  await tick.check();
  await pay.click();
  await expect(page).toHaveURL(/\/order-confirmation\?status=SUCCESS&order=/, { timeout: 15_000 });
});

test('the server refuses the tick unticked, and an authorisation without it is never booked', async ({
  page,
}) => {
  const order = await readyToPay(page);
  const unticked = await page.request.put(`/api/v1/orders/${order.id}/terms-acceptance`, {
    data: { accepted: false },
  });
  expect(unticked.status()).toBe(422);

  // Straight to the API, card and all, without the tick: cancelled, not booked, not charged.
  const session = (await (
    await page.request.post(`/api/v1/orders/${order.id}/payment`)
  ).json()) as {
    clientSecret: string;
  };
  const card = await page.request.post('/api/v1/payment-sandbox/confirm', {
    data: {
      clientSecret: session.clientSecret,
      number: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      billing: {
        name: 'Ada Lovelace',
        line1: '12 St James’s Square',
        city: 'London',
        postcode: 'SW1A 1AA',
        country: 'United Kingdom',
      },
    },
  });
  expect(card.status()).toBe(200);
  const confirmed = await page.request.post(`/api/v1/orders/${order.id}/payment/confirm`);
  expect(await confirmed.json()).toMatchObject({
    status: 'draft',
    error: { code: 'TERMS_NOT_ACCEPTED' },
    canRetryPayment: true,
  });
});

test('a collection date that has gone by: /pay says so and leads to the date step', async ({
  page,
}, testInfo) => {
  const order = await readyToPay(page);
  // The server refuses Pay once the chosen day has come (its clock cannot be moved here; the
  // refusal itself is tested in checkout.routes.test.ts). This is the page's answer to it.
  const message =
    'Your collection date, Tuesday 24 November 2026, can no longer be booked. Please choose a new collection date.';
  await page.route(`**/api/v1/orders/${order.id}/payment`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          json: { error: { code: 'COLLECTION_DATE_LAPSED', message } },
        })
      : route.fallback(),
  );
  await page.goto('/pay');
  const alert = page.getByRole('alert').filter({ hasText: message });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeDisabled();
  await expectNoAxeViolations(page, 'on /pay with a lapsed collection date');
  await page.screenshot({ path: testInfo.outputPath('pay-date-lapsed.png'), fullPage: true });

  await alert.getByRole('link', { name: 'Choose a new collection date' }).click();
  await expect(page).toHaveURL(/\/booking\?step=3$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Collection Time' })).toBeVisible();

  // An authorisation that arrived after the day had come was cancelled: the result page says so
  // and leads to the date step too (the order's status as the server reads it, with that failure).
  const cancelled =
    'Your collection date, Tuesday 24 November 2026, can no longer be booked, so we cancelled the payment. You have not been charged. Please choose a new collection date and pay again.';
  await page.route(`**/api/v1/orders/${order.id}/checkout`, async (route) => {
    const response = await route.fetch();
    const status = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: {
        ...status,
        result: 'FAILED',
        canRetryPayment: true,
        notCharged: true,
        error: { code: 'COLLECTION_DATE_LAPSED', message: cancelled },
      },
    });
  });
  await page.goto(`/order-confirmation?status=FAILED&order=${order.id}`);
  await expect(page.getByText(cancelled)).toBeVisible();
  await expect(page.getByTestId('error-code')).toHaveText('COLLECTION_DATE_LAPSED');
  await page.getByRole('button', { name: 'Choose a new collection date' }).click();
  await expect(page).toHaveURL(/\/booking\?step=3$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Collection Time' })).toBeVisible();
});
