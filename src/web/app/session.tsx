import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { SESSION_ROUTE } from '../../domain/api/entry-routes.js';
import type { getSession, Session } from '../../domain/api/session.js';
import { Spinner } from '../components/ui/spinner.js';
import { callApiUnchecked } from '../lib/api.js';

export type SessionState = Session;

const SessionContext = createContext<SessionState | null>(null);

/** Shows the loading screen until the sign-in status is known (docs/product-rules.md), then the site. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    // The entry chunk's call: typed by the route's declaration, not checked here (api.ts).
    // Fire and forget: every failure ends in the catch below; the effect's cleanup aborts it.
    void callApiUnchecked<typeof getSession>(SESSION_ROUTE, { signal: controller.signal })
      // If the status cannot be read the visitor is treated as a guest: nothing here needs an account.
      .catch(() => null)
      .then((state) => {
        if (!controller.signal.aborted) setSession(state ?? { user: null });
      });
    return () => controller.abort();
  }, []);

  if (!session) {
    return (
      <div className="loading-screen">
        <Spinner label="Loading BoxAbroad" size="large" />
      </div>
    );
  }
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): SessionState {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
