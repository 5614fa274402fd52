import { useCallback, useEffect, useState } from 'react';
import { ApiClientError } from '../../lib/api.js';
import { errorMessage } from '../../lib/error-message.js';

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
