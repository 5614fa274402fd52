import { z } from './zod.js';

/**
 * Accounts (docs/accounts.md): what a person types to sign up, sign in and reset a password,
 * with the messages the forms and the API show.
 */
/**
 * The password rule (docs/accounts.md, decisions 076 and 116): a length, and hard to guess by
 * zxcvbn's estimate; no composition rules.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const ACCOUNT_MESSAGES = {
  name: 'Enter your name',
  email: 'Enter an email address like name@example.com',
  password: `Use at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordRule: `At least ${PASSWORD_MIN_LENGTH} characters and hard to guess: a few unrelated words work well. Avoid common passwords and your email.`,
  passwordBlank: 'Choose a password that is not only spaces',
  passwordCommon:
    'This password is too common: it is on the lists people try first. Choose a longer or less usual one, for example three or four unrelated words.',
  passwordIsEmail: 'Do not use your email address as your password. Choose something else.',
  /** Refused by the guess estimate (server/modules/accounts/password-rule.ts), by its reason. */
  passwordRepeated:
    'Repeated characters like “aaaa” or “abcabc” are easy to guess. Choose a longer or less usual password, for example three or four unrelated words.',
  passwordSequence:
    'Sequences like “abcd” or “1234” are easy to guess. Choose a longer or less usual password, for example three or four unrelated words.',
  passwordKeyboard:
    'Rows and patterns of keys like “qwerty” are easy to guess. Choose a longer or less usual password, for example three or four unrelated words.',
  passwordLikeCommon:
    'A common password with a capital, a digit or a symbol added is still easy to guess. Choose a longer or less usual one, for example three or four unrelated words.',
  passwordDate:
    'Dates and years are easy to guess. Choose a longer or less usual password, for example three or four unrelated words.',
  passwordPersonal:
    'Do not build your password from your name, your email or this site’s name. Choose something else, for example three or four unrelated words.',
  passwordGuessable:
    'This password would be easy to guess. Choose a longer or less usual one, for example three or four unrelated words.',
  currentPassword: 'Enter your current password',
  signInFailed: 'The email or password is not right. Check them and try again.',
  signUpLinkInvalid:
    'This link has expired or has already been used. Create your account again: each link works once, for an hour.',
  signUpPasswordNeeded:
    'This link was opened in another browser. Enter the password you chose when you signed up to finish.',
  signUpPasswordWrong: 'That is not the password chosen at sign-up. Check it and try again.',
  resetSent:
    'If an account uses that email, we have sent it a link to choose a new password. The link works once, for an hour.',
  resetLinkInvalid:
    'This link has expired or has already been used. Ask for a new one from the Forgotten Password page.',
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
  bookingLinkInvalid:
    'This link has expired or has already been used. Ask for a new one below: each link works once, for an hour.',
  manageSent:
    'If that reference and email match an order, we have emailed a link to open it. The link works once, for an hour.',
} as const;

/** What sign-up answers for every address, new or not: the link is the only way on. */
export function signUpSentMessage(email: string): string {
  return `We have sent a link to ${email}. Open it to finish creating your account. It works for an hour.`;
}

/**
 * What "Resend the email" answers for every address: the same whether a link, a notice to an
 * existing account or nothing (no sign-up waiting in this browser) goes out (decision 108).
 */
export function signUpResentMessage(email: string): string {
  return `We have sent the email to ${email} again. The new link works for an hour; so does the first.`;
}

/** "Too many attempts — try again in N minutes" (rate limits on sign-in, sign-up and resets). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts — try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const email = z
  .string({ message: ACCOUNT_MESSAGES.email })
  .trim()
  .max(254, ACCOUNT_MESSAGES.email)
  .pipe(z.email(ACCOUNT_MESSAGES.email));

const newPassword = z
  .string({ message: ACCOUNT_MESSAGES.password })
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.password)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong);

const name = z
  .string({ message: ACCOUNT_MESSAGES.name })
  .trim()
  .min(1, ACCOUNT_MESSAGES.name)
  .max(100, 'Use at most 100 characters');

export const SignUpInputSchema = z.object({ name, email, password: newPassword });
export type SignUpInput = z.input<typeof SignUpInputSchema>;

/** Asking for the sign-up email again, from the browser that signed up. */
export const SignUpResendSchema = z.object({ email });

/** Opening the emailed sign-up link; the password only when it is opened in another browser. */
export const SignUpConfirmSchema = z.object({
  token: z.string().min(1, ACCOUNT_MESSAGES.signUpLinkInvalid).max(200),
  password: z
    .string()
    .min(1, ACCOUNT_MESSAGES.signUpPasswordNeeded)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.signUpPasswordWrong)
    .optional(),
});

export const SignInInputSchema = z.object({
  email,
  password: z
    .string({ message: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.signInFailed),
});
export type SignInInput = z.input<typeof SignInInputSchema>;

export const PasswordResetRequestSchema = z.object({ email });
export const PasswordResetSchema = z.object({
  token: z.string().min(1, ACCOUNT_MESSAGES.resetLinkInvalid).max(200),
  password: newPassword,
});

export const ChangeNameSchema = z.object({ name });
export const ChangeEmailSchema = z.object({ email });
export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ message: ACCOUNT_MESSAGES.currentPassword })
    .min(1, ACCOUNT_MESSAGES.currentPassword)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.currentPassword),
  newPassword,
});

export const ROLES = ['customer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who is signed in, as every page sees it. */
export const SessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  /** Two-step sign-in is on: codes from an authenticator app (docs/accounts.md). */
  twoFactorEnabled: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/**
 * Where to go after signing in: a path on this site only (never another origin), else home.
 * `//evil.example` and `/\evil.example` are other origins to a browser.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return '/';
  }
  return value;
}
