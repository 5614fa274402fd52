import { expect, type Page } from '@playwright/test';
import { ACCOUNT_STEP_TIMEOUT_MS } from './site.js';

/** The password every account made by the specs signs up with. */
export const TEST_PASSWORD = 'correct horse battery';

/** An email address no other test, run or worker uses. */
export const uniqueEmail = (name: string) =>
  `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * Fills the sign-up form on the page as it is (name, email, TEST_PASSWORD) and presses Create
 * account; signed up once the form has moved on, which is when the header may be read.
 */
export async function fillSignUpForm(page: Page, name: string, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).not.toHaveURL(/\/signup/, { timeout: ACCOUNT_STEP_TIMEOUT_MS });
}

/** Opens /signup and signs up there, as a customer does. */
export async function signUp(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/signup');
  await fillSignUpForm(page, name, email);
}
