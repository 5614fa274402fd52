import type { QuoteRequestInput } from '../../../domain/quote-rules.js';

/** This tab's order in progress: its id, in session storage (features/orders/current-order.ts keeps it). */
export const ORDER_ID_KEY = 'boxabroad.orderId';
/** What the home page shows of that order, in session storage beside it. */
export const QUOTE_IN_PROGRESS_KEY = 'boxabroad.quoteInProgress';
/** The question this tab last asked (the home form shows it again), in session storage. */
export const LAST_QUESTION_KEY = 'boxabroad.lastQuestion';
/**
 * This browser's latest unpaid booking, for "Continue your booking" in a new tab: its id, the step
 * it is at and when it was last seen — no names, addresses or prices (docs/accounts.md).
 */
export const BOOKING_IN_PROGRESS_KEY = 'boxabroad.bookingInProgress';
/** A booking left longer than this is not offered in a new tab (abandoned drafts are deleted later). */
const OFFER_FOR_MS = 7 * 86_400_000;

export interface QuoteInProgress {
  /** The order it describes: it counts only while that is still this tab's order. */
  id: string;
  /** The quote's values, which fill the home page's form. */
  request: QuoteRequestInput;
  /** The step the booking is at, for "Continue your booking". */
  next: string;
}

export interface BookingInProgress {
  id: string;
  next: string;
  /** When a tab last saw it (ms since the epoch). */
  at: number;
}

function read<T>(storage: () => Storage, key: string): T | null {
  try {
    return JSON.parse(storage().getItem(key) ?? '') as T;
  } catch {
    // Nothing kept, or storage unavailable.
    return null;
  }
}

/**
 * This tab's unpaid order in progress as the steps last saw it, or null. Written by
 * features/orders/current-order.ts each time the order is loaded or changed, removed once it is paid for or
 * forgotten; read here without the API client, so the home page's JavaScript stays small.
 */
export function quoteInProgress(): QuoteInProgress | null {
  const kept = read<QuoteInProgress>(() => sessionStorage, QUOTE_IN_PROGRESS_KEY);
  try {
    return kept && kept.id === sessionStorage.getItem(ORDER_ID_KEY) ? kept : null;
  } catch {
    return null;
  }
}

/** The question this tab last asked, or null. */
export function lastQuestion(): QuoteRequestInput | null {
  return read<QuoteRequestInput>(() => sessionStorage, LAST_QUESTION_KEY);
}

export function rememberQuestion(request: QuoteRequestInput): void {
  try {
    sessionStorage.setItem(LAST_QUESTION_KEY, JSON.stringify(request));
  } catch {
    // Storage unavailable: the form starts empty after a reload.
  }
}

/**
 * This browser's unpaid booking started in another tab (or before the browser was closed), when
 * this tab has none of its own: what "Continue your booking" offers on the home page.
 */
export function bookingInAnotherTab(now = Date.now()): BookingInProgress | null {
  const kept = read<BookingInProgress>(() => localStorage, BOOKING_IN_PROGRESS_KEY);
  if (!kept || typeof kept.id !== 'string' || typeof kept.next !== 'string') return null;
  if (!(now - kept.at < OFFER_FOR_MS)) return null;
  return kept;
}

/** Makes that booking this tab's own, before going to its step. */
export function adoptBooking(booking: BookingInProgress): void {
  try {
    sessionStorage.setItem(ORDER_ID_KEY, booking.id);
  } catch {
    // Storage unavailable: the step says there is no booking in progress.
  }
}
