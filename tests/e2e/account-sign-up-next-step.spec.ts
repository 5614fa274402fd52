import { expect, test, type Page } from '@playwright/test';
import { signUpResentMessage } from '../../src/domain/accounts.js';
import { expectNoAxeViolations } from './support/axe.js';
import { signUpLinkFor, TEST_PASSWORD, uniqueEmail } from './support/account.js';
import { ACCOUNT_STEP_TIMEOUT_MS, expectNoHorizontalScroll, openMainNav } from './support/site.js';

const SIGN_UP_SUBJECT = 'Finish creating your BoxAbroad account';

/** The sign-up links emailed to `email` (local mailbox), newest first, once there are `count`. */
async function signUpLinksFor(page: Page, email: string, count: number): Promise<string[]> {
  let paths: string[] = [];
  await expect(async () => {
    const list = await (await page.request.get('/dev/mail')).text();
    const ids = list
      .split('<tr')
      .filter((row) => row.includes(email) && row.includes(SIGN_UP_SUBJECT))
      .map((row) => Number(/href="\/dev\/mail\/(\d+)"/.exec(row)?.[1]))
      .filter((id) => id > 0)
      .sort((a, b) => b - a);
    expect(ids.length, `sign-up emails to ${email}`).toBe(count);
    paths = [];
    for (const id of ids) {
      const body = await (await page.request.get(`/dev/mail/${id}/html`)).text();
      const token = /\/signup\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(body)?.[1];
      expect(token).toBeTruthy();
      paths.push(`/signup/confirm?token=${token}`);
    }
  }).toPass({ timeout: 15_000 });
  return paths;
}

test('after sign-up: "Check your email" names the address, Change email and Resend work, the link signs in at once and /account shows the email verified', async ({
  page,
  context,
}, testInfo) => {
  test.slow();
  const project = testInfo.project.name;
  const typo = uniqueEmail('next-step-typo');
  const email = uniqueEmail('next-step');

  // A mistyped address first.
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Name' }).fill('Ada Next');
  await page.getByRole('textbox', { name: 'Email' }).fill(typo);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  const checkEmail = page.getByRole('heading', { level: 1, name: 'Check your email' });
  await expect(checkEmail).toBeVisible({ timeout: ACCOUNT_STEP_TIMEOUT_MS });
  await expect(page.getByRole('status').filter({ hasText: typo }).first()).toBeVisible();
  const typoLink = await signUpLinkFor(page, typo);

  // "Change email": the form again, the name kept, the email there to correct.
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Next');
  const emailField = page.getByRole('textbox', { name: 'Email' });
  await expect(emailField).toHaveValue(typo);
  await expect(emailField).toBeFocused();
  await expect(page.getByLabel('Password')).toHaveValue('');
  await emailField.fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(checkEmail).toBeVisible({ timeout: ACCOUNT_STEP_TIMEOUT_MS });
  await expect(page.getByRole('status').filter({ hasText: email }).first()).toBeVisible();
  await expect(page.getByText(typo)).toHaveCount(0);
  await signUpLinksFor(page, email, 1);

  // "Resend the email": the API's answer shown, and a second email arrives.
  await page.getByRole('button', { name: 'Resend the email' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: signUpResentMessage(email) }),
  ).toBeVisible({ timeout: ACCOUNT_STEP_TIMEOUT_MS });
  await expectNoAxeViolations(page, 'on "Check your email" after Resend');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `/tmp/sign-up-next-step-${project}.png`, fullPage: true });
  const [newest] = await signUpLinksFor(page, email, 2);

  // The mistyped address's link stopped working when the address was changed.
  const elsewhere = await context.newPage();
  await elsewhere.goto(typoLink);
  await expect(elsewhere.getByRole('alert')).toContainText(
    'This link has expired or has already been used.',
    { timeout: ACCOUNT_STEP_TIMEOUT_MS },
  );

  // The newest link, opened in another tab as from the mail app: signed in, the header says so
  // at once, and /account shows the email verified.
  await elsewhere.goto(newest!);
  await expect(elsewhere).toHaveURL('/account', { timeout: ACCOUNT_STEP_TIMEOUT_MS });
  const nav = await openMainNav(elsewhere);
  await expect(nav.getByRole('link', { name: 'Your account: Ada Next' })).toBeVisible();
  await elsewhere.keyboard.press('Escape');
  await expect(elsewhere.getByTestId('account-email')).toHaveText(email);
  await expect(elsewhere.getByText('Verified', { exact: true })).toBeVisible();
  await expect(elsewhere.getByRole('heading', { name: 'Confirm your email address' })).toHaveCount(
    0,
  );
  await expectNoAxeViolations(elsewhere, 'on /account after the link');
  await expectNoHorizontalScroll(elsewhere);
  await elsewhere.screenshot({ path: `/tmp/sign-up-account-${project}.png`, fullPage: true });

  // The tab that signed up learns it without a reload, header included.
  await page.bringToFront();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is ready' })).toBeVisible({
    timeout: ACCOUNT_STEP_TIMEOUT_MS,
  });
  await expect(page.getByRole('status')).toContainText(email);
  const firstNav = await openMainNav(page);
  await expect(firstNav.getByRole('link', { name: 'Your account: Ada Next' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page, 'on "Your account is ready"');
  await page.screenshot({ path: `/tmp/sign-up-ready-${project}.png`, fullPage: true });
});

test('"Resend the email" shows the API\'s refusal once the address\'s sign-ups are spent', async ({
  page,
}) => {
  const email = uniqueEmail('next-step-limit');
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Name' }).fill('Ada Limit');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible({
    timeout: ACCOUNT_STEP_TIMEOUT_MS,
  });
  // 5 per email an hour, the sign-up included (docs/accounts.md).
  const resend = page.getByRole('button', { name: 'Resend the email' });
  const sentAgain = page.getByRole('status').filter({ hasText: signUpResentMessage(email) });
  const click = async () => {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/account/sign-up-links'));
    await resend.click();
    return (await answered).status();
  };
  for (let i = 1; i < 5; i += 1) {
    expect(await click()).toBe(202);
    await expect(sentAgain).toBeVisible();
  }
  expect(await click()).toBe(429);
  await expect(page.getByRole('alert')).toContainText(
    /Too many attempts — try again in \d+ minutes?/,
    {
      timeout: ACCOUNT_STEP_TIMEOUT_MS,
    },
  );
  await expectNoAxeViolations(page, 'with the refusal');
});
