import { useEffect, type ReactNode } from 'react';
import type { Session } from '../../domain/api/session.js';
import { isPrerendered } from '../../domain/site-routes.js';
import { Spinner } from '../components/ui/spinner.js';
import { useLocation } from '../lib/router.js';
import { loadSession, useSessionState } from '../lib/session.js';

export type SessionState = Session;

/**
 * Shows the loading screen until the sign-in status is known, then the site. A prerendered page
 * (the public pages, src/domain/site-routes.ts) shows at once, as its HTML did: its header is a
 * guest's until the server has said who is signed in.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSessionState();
  const prerendered = isPrerendered(useLocation().pathname);

  useEffect(() => {
    const controller = new AbortController();
    // Fire and forget: loadSession never rejects; the cleanup aborts it.
    void loadSession(controller.signal);
    return () => controller.abort();
  }, []);

  if (!session && !prerendered) {
    return (
      <div className="loading-screen">
        <Spinner label="Loading BoxAbroad" size="large" />
      </div>
    );
  }
  return <>{children}</>;
}

export function useSession(): SessionState {
  const session = useSessionState();
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
