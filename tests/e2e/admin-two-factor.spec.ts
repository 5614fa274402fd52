import { expect, test } from '@playwright/test';
import { adminCredentials, adminTotpCode } from './support/admin.js';
import { expectNoAxeViolations } from './support/axe.js';

// An operator without two-step sign-in (made by the e2e server, scripts/e2e-operators.ts) walks
// the enrolment the console asks for on its first visit. It can enrol only once, so this runs
// once, on the desktop.
test.describe.configure({ timeout: 120_000 });

test('an operator without two-step sign-in sets it up on the first visit to the console', async ({
  page,
}, testInfo) => {
  const email = process.env.E2E_NEW_ADMIN_EMAIL;
  if (!email) throw new Error('E2E_NEW_ADMIN_EMAIL is not set (see playwright.config.ts)');
  const { password } = adminCredentials();

  await page.goto('/admin');
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/admin')}`, { timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // No second factor yet: the console sends the operator to set it up.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL('/admin');
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();

  await expect(
    page.getByRole('img', { name: 'QR code to add BoxAbroad to your authenticator app' }),
  ).toBeVisible({ timeout: 20_000 });
  const key = (await page.locator('.two-factor__secret code').textContent()) ?? '';
  expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await expectNoAxeViolations(page, 'on the enrolment step');
  await page.screenshot({ path: testInfo.outputPath('two-factor-qr.png'), fullPage: true });

  // A wrong code is refused with its message; the app's code turns it on.
  const codeField = page.getByLabel('6-digit code');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await codeField.fill('12345');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter the 6-digit code');
  await codeField.fill(await adminTotpCode(key));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  // The recovery codes, shown once, to copy or download.
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expect(page.getByText('Save these now: they are shown only this once')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the codes' })).toHaveAttribute(
    'download',
    'boxabroad-recovery-codes.txt',
  );
  await expectNoAxeViolations(page, 'on the recovery codes');
  await page.screenshot({ path: testInfo.outputPath('two-factor-codes.png'), fullPage: true });

  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
  expect((await page.request.get('/api/v1/admin/dashboard')).status()).toBe(200);
});
