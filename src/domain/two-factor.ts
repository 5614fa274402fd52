import { z } from './zod.js';

/**
 * Two-step sign-in (docs/accounts.md, decision 074): a 6-digit code from an authenticator app, or
 * one of ten single-use recovery codes, after the password. What the forms and the API say.
 */
export const TWO_FACTOR_MESSAGES = {
  code: 'Enter the 6-digit code from your authenticator app',
  recoveryCode: 'Enter one of your recovery codes, like abcde-12345',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  codeUsed:
    'That code has been used already. Wait for your authenticator app to show the next one, then enter it.',
  recoveryCodeWrong:
    'That recovery code is not right, or it has been used. Each recovery code works once.',
  pendingExpired: 'Your sign-in has expired. Enter your email and password again.',
  alreadyOn: 'Two-step sign-in is already on for this account.',
  notStarted: 'Start setting up two-step sign-in again: your setup has expired.',
  notOn: 'Two-step sign-in is not on for this account.',
  operatorsKeepIt: 'Operators must keep two-step sign-in on.',
  wrongPassword: 'Your password is not right.',
  password: 'Enter your password',
} as const;

/** A code as typed: spaces and dashes a person adds are ignored (`123 456`). */
export const TotpCodeSchema = z
  .string({ message: TWO_FACTOR_MESSAGES.code })
  .transform((code) => code.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.code));

/** A recovery code as shown (`abcde-12345`); case matters, spaces around it do not. */
export const RecoveryCodeSchema = z
  .string({ message: TWO_FACTOR_MESSAGES.recoveryCode })
  .trim()
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, TWO_FACTOR_MESSAGES.recoveryCode));

const password = z
  .string({ message: TWO_FACTOR_MESSAGES.password })
  .min(1, TWO_FACTOR_MESSAGES.password)
  .max(128, TWO_FACTOR_MESSAGES.wrongPassword);

/** The second step of signing in: a code from the app, or a recovery code. */
export const SecondStepSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('app'), code: TotpCodeSchema }),
  z.object({ method: z.literal('recovery'), code: RecoveryCodeSchema }),
]);
export type SecondStepInput = z.input<typeof SecondStepSchema>;

export const PasswordConfirmationSchema = z.object({ password });
export const ConfirmEnrolmentSchema = z.object({ code: TotpCodeSchema });
export const TurnOffSchema = z.object({ password, code: TotpCodeSchema });

/** The secret in groups of four, as an authenticator app lets it be typed. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}
