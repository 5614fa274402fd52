import { TestBrowser } from '../browser-session.js';
import { STRONG_PASSWORD, signUpAndConfirm } from '../sign-up.js';
import type { TestApp } from '../test-app.js';

let counter = 0;

/** An address no other account of the run has: `name.N.time@example.com`. */
export function uniqueEmail(name = 'customer'): string {
  return `${name}.${++counter}.${Date.now()}@example.com`;
}

export interface CustomerOptions {
  name?: string;
  /** A new unique address unless given. */
  email?: string;
  /** STRONG_PASSWORD unless given. */
  password?: string;
  /** The browser that signs up (a new one unless given); it is then signed in. */
  browser?: TestBrowser;
}

/**
 * A customer account, made as a customer makes one (the form, then the emailed link opened in
 * the same browser), and that browser, signed in.
 */
export async function customer(t: TestApp, options: CustomerOptions = {}) {
  const browser = options.browser ?? new TestBrowser(t.app);
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? STRONG_PASSWORD;
  const user = await signUpAndConfirm(t, browser, {
    name: options.name ?? 'Ada Lovelace',
    email,
    password,
  });
  return { browser, email, password, user };
}
