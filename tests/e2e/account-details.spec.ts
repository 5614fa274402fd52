import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '../../src/domain/accounts.js';
import { expectNoAxeViolations } from './support/axe.js';
import { signUp, TEST_PASSWORD, uniqueEmail } from './support/account.js';
import { expectNoHorizontalScroll, openMainNav, ACCOUNT_STEP_TIMEOUT_MS } from './support/site.js';

const password = TEST_PASSWORD;

async function signIn(page: Page, email: string, withPassword: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(withPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a forgotten password is reset from the emailed link: the new one works, the old one not', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail('forgot');
  const setup = await browser.newContext();
  await signUp(await setup.newPage(), 'Ada Lovelace', email);
  await setup.close();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgotten Password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toContainText(ACCOUNT_MESSAGES.resetSent.slice(0, 20));

  // The email, in the local mailbox: this address's message (others' tests send the same subject).
  await page.goto('/dev/mail');
  const message = page
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('link', { name: 'Reset your BoxAbroad password' });
  await expect(async () => {
    await page.reload();
    await expect(message).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await message.click();
  const href = await page
    .frameLocator('iframe[title="The email as it renders"]')
    .getByRole('link', { name: 'Choose a new password' })
    .getAttribute('href');
  const link = new URL(href!);
  expect(link.pathname).toBe('/login/reset-password');

  await page.goto(link.pathname + link.search);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'on the reset page');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('reset-password.png'), fullPage: true });
  await page.getByLabel('New password').fill('a brand new password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  // The reset's own answer: the button's spinner is a status too, shown while the new password
  // is still being saved, and signing in before the save lands would race it.
  await expect(
    page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.passwordChanged }),
  ).toBeVisible({ timeout: ACCOUNT_STEP_TIMEOUT_MS });

  // The old password no longer signs in; the new one does.
  await signIn(page, email, password);
  await expect(page.getByText(ACCOUNT_MESSAGES.signInFailed)).toBeVisible({
    timeout: ACCOUNT_STEP_TIMEOUT_MS,
  });
  await signIn(page, email, 'a brand new password');
  await expect(page).not.toHaveURL(/\/login/, { timeout: ACCOUNT_STEP_TIMEOUT_MS });
  await expect(
    (await openMainNav(page)).getByRole('link', { name: 'Your account: Ada Lovelace' }),
  ).toBeVisible();

  // The link worked once.
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('yet another password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.resetLinkInvalid)).toBeVisible();
});

test('a changed name shows in the header at once', async ({ page }, testInfo) => {
  await signUp(page, 'Ada Lovelace', uniqueEmail('rename'));
  await page.goto('/account');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada King');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name has been changed.')).toBeVisible();
  await expect(page.getByTestId('account-name')).toHaveText('Ada King');
  await expect(
    (await openMainNav(page)).getByRole('link', { name: 'Your account: Ada King' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'on /account after a change of name');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('account-renamed.png'), fullPage: true });
  // And after a reload: it is the account's name, not only the page's.
  await page.reload();
  await expect(
    (await openMainNav(page)).getByRole('link', { name: 'Your account: Ada King' }),
  ).toBeVisible();
});
