import { useCallback, useEffect, useState } from 'react';
import { ApiClientError } from '../../lib/api.js';

export type Load<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  | { state: 'error'; status: number; message: string };

/**
 * Loads what a console page shows, again whenever `key` (what is shown: an id, a search) changes;
 * `reload` asks again (after an action), `replace` shows an answer the page already has.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string,
): [Load<T>, () => void, (data: T) => void] {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal)
      .then((data) => setResult({ state: 'ready', data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({
          state: 'error',
          status: error instanceof ApiClientError ? error.status : 0,
          message: errorMessage(error),
        });
      });
    return () => controller.abort();
    // `load` is a new function on every render; `key` says when it asks for something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const replace = useCallback((data: T) => setResult({ state: 'ready', data }), []);
  return [result, reload, replace];
}

export function errorMessage(error: unknown): string {
  return error instanceof ApiClientError
    ? error.message
    : 'Something went wrong on our side. Please try again in a moment.';
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** "23 Nov 2026, 14:05" (UK time). */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "2026-11-23" → "23 Nov". */
export function formatDay(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

/** An order status as operators read it. */
export function statusText(status: string): string {
  switch (status) {
    case 'draft':
      return 'Draft';
    case 'authorised':
      return 'Paid (authorised)';
    case 'booking':
      return 'Booking';
    case 'booked':
      return 'Booked';
    case 'booking_failed':
      return 'Booking failed';
    case 'needs_attention':
      return 'Needs attention';
    default:
      return status;
  }
}
