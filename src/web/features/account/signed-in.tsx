import { useEffect, type ReactNode } from 'react';
import type { SessionUser } from '#src/domain/accounts.js';
import { PageLoading } from '../../components/ui/spinner.js';
import { navigate, useLocation } from '../../lib/router.js';
import { useSessionState } from '../../lib/session.js';
import { hrefOf } from '#src/domain/site-links.js';

/**
 * The account pages: a signed-out visitor is sent to sign in and brought back to this very
 * page afterwards (`/login?next=…`).
 */
export function SignedIn({ children }: { children: (user: SessionUser) => ReactNode }) {
  const user = useSessionState()?.user ?? null;
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!user) {
      navigate(hrefOf('login', undefined, { next: pathname + search }), { replace: true });
    }
  }, [user, pathname, search]);
  if (!user) {
    return <PageLoading label="Taking you to sign in" />;
  }
  return <>{children(user)}</>;
}
