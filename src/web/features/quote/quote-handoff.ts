import type { QuoteRequestInput } from '#src/domain/quote-rules.js';

/**
 * A quote that could not be given goes back to the home page with its message beneath the form
 * and the question in it (docs/product-rules.md: homeErrorMessage). Kept in memory, free of the
 * API client, so the home page's JavaScript stays small.
 */
let homeError: { message: string; request: QuoteRequestInput | null } | null = null;

/** A quote that could not be given: its message, with the question that was asked. */
export function setHomeError(message: string, request: QuoteRequestInput | null): void {
  homeError = { message, request };
}

/** The message to show beneath the form, and what was asked, once. */
export function takeHomeError(): { message: string; request: QuoteRequestInput | null } | null {
  const error = homeError;
  homeError = null;
  return error;
}
