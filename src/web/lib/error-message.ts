import { ApiClientError } from './api-entry.js';

/** What a page says when something failed and the API gave no message of its own. */
export const UNEXPECTED_ERROR = 'Something went wrong. Please try again.';

/**
 * The message to show for a failed call: the API's own words (every refusal carries a message
 * written for the person who sees it), or `fallback` for anything else (a bug, a lost page).
 */
export function errorMessage(error: unknown, fallback: string = UNEXPECTED_ERROR): string {
  return error instanceof ApiClientError ? error.message : fallback;
}

/** The error as an ApiClientError: itself, or UNEXPECTED_ERROR for anything else. */
export function asApiError(error: unknown): ApiClientError {
  return error instanceof ApiClientError
    ? error
    : new ApiClientError(0, 'UNEXPECTED', UNEXPECTED_ERROR);
}

/**
 * The server's message for each of a form's fields (undefined for a field it did not refuse): a
 * refused try's errors, in place of the last try's.
 */
export function fieldErrors<Name extends string>(
  error: ApiClientError,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  return Object.fromEntries(names.map((name) => [name, error.fields[name]])) as Partial<
    Record<Name, string>
  >;
}
