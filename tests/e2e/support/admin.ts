import { expect, type Cookie, type Page } from '@playwright/test';

/** The operator the e2e server makes with the admin:create code before it starts. */
export function adminCredentials(): { email: string; password: string } {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error('E2E_ADMIN_EMAIL is not set (see playwright.config.ts)');
  return { email, password };
}

/**
 * The operator's session, once signed in through the page in this worker: sign-in allows only a
 * few attempts per email in 15 minutes, so later tests reuse it.
 */
let session: Cookie[] | undefined;

/**
 * Opens a console page as the operator: signed out, it is sent to sign in and brought back here
 * (the first time in this worker); afterwards the same session is reused.
 */
export async function signInAsAdminAt(page: Page, path: string): Promise<void> {
  if (session) {
    await page.context().addCookies(session);
    await page.goto(path);
    await expect(page).toHaveURL(path);
    return;
  }
  const { email, password } = adminCredentials();
  await page.goto(path);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`, { timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The password check is deliberately slow; on a busy machine more so.
  await expect(page).toHaveURL(path, { timeout: 20_000 });
  session = await page.context().cookies();
}
