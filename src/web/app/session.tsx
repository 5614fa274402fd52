import { useEffect, type ReactNode } from 'react';
import type { Session } from '../../domain/api/session.js';
import { Spinner } from '../components/ui/spinner.js';
import { loadSession, useSessionState } from '../lib/session.js';

export type SessionState = Session;

/** Shows the loading screen until the sign-in status is known, then the site. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSessionState();

  useEffect(() => {
    const controller = new AbortController();
    // Fire and forget: loadSession never rejects; the cleanup aborts it.
    void loadSession(controller.signal);
    return () => controller.abort();
  }, []);

  if (!session) {
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
