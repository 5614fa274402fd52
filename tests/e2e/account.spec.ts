import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { fillSignUpForm, TEST_PASSWORD, uniqueEmail } from './support/account.js';
import { fillCard, readyToPay } from './support/checkout.js';
import { startOrder } from './support/order.js';
import { expectNoHorizontalScroll, openMainNav, ACCOUNT_STEP_TIMEOUT_MS } from './support/site.js';

test('sign up, book while signed in, and the order with its labels and tracking is on /account', async ({
  page,
}, testInfo) => {
  // A whole booking and payment, then two pages checked with axe.
  test.slow();
  await page.goto('/signup');
  await fillSignUpForm(page, 'Ada Lovelace', uniqueEmail('ada'));
  const nav = await openMainNav(page);
  await expect(nav.getByRole('link', { name: 'Your account: Ada Lovelace' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A draft quoted while signed in, and an order booked and paid while signed in.
  const draft = await startOrder(page);
  const booked = await readyToPay(page);
  await page.goto('/pay');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?status=SUCCESS&order=/, { timeout: 15_000 });

  await (await openMainNav(page)).getByRole('link', { name: 'Your account: Ada Lovelace' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  const orders = page.getByRole('list', { name: 'Orders' });
  await expect(orders.getByRole('link', { name: `Order ${booked.reference}` })).toBeVisible();
  await expect(orders).toContainText('Booked');
  await expect(orders).toContainText('France');
  const inProgress = page.getByRole('list', { name: 'Bookings in progress' });
  await expect(inProgress.getByRole('link', { name: `Order ${draft.reference}` })).toBeVisible();
  await expect(inProgress.getByRole('button', { name: 'Continue your booking' })).toBeVisible();
  await expect(page.getByTestId('account-name')).toHaveText('Ada Lovelace');
  // Verified by the sign-up link itself (sign-up by link, docs/accounts.md).
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'on /account');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('account.png'), fullPage: true });

  await orders.getByRole('link', { name: `Order ${booked.reference}` }).click();
  await expect(page).toHaveURL(`/account/orders/${booked.reference}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Order ${booked.reference}` }),
  ).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Booked');
  // Our tracking page first; the courier's second, named as the courier's.
  await expect(page.getByRole('link', { name: 'Track your boxes' })).toHaveAttribute(
    'href',
    /^\/track\/[\w-]{44}$/,
  );
  await expect(page.getByRole('link', { name: /the courier’s tracking page/ })).toHaveAttribute(
    'href',
    /^http/,
  );
  await expect(page.getByRole('link', { name: /Download Label/ }).first()).toBeVisible();
  await expect(page.getByText('Paperback books')).toBeVisible();
  await expectNoAxeViolations(page, 'on the order page');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('order.png'), fullPage: true });

  // The draft carries on in this tab where it stopped.
  await page.goto('/account');
  await page
    .getByRole('list', { name: 'Bookings in progress' })
    .getByRole('button', { name: 'Continue your booking' })
    .click();
  await expect(page).toHaveURL('/booking');
});

test('another browser cannot open the order, signed in or not', async ({ page, browser }) => {
  await page.goto('/signup');
  await fillSignUpForm(page, 'Ada', uniqueEmail('owner'));
  await expect(
    (await openMainNav(page)).getByRole('link', { name: 'Your account: Ada' }),
  ).toBeVisible();
  const order = await startOrder(page);

  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto(`/account/orders/${order.reference}`);
  // Signed out: sent to sign in, and back to the order page afterwards.
  await expect(stranger).toHaveURL(
    `/login?next=${encodeURIComponent(`/account/orders/${order.reference}`)}`,
  );
  await stranger.getByRole('link', { name: 'Create an account' }).click();
  await fillSignUpForm(stranger, 'Eve', uniqueEmail('eve'));
  await expect(stranger).toHaveURL(`/account/orders/${order.reference}`);
  await expect(stranger.getByRole('alert')).toContainText(
    'We could not find this order in your account.',
  );
  expect((await stranger.request.get(`/api/v1/orders/${order.id}`)).status()).toBe(404);
  expect((await stranger.request.get(`/api/v1/account/orders/${order.reference}`)).status()).toBe(
    404,
  );
  await expectNoAxeViolations(stranger, 'on the not-found order');
  await other.close();
});

test('sign out, then /account asks to sign in and comes back after it', async ({ page }) => {
  const email = uniqueEmail('out');
  await page.goto('/signup');
  await fillSignUpForm(page, 'Grace Hopper', email);
  await (await openMainNav(page)).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  await expect((await openMainNav(page)).getByRole('link', { name: 'Log in' })).toBeVisible();
  expect((await page.request.get('/api/v1/account/orders')).status()).toBe(401);

  await page.goto('/account');
  await expect(page).toHaveURL('/login?next=%2Faccount');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/account', { timeout: ACCOUNT_STEP_TIMEOUT_MS });
  await expect(page.getByTestId('account-name')).toHaveText('Grace Hopper');
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
});

test('a guest finds an order again through Manage my booking', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const order = await readyToPay(page); // collection email ada@example.com
  const elsewhere = await browser.newContext();
  const guest = await elsewhere.newPage();
  await guest.goto('/');
  await guest.getByRole('contentinfo').getByRole('link', { name: 'Manage my booking' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Manage my booking' })).toBeVisible();
  await guest.getByRole('button', { name: 'Email me a link' }).click();
  await expect(guest.getByText('Please enter your order reference').first()).toBeVisible();
  await guest.getByRole('textbox', { name: 'Order reference' }).fill(order.reference);
  await guest.getByRole('textbox', { name: 'Email' }).fill('ADA@example.com');
  await guest.getByRole('button', { name: 'Email me a link' }).click();
  await expect(guest.getByRole('status')).toContainText('If that reference and email match');
  await expectNoAxeViolations(guest, 'on /manage-booking');
  await expectNoHorizontalScroll(guest);
  await guest.screenshot({ path: testInfo.outputPath('manage-booking.png'), fullPage: true });

  // The link arrives in the local mailbox; opened in this browser, it shows the booking.
  await guest.goto('/dev/mail');
  const subject = guest.getByRole('link', { name: new RegExp(order.reference) });
  await expect(async () => {
    await guest.reload();
    await expect(subject.first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await subject.first().click();
  const link = await guest
    .frameLocator('iframe[title="The email as it renders"]')
    .getByRole('link', { name: 'Open my booking' })
    .getAttribute('href');
  await guest.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(
    guest.getByRole('heading', { level: 1, name: `Your booking ${order.reference}` }),
  ).toBeVisible();
  await expect(guest).toHaveURL(`/manage-booking?order=${order.id}`);
  await expect(guest.getByText('Paperback books')).toBeVisible();
  await expectNoAxeViolations(guest, 'on the opened booking');
  await expectNoHorizontalScroll(guest);
  await guest.screenshot({ path: testInfo.outputPath('managed-order.png'), fullPage: true });

  // Used once: the same link again is refused, with the form to ask for a new one.
  await guest.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(guest.getByRole('alert')).toContainText('has expired or has already been used');
  await elsewhere.close();
});
