import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '../components/ui/spinner.js';

export interface SessionUser {
  id: string;
  email: string;
}

export interface SessionState {
  user: SessionUser | null;
}

const SessionContext = createContext<SessionState | null>(null);

/** Shows the loading screen until the sign-in status is known (spec §2), then the site. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/v1/session', { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => (response.ok ? ((await response.json()) as SessionState) : null))
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
