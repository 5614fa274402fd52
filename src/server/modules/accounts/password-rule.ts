import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import {
  ACCOUNT_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '#src/domain/accounts.js';

/**
 * The password rule (docs/accounts.md, decisions 076 and 116), checked on the server only: the
 * list and the estimator never reach the browser bundle. Length (10 to 128), not only spaces,
 * not the account's email or the part before its `@`, not a common or breached password, and
 * hard to guess by zxcvbn's estimate. No composition rules.
 *
 * The list is zxcvbn-ts's common-password dictionary (about 49,000 passwords seen most often in
 * breaches), compared case-insensitively after trimming, so `Password123 ` is refused too. The
 * estimate is zxcvbn-ts's: the guesses an attacker trying the likeliest passwords first (the
 * same lists, with capitals, digits and symbols added, repeats, sequences, keyboard rows,
 * dates, the person's own name and email and this site's name) would need.
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
 * zxcvbn's score from 0 to 4; 3 means about 10^8 guesses or more, "safely unguessable" with a
 * slow hash such as better-auth's scrypt. Below it a password is refused.
 */
export const PASSWORD_MIN_SCORE = 3;

/** Words of this site a password must not be built from (zxcvbn's "user inputs"). */
const SITE_WORDS = ['boxabroad', 'box abroad', 'box', 'abroad'];

let estimator: ZxcvbnFactory | undefined;
function estimate(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary,
    graphs: adjacencyGraphs,
    maxLength: PASSWORD_MAX_LENGTH,
  });
  return estimator;
}

/** The message for zxcvbn's warning (its translation key): the reason the person is shown. */
const REASONS: Record<string, string> = {
  simpleRepeat: ACCOUNT_MESSAGES.passwordRepeated,
  extendedRepeat: ACCOUNT_MESSAGES.passwordRepeated,
  sequences: ACCOUNT_MESSAGES.passwordSequence,
  straightRow: ACCOUNT_MESSAGES.passwordKeyboard,
  keyPattern: ACCOUNT_MESSAGES.passwordKeyboard,
  topTen: ACCOUNT_MESSAGES.passwordCommon,
  topHundred: ACCOUNT_MESSAGES.passwordCommon,
  common: ACCOUNT_MESSAGES.passwordCommon,
  pwned: ACCOUNT_MESSAGES.passwordCommon,
  similarToCommon: ACCOUNT_MESSAGES.passwordLikeCommon,
  dates: ACCOUNT_MESSAGES.passwordDate,
  recentYears: ACCOUNT_MESSAGES.passwordDate,
  userInputs: ACCOUNT_MESSAGES.passwordPersonal,
};

/** The person's own words: the email, its parts, the name and its words. */
function personalWords(context: PasswordContext): string[] {
  const words: string[] = [];
  const email = context.email?.trim().toLowerCase();
  if (email) {
    const [local = '', domain = ''] = email.split('@');
    words.push(email, local, ...local.split(/[^a-z0-9]+/), domain.split('.')[0] ?? '');
  }
  const name = context.name?.trim().toLowerCase();
  if (name) words.push(name, ...name.split(/\s+/));
  return words.filter((word) => word.length >= 3);
}

export interface PasswordContext {
  email?: string | null | undefined;
  /** The account's name, when known (sign-up): a password built from it is refused. */
  name?: string | null | undefined;
}

/**
 * The message explaining why this password may not be used, or null when it may. The one check
 * behind sign-up, password resets, password changes, `admin:create` and operator invitations.
 */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
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
  const result = estimate().check(password, [...SITE_WORDS, ...personalWords(context)]);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const warning = result.feedback.warning;
  return (warning && REASONS[warning]) ?? ACCOUNT_MESSAGES.passwordGuessable;
}
