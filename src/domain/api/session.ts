import { z } from '../zod.js';
import { SessionUserSchema, SignInInputSchema } from '../accounts.js';
import { apiError, defineRoute } from './define-route.js';
import { SESSION_ROUTE, SIGN_OUT_ROUTE } from './entry-routes.js';

export const SessionSchema = z.object({
  user: SessionUserSchema.nullable(),
});
export type Session = z.infer<typeof SessionSchema>;

const TOO_MANY = apiError(
  'Too many attempts from this address or for this email (TOO_MANY_ATTEMPTS); `Retry-After` says when to try again',
);

export const getSession = defineRoute({
  ...SESSION_ROUTE,
  access: 'public',
  tag: 'Accounts',
  summary: 'Who is signed in',
  description:
    'The web app shows its loading screen until this answers. A guest (or an expired session) is `user: null`.',
  responses: { 200: SessionSchema.describe('The signed-in user, or null for a guest') },
});

/**
 * What signing in answers: the user, or (an account with two-step sign-in) `user: null` and
 * `secondStepRequired: true`, with the pending sign-in in an HttpOnly cookie.
 */
export const SignInReplySchema = z.object({
  user: SessionUserSchema.nullable(),
  secondStepRequired: z.boolean(),
});

export const signIn = defineRoute({
  method: 'POST',
  path: '/api/v1/session',
  access: 'public',
  tag: 'Accounts',
  summary: 'Sign in with email and password',
  description:
    'Sets the HttpOnly session cookie. Orders made in this browser as a guest are linked to the account. An account with two-step sign-in answers `secondStepRequired: true` and no session yet: `POST /api/v1/session/second-step` with a code finishes. Only failures count towards the limits (decision 075).',
  body: SignInInputSchema,
  responses: {
    200: SignInReplySchema.describe('The signed-in user, or the second step to take'),
    401: apiError(
      'Wrong email or password; the same answer whether or not the email has an account (SIGN_IN_FAILED)',
    ),
    422: apiError('Missing email or password (VALIDATION_FAILED)'),
    429: TOO_MANY,
  },
});

export const signOut = defineRoute({
  ...SIGN_OUT_ROUTE,
  access: 'public',
  tag: 'Accounts',
  summary: 'Sign out',
  description: 'Ends this session on the server and clears its cookie.',
  responses: { 200: SessionSchema.describe('Signed out: user is null') },
});

export { TOO_MANY as TOO_MANY_ATTEMPTS_REPLY };
