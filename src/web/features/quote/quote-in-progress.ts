import type { QuoteRequestInput } from '#src/domain/quote-rules.js';

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
  /** When a tab last saw it (ms since the epoch); not offered 7 days after. */
  at: number;
}

/** A kept text, or null when there is none or storage is unavailable (private mode). */
function raw(local: boolean, key: string): string | null {
  try {
    return (local ? localStorage : sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

/** A kept value (JSON), or null. */
function read<T>(local: boolean, key: string): T | null {
  try {
    return JSON.parse(raw(local, key) ?? '') as T;
  } catch {
    return null;
  }
}

/**
 * This tab's unpaid order in progress as the steps last saw it, or null. Written by
 * features/orders/current-order.ts each time the order is loaded or changed, removed once it is paid for or
 * forgotten; read here without the API client, so the home page's JavaScript stays small.
 */
export function quoteInProgress(): QuoteInProgress | null {
  const kept = read<QuoteInProgress>(false, QUOTE_IN_PROGRESS_KEY);
  return kept && kept.id === raw(false, ORDER_ID_KEY) ? kept : null;
}

/** The question this tab last asked, or null. */
export const lastQuestion = () => read<QuoteRequestInput>(false, LAST_QUESTION_KEY);

/** Keeps a text in session storage; nothing when storage is unavailable. */
function keep(key: string, text: string): void {
  try {
    sessionStorage.setItem(key, text);
  } catch {
    // Storage unavailable: the tab just remembers less.
  }
}

export const rememberQuestion = (request: QuoteRequestInput) =>
  keep(LAST_QUESTION_KEY, JSON.stringify(request));

/**
 * This browser's unpaid booking started in another tab (or before the browser was closed), which
 * "Continue your booking" offers when this tab has none of its own.
 */
export function bookingInAnotherTab(): BookingInProgress | null {
  const kept = read<BookingInProgress>(true, BOOKING_IN_PROGRESS_KEY);
  return kept && Date.now() - kept.at < 7 * 86_400_000 ? kept : null;
}

/** Makes that booking this tab's own, before going to its step. */
export const adoptBooking = (booking: BookingInProgress) => keep(ORDER_ID_KEY, booking.id);
