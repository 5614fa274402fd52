import { dictionary } from '@zxcvbn-ts/language-common';
import {
  ACCOUNT_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../domain/accounts.js';

/**
 * The password rule (docs/accounts.md, decision 076), checked on the server only: the list never
 * reaches the browser bundle. Length (10 to 128), not only spaces, not a common or breached
 * password, not the account's email or the part before its `@`. No composition rules.
 *
 * The list is zxcvbn-ts's common-password dictionary (about 49,000 passwords seen most often in
 * breaches), compared case-insensitively after trimming, so `Password123 ` is refused too.
 */
let common: ReadonlySet<string> | undefined;
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => String(p).toLowerCase()));
  return common;
}

/** How many passwords the list holds (decision 076 quotes it). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

/**
 * The message explaining why this password may not be used, or null when it may. The one check
 * behind sign-up, password resets, password changes and `admin:create`.
 */
export function passwordProblem(
  password: string,
  context: { email?: string | null | undefined } = {},
): string | null {
  if (password.length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  const trimmed = password.trim();
  if (password.length > 0 && trimmed.length === 0) return ACCOUNT_MESSAGES.passwordBlank;
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.password;
  const folded = trimmed.toLowerCase();
  const email = context.email?.trim().toLowerCase();
  if (email) {
    const local = email.split('@')[0] ?? '';
    if (folded === email || (local.length > 0 && folded === local)) {
      return ACCOUNT_MESSAGES.passwordIsEmail;
    }
  }
  if (commonPasswords().has(folded)) return ACCOUNT_MESSAGES.passwordCommon;
  return null;
}
