import type { QuoteRequestInput } from '../../../domain/quote-rules.js';

/**
 * Hands a quote request from the home page to /quote, and a failed quote's message back to the
 * home page (spec: homeErrorMessage). Kept free of the API client so the home page's JavaScript
 * stays small: /quote loads the client and sends the request.
 */
let pendingRequest: QuoteRequestInput | null = null;
let homeError: string | null = null;

export function handOffQuote(request: QuoteRequestInput): void {
  pendingRequest = request;
  homeError = null;
}

/** The request waiting to be sent, once. */
export function takeQuoteRequest(): QuoteRequestInput | null {
  const request = pendingRequest;
  pendingRequest = null;
  return request;
}

export function setHomeError(message: string): void {
  homeError = message;
}

/** The message to show beneath the form, once. */
export function takeHomeError(): string | null {
  const message = homeError;
  homeError = null;
  return message;
}
