import { apiError } from './define-route.js';

/**
 * The replies every admin route may give besides its own. Apart from admin.ts so that a
 * customer's page declaring a console route beside its own (tracking.ts) does not load the
 * console's declarations.
 */
export const ADMIN_ERRORS = {
  401: apiError('Not signed in (SIGNED_OUT)'),
  403: apiError(
    'Signed in, but not as an operator (NOT_AN_ADMIN), or as an operator without two-step sign-in (TWO_FACTOR_REQUIRED)',
  ),
} as const;
