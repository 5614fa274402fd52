import { useSyncExternalStore } from 'react';
import { SESSION_ROUTE, SIGN_OUT_ROUTE } from '../../domain/api/entry-routes.js';
import type { getSession, Session, signOut } from '../../domain/api/session.js';
import { callApiUnchecked } from './api-entry.js';

/**
 * Who is signed in, for every page: null until the server has said (the loading screen shows
 * until then, except on a prerendered page: src/web/app/session.tsx), then `{ user }`. Sign-in pages set it; the header's Sign out clears it. Kept free
 * of zod: the entry chunk loads it (docs/decisions/011).
 */
let session: Session | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSession(next: Session): void {
  session = next;
  listeners.forEach((listener) => listener());
}

/** Null in a page's prerendered HTML and while the browser hydrates it: nobody is known yet. */
export function useSessionState(): Session | null {
  return useSyncExternalStore(
    subscribe,
    () => session,
    () => null,
  );
}

/** Asks the server; a failure counts as a guest (nothing a guest does needs an account). */
export async function loadSession(signal?: AbortSignal): Promise<void> {
  const state = await callApiUnchecked<typeof getSession>(SESSION_ROUTE, { signal }).catch(
    () => null,
  );
  if (!signal?.aborted) setSession(state ?? { user: null });
}

export async function signOutNow(): Promise<void> {
  await callApiUnchecked<typeof signOut>(SIGN_OUT_ROUTE).catch(() => null);
  // Whatever the answer, the server is asked again: the header shows what is true.
  await loadSession();
}
