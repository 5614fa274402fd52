import { expect, type Page } from '@playwright/test';
import { ACCOUNT_STEP_TIMEOUT_MS } from './site.js';

/** The password every account made by the specs signs up with. */
export const TEST_PASSWORD = 'correct horse battery';

/** An email address no other test, run or worker uses. */
export const uniqueEmail = (name: string) =>
  `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * The path of the sign-up link emailed to `email`, read from the local mailbox (/dev/mail) as
 * soon as it has been delivered.
 */
export async function signUpLinkFor(page: Page, email: string): Promise<string> {
  let path = '';
  await expect(async () => {
    const list = await (await page.request.get('/dev/mail')).text();
    const row = list
      .split('<tr')
      .find((r) => r.includes(email) && r.includes('Finish creating your BoxAbroad account'));
    const id = row && /href="\/dev\/mail\/(\d+)"/.exec(row)?.[1];
    expect(id, `a sign-up link to ${email}`).toBeTruthy();
    const body = await (await page.request.get(`/dev/mail/${id}/html`)).text();
    const token = /\/signup\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(body)?.[1];
    expect(token).toBeTruthy();
    path = `/signup/confirm?token=${token}`;
  }).toPass({ timeout: 15_000 });
  return path;
}

/**
 * Fills the sign-up form on the page as it is (name, email, TEST_PASSWORD), presses Create
 * account, then opens the emailed link in the same browser, as a customer does: signed up and
 * signed in once the link's page has moved on, which is when the header may be read.
 */
export async function fillSignUpForm(page: Page, name: string, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible({
    timeout: ACCOUNT_STEP_TIMEOUT_MS,
  });
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  await page.goto(await signUpLinkFor(page, email));
  await expect(page).not.toHaveURL(/\/signup/, { timeout: ACCOUNT_STEP_TIMEOUT_MS });
}

/** Opens /signup and signs up there, as a customer does. */
export async function signUp(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/signup');
  await fillSignUpForm(page, name, email);
}
