import { useEffect } from 'react';
import { useSearchParams } from '../../lib/router.js';

/**
 * The page of an emailed link (`?token=`) sends its token once when it opens: `send` makes the
 * call, and its reply or error goes to `done` or `failed`, unless the page has closed first (the
 * call is then cancelled and nothing is said). Returns the token, for a form that sends it again.
 */
export function useLinkToken<T>(
  send: (token: string, signal: AbortSignal) => Promise<T>,
  done: (reply: T) => void,
  failed: (error: unknown) => void,
): string {
  const token = useSearchParams().get('token') ?? '';
  useEffect(() => {
    const controller = new AbortController();
    send(token, controller.signal).then(done, (error: unknown) => {
      if (!controller.signal.aborted) failed(error);
    });
    return () => controller.abort();
    // Sent once per token: the callbacks are the page's, made anew on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return token;
}
