import { z } from '../zod.js';
import {
  ChangeEmailSchema,
  ChangeNameSchema,
  ChangePasswordSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  SignUpConfirmSchema,
  SignUpInputSchema,
  SignUpResendSchema,
} from '../accounts.js';
import { apiError, defineRoute } from './define-route.js';
import { SessionSchema, TOO_MANY_ATTEMPTS_REPLY } from './session.js';

const SIGNED_OUT = apiError('Not signed in (SIGNED_OUT)');
const MessageSchema = z.object({ message: z.string() });

export const signUp = defineRoute({
  method: 'POST',
  path: '/api/v1/account',
  access: 'public',
  tag: 'Accounts',
  summary: 'Start creating an account: a link is emailed',
  description:
    'The same answer (202, same body, no session) whether or not the email already has an account. A new address gets a link that creates the account, once, within an hour; an address with an account gets an email telling its owner instead. Nothing is stored in accounts until the link is opened; the password is kept only as its hash.',
  body: SignUpInputSchema,
  responses: {
    202: MessageSchema.describe('A link was sent (the same answer for every address)'),
    422: apiError('Invalid name or email, or the password breaks the rule (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const resendSignUp = defineRoute({
  method: 'POST',
  path: '/api/v1/account/sign-up-links',
  access: 'public',
  tag: 'Accounts',
  summary: 'Email the sign-up link again',
  description:
    'The same answer (202) for every address. A sign-up started in this browser for the email and not yet finished gets a new link (the earlier one keeps working until its hour is up); an address with an account gets the notice sign-up sends; otherwise nothing is sent. Counted with sign-ups: 5 per email an hour, and the per-address sign-up limit.',
  body: SignUpResendSchema,
  responses: {
    202: MessageSchema.describe('The email was sent again (the same answer for every address)'),
    422: apiError('Not an email address (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const confirmSignUp = defineRoute({
  method: 'POST',
  path: '/api/v1/account/sign-up-confirmations',
  access: 'public',
  tag: 'Accounts',
  summary: 'Finish creating an account with the emailed link',
  description:
    'Creates the account with its email verified and signs in. In the browser that signed up the token is enough; in any other the password chosen at sign-up is needed too. Orders the signing-up browser made as a guest are linked to the account.',
  body: SignUpConfirmSchema,
  responses: {
    200: SessionSchema.describe('The new account, signed in'),
    403: apiError(
      'Opened in another browser: the sign-up password is needed or not right (SIGN_UP_PASSWORD_NEEDED, SIGN_UP_PASSWORD_WRONG)',
    ),
    410: apiError('The link has expired or has already been used (SIGN_UP_LINK_INVALID)'),
    422: apiError('No token (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const requestPasswordReset = defineRoute({
  method: 'POST',
  path: '/api/v1/password-resets',
  access: 'public',
  tag: 'Accounts',
  summary: 'Email a link to choose a new password',
  description:
    'Always the same answer. If an account uses the email, it gets a single-use link that expires in an hour.',
  body: PasswordResetRequestSchema,
  responses: {
    202: MessageSchema.describe('The same message whether or not the account exists'),
    422: apiError('Not an email address (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const resetPassword = defineRoute({
  method: 'PUT',
  path: '/api/v1/password-resets',
  access: 'public',
  tag: 'Accounts',
  summary: 'Choose a new password with an emailed link',
  description:
    'Uses the link’s token once. Every session of the account is signed out; sign in with the new password.',
  body: PasswordResetSchema,
  responses: {
    200: MessageSchema.describe('The password has been changed'),
    410: apiError('The link has expired or has already been used (RESET_LINK_INVALID)'),
    422: apiError('The new password breaks the rule (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const acceptOperatorInvitation = defineRoute({
  method: 'PUT',
  path: '/api/v1/operator-invitations',
  access: 'public',
  tag: 'Accounts',
  summary: 'Accept an emailed invitation to become an operator',
  description:
    'Uses the link’s token once (it works for 24 hours). The account of the invited address gets this new password, its email counts as verified, every session of it is signed out, and it becomes an operator: sign in with the new password.',
  body: PasswordResetSchema,
  responses: {
    200: MessageSchema.describe('The account is now an operator'),
    410: apiError('The link has expired or has already been used (INVITATION_INVALID)'),
    422: apiError('The new password breaks the rule (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const AccountSchema = z.object({
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

export const getAccount = defineRoute({
  method: 'GET',
  path: '/api/v1/account',
  access: 'account',
  tag: 'Accounts',
  summary: 'The signed-in customer’s details',
  responses: { 200: AccountSchema.describe('The account'), 401: SIGNED_OUT },
});

export const changeName = defineRoute({
  method: 'PUT',
  path: '/api/v1/account/name',
  access: 'account',
  tag: 'Accounts',
  summary: 'Change the account’s name',
  body: ChangeNameSchema,
  responses: {
    200: AccountSchema.describe('The account'),
    401: SIGNED_OUT,
    422: apiError('No name (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const changeEmail = defineRoute({
  method: 'PUT',
  path: '/api/v1/account/email',
  access: 'account',
  tag: 'Accounts',
  summary: 'Change the account’s email',
  description:
    'The account keeps its email until the link emailed to the new address is opened (verified or not): an address is never claimed without its link. Guest orders placed with it appear once it is.',
  body: ChangeEmailSchema,
  responses: {
    // An address another account uses gets the same 200 as any other (the account's email
    // stays as it was): the answer does not tell who has an account.
    200: MessageSchema.describe('What happens next: a link was sent to the new address'),
    401: SIGNED_OUT,
    422: apiError('Not an email address (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const changePassword = defineRoute({
  method: 'PUT',
  path: '/api/v1/account/password',
  access: 'account',
  tag: 'Accounts',
  summary: 'Change the password',
  description: 'Needs the current password; other sessions of the account are signed out.',
  body: ChangePasswordSchema,
  responses: {
    200: MessageSchema.describe('Changed'),
    401: SIGNED_OUT,
    403: apiError('The current password is not right (WRONG_PASSWORD)'),
    422: apiError('The new password breaks the rule (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const verifyEmail = defineRoute({
  method: 'POST',
  path: '/api/v1/account/email-verifications',
  access: 'public',
  tag: 'Accounts',
  summary: 'Verify the account’s email with the emailed link',
  body: z.object({ token: z.string().min(1).max(2000) }),
  responses: {
    200: SessionSchema.describe('The account, its email now verified'),
    410: apiError('The link has expired or is not valid (VERIFY_LINK_INVALID)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const resendVerification = defineRoute({
  method: 'POST',
  path: '/api/v1/account/email-verifications/resend',
  access: 'account',
  tag: 'Accounts',
  summary: 'Email the verification link again',
  responses: {
    202: MessageSchema.describe('Sent'),
    401: SIGNED_OUT,
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});
