import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts.js';
import { commonPasswordCount, passwordProblem } from './password-rule.js';

const email = 'ada.lovelace@example.com';

describe('the password rule', () => {
  it('refuses short, blank, common and email-like passwords, each with its own message', () => {
    expect(passwordProblem('12345678', { email })).toBe(ACCOUNT_MESSAGES.password);
    expect(passwordProblem('password', { email })).toBe(ACCOUNT_MESSAGES.password);
    expect(passwordProblem('        ', { email })).toBe(ACCOUNT_MESSAGES.passwordBlank);
    expect(passwordProblem(' '.repeat(12), { email })).toBe(ACCOUNT_MESSAGES.passwordBlank);
    expect(passwordProblem('password123', { email })).toBe(ACCOUNT_MESSAGES.passwordCommon);
    expect(passwordProblem('1234567890', { email })).toBe(ACCOUNT_MESSAGES.passwordCommon);
    // Case-insensitive, after trimming.
    expect(passwordProblem('  PassWord123 ', { email })).toBe(ACCOUNT_MESSAGES.passwordCommon);
    expect(passwordProblem(email, { email })).toBe(ACCOUNT_MESSAGES.passwordIsEmail);
    expect(passwordProblem(' Ada.Lovelace@Example.com', { email })).toBe(
      ACCOUNT_MESSAGES.passwordIsEmail,
    );
    expect(passwordProblem('ada.lovelace', { email })).toBe(ACCOUNT_MESSAGES.passwordIsEmail);
    expect(passwordProblem('x'.repeat(129), { email })).toBe(ACCOUNT_MESSAGES.passwordTooLong);
  });

  it('accepts a long uncommon password, with no composition rules', () => {
    expect(passwordProblem('correct horse battery', { email })).toBeNull();
    expect(passwordProblem('all lower case words here')).toBeNull();
    expect(passwordProblem('x'.repeat(128), { email })).toBeNull();
  });

  it('checks against tens of thousands of common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThan(40_000);
  });
});
