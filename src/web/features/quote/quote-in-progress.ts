import type { QuoteRequestInput } from '../../../domain/quote-rules.js';

/** This tab's order in progress: its id, in session storage (features/orders/current-order.ts keeps it). */
export const ORDER_ID_KEY = 'boxabroad.orderId';
/** What the home page shows of that order, in session storage beside it. */
export const QUOTE_IN_PROGRESS_KEY = 'boxabroad.quoteInProgress';

export interface QuoteInProgress {
  /** The order it describes: it counts only while that is still this tab's order. */
  id: string;
  /** The quote's values, which fill the home page's form. */
  request: QuoteRequestInput;
  /** The step the booking is at, for "Continue your booking". */
  next: string;
}

/**
 * This tab's unpaid order in progress as the steps last saw it, or null. Written by
 * features/orders/current-order.ts each time the order is loaded or changed, removed once it is paid for or
 * forgotten; read here without the API client, so the home page's JavaScript stays small.
 */
export function quoteInProgress(): QuoteInProgress | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(QUOTE_IN_PROGRESS_KEY) ?? '') as QuoteInProgress;
    return kept.id === sessionStorage.getItem(ORDER_ID_KEY) ? kept : null;
  } catch {
    // Nothing kept, or storage unavailable.
    return null;
  }
}
