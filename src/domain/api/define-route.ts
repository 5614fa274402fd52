import { ApiErrorBodySchema } from '../api-error.js';
import type { ApiRoute } from './route.js';

/** An error reply with its meaning and codes, for the reference: `apiError('… (ORDER_LOCKED)')`. */
export function apiError(description: string) {
  return ApiErrorBodySchema.describe(description);
}

/** Errors every route may answer besides those it declares, in the one error shape. */
const DEFAULT_ERRORS = {
  '4xx': apiError(
    'Any other refusal: NOT_FOUND, INVALID_JSON (400), PAYLOAD_TOO_LARGE (413), UNSUPPORTED_MEDIA_TYPE (415)',
  ),
  '5xx': apiError('Something failed on our side (INTERNAL); the message is safe to show'),
} as const;

/**
 * Declares a route once: the server registers it from this (validation, serialisation, the
 * OpenAPI document) and the web calls it through it. See docs/api.md.
 */
export function defineRoute<const R extends ApiRoute>(
  route: R,
): R & { readonly responses: R['responses'] & typeof DEFAULT_ERRORS } {
  return { ...route, responses: { ...DEFAULT_ERRORS, ...route.responses } } as R & {
    readonly responses: R['responses'] & typeof DEFAULT_ERRORS;
  };
}
