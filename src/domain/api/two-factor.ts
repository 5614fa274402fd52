import { z } from '../zod.js';
import {
  ConfirmEnrolmentSchema,
  PasswordConfirmationSchema,
  SecondStepSchema,
  TurnOffSchema,
} from '../two-factor.js';
import { apiError, defineRoute } from './define-route.js';
import { SessionSchema, TOO_MANY_ATTEMPTS_REPLY } from './session.js';

/**
 * Two-step sign-in (docs/accounts.md, decision 074): the second step of signing in, and the
 * account's routes to set it up, make new recovery codes and turn it off.
 */
const SIGNED_OUT = apiError('Not signed in (SIGNED_OUT)');

export const finishSignIn = defineRoute({
  method: 'POST',
  path: '/api/v1/session/second-step',
  access: 'public',
  tag: 'Accounts',
  summary: 'Finish signing in with a code from the authenticator app or a recovery code',
  description:
    'After `POST /api/v1/session` answered `secondStepRequired`: the pending sign-in (an HttpOnly cookie, 10 minutes) and a code (`method: "app"`) or a recovery code (`method: "recovery"`, each works once) make the session. Wrong codes count like wrong passwords (decision 075).',
  body: SecondStepSchema,
  responses: {
    200: SessionSchema.describe('The signed-in user'),
    401: apiError(
      'The code is not right (TWO_FACTOR_CODE_WRONG), or there is no pending sign-in (SIGN_IN_EXPIRED)',
    ),
    422: apiError('Not a code (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const EnrolmentSchema = z.object({
  /** `otpauth://totp/BoxAbroad:…`: what the QR code holds. */
  otpauthUri: z.string(),
  /** The same secret in base32, for typing into the app by hand. */
  secret: z.string(),
  /** Ten single-use recovery codes, shown this once. */
  recoveryCodes: z.array(z.string()),
});
export type Enrolment = z.infer<typeof EnrolmentSchema>;

export const startTwoFactor = defineRoute({
  method: 'POST',
  path: '/api/v1/account/two-factor',
  access: 'account',
  tag: 'Accounts',
  summary: 'Start setting up two-step sign-in',
  description:
    'Needs the password. Returns the secret (as an otpauth URI for the QR code, and in base32 to type) and the recovery codes, shown once; nothing changes at sign-in until the first code is confirmed. Starting again replaces an unconfirmed setup.',
  body: PasswordConfirmationSchema,
  responses: {
    201: EnrolmentSchema.describe('What the authenticator app needs, and the recovery codes'),
    401: SIGNED_OUT,
    403: apiError('The password is not right (WRONG_PASSWORD)'),
    409: apiError('Two-step sign-in is already on (TWO_FACTOR_ALREADY_ON)'),
    422: apiError('No password (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const confirmTwoFactor = defineRoute({
  method: 'PUT',
  path: '/api/v1/account/two-factor',
  access: 'account',
  tag: 'Accounts',
  summary: 'Confirm two-step sign-in with a first code from the app',
  description:
    'Turns two-step sign-in on: from now on signing in needs a code after the password. The session is renewed (a new cookie).',
  body: ConfirmEnrolmentSchema,
  responses: {
    200: SessionSchema.describe('The account, two-step sign-in on'),
    401: SIGNED_OUT,
    409: apiError('No setup was started, or it is already on (TWO_FACTOR_NOT_STARTED)'),
    422: apiError(
      'Not a 6-digit code (VALIDATION_FAILED), or not the right one (TWO_FACTOR_CODE_WRONG)',
    ),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const newRecoveryCodes = defineRoute({
  method: 'POST',
  path: '/api/v1/account/two-factor/recovery-codes',
  access: 'account',
  tag: 'Accounts',
  summary: 'Make new recovery codes',
  description: 'Needs the password. The ten new codes replace every earlier one.',
  body: PasswordConfirmationSchema,
  responses: {
    201: RecoveryCodesSchema.describe('The new codes, shown this once'),
    401: SIGNED_OUT,
    403: apiError('The password is not right (WRONG_PASSWORD)'),
    409: apiError('Two-step sign-in is not on (TWO_FACTOR_NOT_ON)'),
    422: apiError('No password (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const turnOffTwoFactor = defineRoute({
  method: 'POST',
  path: '/api/v1/account/two-factor/removal',
  access: 'account',
  tag: 'Accounts',
  summary: 'Turn two-step sign-in off',
  description:
    'Needs the password and a current code from the app. Operators cannot turn it off (the console requires it).',
  body: TurnOffSchema,
  responses: {
    200: SessionSchema.describe('The account, two-step sign-in off'),
    401: SIGNED_OUT,
    403: apiError(
      'The password is not right (WRONG_PASSWORD), or an operator asked (TWO_FACTOR_REQUIRED)',
    ),
    409: apiError('Two-step sign-in is not on (TWO_FACTOR_NOT_ON)'),
    422: apiError(
      'No password or not a 6-digit code (VALIDATION_FAILED), or not the right code (TWO_FACTOR_CODE_WRONG)',
    ),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});
