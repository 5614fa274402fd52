import { useState } from 'react';
import { verifyEmail } from '#src/domain/api/accounts.js';
import { PageLoading } from '../../components/ui/spinner.js';
import { callApi } from '../../lib/api.js';
import { Link } from '../../lib/router.js';
import { setSession } from '../../lib/session.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { errorMessage } from '../../lib/error-message.js';
import './account.css';
import '../checkout/checkout.css';
import '../orders/orders.css';
import { hrefOf } from '#src/domain/site-links.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { useLinkToken } from './use-link-token.js';

type State =
  { state: 'loading' } | { state: 'done'; signedIn: boolean } | { state: 'error'; message: string };

/** `/account/verify-email?token=`: the emailed link that confirms an account's email. */
export function VerifyEmailPage() {
  usePageTitle(SITE_PAGES.verifyEmail.title);
  const [state, setState] = useState<State>({ state: 'loading' });
  useLinkToken(
    (token, signal) => callApi(verifyEmail, { body: { token }, signal }),
    (session) => {
      if (session.user) setSession(session);
      setState({ state: 'done', signedIn: !!session.user });
    },
    (error) => setState({ state: 'error', message: errorMessage(error) }),
  );

  return (
    <section className="page container">
      <h1>Confirm your email</h1>
      {state.state === 'loading' && <PageLoading label="Confirming your email" />}
      {state.state === 'done' && (
        <div className="notice" role="status">
          <p>
            Your email is confirmed. Orders you booked with it as a guest now show in your account.
          </p>
          <p>
            <Link
              to={
                state.signedIn
                  ? hrefOf('account')
                  : hrefOf('login', undefined, { next: hrefOf('account') })
              }
            >
              {state.signedIn ? 'Go to your account' : 'Sign in'}
            </Link>
          </p>
        </div>
      )}
      {state.state === 'error' && (
        <div className="notice notice--error" role="alert">
          <p>{state.message}</p>
          <p>
            <Link to={hrefOf('account')}>Go to your account</Link>
          </p>
        </div>
      )}
    </section>
  );
}
