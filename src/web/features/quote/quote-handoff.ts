import type { QuoteRequestInput } from '../../../domain/quote-rules.js';

/**
 * Hands a quote request from the home page to /quote, and a failed quote's message back to the
 * home page (spec: homeErrorMessage). Kept free of the API client so the home page's JavaScript
 * stays small: /quote loads the client and sends the request.
 */
let pendingRequest: QuoteRequestInput | null = null;
/** The last request handed off: a quote that found nothing brings it back into the form. */
let lastRequest: QuoteRequestInput | null = null;
let homeError: { message: string; request: QuoteRequestInput | null } | null = null;

export function handOffQuote(request: QuoteRequestInput): void {
  pendingRequest = request;
  lastRequest = request;
  homeError = null;
}

/** The request waiting to be sent, once. */
export function takeQuoteRequest(): QuoteRequestInput | null {
  const request = pendingRequest;
  pendingRequest = null;
  return request;
}

/** A quote that could not be given: its message, with the request that was sent. */
export function setHomeError(message: string): void {
  homeError = { message, request: lastRequest };
}

/** The message to show beneath the form, and what was typed, once. */
export function takeHomeError(): { message: string; request: QuoteRequestInput | null } | null {
  const error = homeError;
  homeError = null;
  return error;
}
