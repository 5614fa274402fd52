import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#src/domain/accounts.js';
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
    // 128 characters, the most allowed (the same letter 128 times is refused below).
    const longest = 'violet anchors hum beneath quiet glaciers '.repeat(4).slice(0, 128);
    expect(longest).toHaveLength(128);
    expect(passwordProblem(longest, { email })).toBeNull();
  });

  it('refuses what the guess estimate finds easy, with the reason', () => {
    expect(passwordProblem('aaaaaaaaaa', { email })).toBe(ACCOUNT_MESSAGES.passwordRepeated);
    expect(passwordProblem('x'.repeat(128), { email })).toBe(ACCOUNT_MESSAGES.passwordRepeated);
    expect(passwordProblem('Password1!', { email })).toBe(ACCOUNT_MESSAGES.passwordLikeCommon);
    expect(passwordProblem('boxabroad1', { email })).toBe(ACCOUNT_MESSAGES.passwordPersonal);
    expect(passwordProblem('BoxAbroad2026!')).toBe(ACCOUNT_MESSAGES.passwordPersonal);
    expect(passwordProblem('lovelace1815', { email })).toBe(ACCOUNT_MESSAGES.passwordPersonal);
    expect(passwordProblem('grace hopper 1', { name: 'Grace Hopper' })).toBe(
      ACCOUNT_MESSAGES.passwordPersonal,
    );
    expect(passwordProblem('abcdefghijkl', { email })).toBe(ACCOUNT_MESSAGES.passwordSequence);
    // The same password without the person's words is not refused for them.
    expect(passwordProblem('grace hopper 1')).toBeNull();
  });

  it('checks against tens of thousands of common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThan(40_000);
  });
});
