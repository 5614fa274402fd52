import type { ReactNode } from 'react';
import type { SessionUser } from '#src/domain/accounts.js';
import { Link } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { setSession } from '../../lib/session.js';
import { SignedIn, TwoFactorSetup } from '../account/index.js';
// The console's look, loaded with whichever console page is opened first.
import '../account/account.css';
import './admin.css';
import { hrefOf } from '#src/domain/site-links.js';

/**
 * Every console page: a signed-out visitor is sent to sign in and brought back; a signed-in
 * customer is told the page is for staff (403), and nothing of the console is asked for; an
 * operator without two-step sign-in sets it up first (the API refuses them until then).
 */
export function StaffOnly({ children }: { children: (user: SessionUser) => ReactNode }) {
  return (
    <SignedIn>
      {(user) =>
        user.role !== 'admin' ? (
          <NotStaff />
        ) : user.twoFactorEnabled ? (
          children(user)
        ) : (
          <SetUpTwoFactor />
        )
      }
    </SignedIn>
  );
}

/** The console's first visit for an operator: two-step sign-in is required (decision 074). */
function SetUpTwoFactor() {
  usePageTitle('Set up two-step sign-in');
  return (
    <section className="page container console-two-factor">
      <h1>Set up two-step sign-in</h1>
      <p className="lead">
        The console needs two-step sign-in: a code from an authenticator app on your phone after
        your password, each time you sign in.
      </p>
      <TwoFactorSetup onDone={(user) => setSession({ user })} />
    </section>
  );
}

function NotStaff() {
  usePageTitle('This page is for BoxAbroad staff');
  return (
    <section className="page container error-page">
      <h1>This page is for BoxAbroad staff</h1>
      <p className="error-page__detail">403 Forbidden</p>
      <p>
        You are signed in with a customer account, which cannot open the operator console. Your own
        bookings are on <Link to={hrefOf('account')}>your account</Link>.
      </p>
    </section>
  );
}

/** The console's own links, above each of its pages. */
export function ConsoleNav({
  current,
}: {
  current: 'dashboard' | 'orders' | 'claims' | 'shipments' | 'rates' | 'messages' | 'mail';
}) {
  const links = [
    { key: 'dashboard', to: hrefOf('adminDashboard'), label: 'Dashboard' },
    { key: 'orders', to: hrefOf('adminOrders'), label: 'Orders' },
    { key: 'claims', to: hrefOf('adminClaims'), label: 'Claims' },
    { key: 'shipments', to: hrefOf('adminShipments'), label: 'Shipments' },
    { key: 'rates', to: hrefOf('adminRates'), label: 'Rates' },
    { key: 'messages', to: hrefOf('adminMessages'), label: 'Messages' },
    { key: 'mail', to: hrefOf('adminMail'), label: 'Mail' },
  ] as const;
  return (
    <nav className="console-nav" aria-label="Console">
      <ul>
        {links.map((link) => (
          <li key={link.key}>
            <Link to={link.to} aria-current={link.key === current ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
