import { expect, test, type Page } from '@playwright/test';
import { COMPANY } from '#src/domain/company.js';
import { signUp, uniqueEmail } from '../support/account.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { fillCard, readyToPay } from '../support/checkout.js';
import { expectNoHorizontalScroll } from '../support/site.js';

// What a UK consumer site must show: a privacy and cookie notice (what we store, why, for how
// long, who we share it with) reachable from every page's footer and the sitemap, the company
// behind the brand in the footer, and a receipt for every payment, also on the account's order
// page.

test.describe.configure({ timeout: 90_000 });

async function expectCompanyInFooter(page: Page) {
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(COMPANY.legalName);
  await expect(footer).toContainText(
    `Registered in ${COMPANY.registeredIn}, company number ${COMPANY.companyNumber}`,
  );
  await expect(footer).toContainText(`Registered office: ${COMPANY.registeredOffice}`);
}

test('the footer names the company and leads to the privacy and cookie notice', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await expectCompanyInFooter(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy and cookies' }).click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy and cookies');
  await expect(page).toHaveTitle('Privacy and cookies | BoxAbroad');
  await expectCompanyInFooter(page);

  const notice = page.getByRole('main');
  // Who we are.
  await expect(notice).toContainText(COMPANY.legalName);
  // What we store, section by section.
  for (const name of [
    'What we store and why',
    'Cookies and storage in your browser',
    'Who we share it with',
    'How long we keep it',
    'Your rights',
  ]) {
    await expect(notice.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  // The cookies the site really sets, each with what it is for and how long it lasts.
  const cookies = notice.getByRole('table', { name: 'Cookies and browser storage we use' });
  await expect(cookies.getByRole('row', { name: /boxabroad_guest .* 400 days/ })).toBeVisible();
  await expect(
    cookies.getByRole('row', { name: /boxabroad\.session_token .* 30 days/ }),
  ).toBeVisible();
  await expect(cookies.getByRole('row', { name: /boxabroad\.orderId .* tab/ })).toBeVisible();
  await expect(notice).toContainText('We do not use advertising or analytics cookies.');
  // Retention as the code applies it: abandoned quotes go after 30 days unchanged.
  await expect(notice).toContainText(
    'Quotes and bookings never paid for are deleted 30 days after they were last changed.',
  );
  // Who receives what.
  await expect(notice).toContainText('Stripe');
  await expect(notice).toContainText('courier');

  await expectNoAxeViolations(page, 'on /privacy');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('privacy.png'), fullPage: true });

  const sitemap = await page.request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toMatch(/<loc>[^<]*\/privacy<\/loc>/);
  const head = await page.request.get('/privacy');
  expect(head.status()).toBe(200);
  expect(await head.text()).not.toContain('noindex');
});

test('a signed-in customer’s order page shows the receipt of the payment', async ({
  page,
}, testInfo) => {
  await signUp(page, 'Ada Lovelace', uniqueEmail('ada'));

  const order = await readyToPay(page);
  await page.goto('/pay');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?status=SUCCESS&order=/, { timeout: 15_000 });

  await page.goto(`/account/orders/${order.reference}`);
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText(/Amount paid£\d+\.\d\d/);
  await expect(receipt).toContainText(
    'ForExpress collection of 1 small box from the United Kingdom to France',
  );
  await expect(receipt).toContainText(`Order reference${order.reference}`);
  await expect(receipt).toContainText(`company number ${COMPANY.companyNumber}`);
  await expectNoAxeViolations(page, 'on the account order page with its receipt');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('account-order.png'), fullPage: true });
});
