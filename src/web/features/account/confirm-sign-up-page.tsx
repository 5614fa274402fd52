import { useState } from 'react';
import { ACCOUNT_MESSAGES, SignUpConfirmSchema } from '#src/domain/accounts.js';
import { confirmSignUp } from '#src/domain/api/accounts.js';
import { PageLoading } from '../../components/ui/spinner.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { Link, navigate } from '../../lib/router.js';
import { setSession } from '../../lib/session.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { AccountForm, currentPasswordField } from './account-form.js';
import { takeSignUpReturn } from './auth-pages.js';
import { errorMessage } from '../../lib/error-message.js';
import { hrefOf } from '#src/domain/site-links.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { useLinkToken } from './use-link-token.js';

type State = { state: 'loading' } | { state: 'password' } | { state: 'error'; message: string };

/**
 * `/signup/confirm?token=`: the emailed link that finishes a sign-up. In the browser that signed
 * up it finishes at once; in another it asks for the password chosen at sign-up first.
 */
export function ConfirmSignUpPage() {
  usePageTitle(SITE_PAGES.confirmSignUp.title);
  const [state, setState] = useState<State>({ state: 'loading' });
  const token = useLinkToken(
    (token, signal) => callApi(confirmSignUp, { body: { token }, signal }),
    (session) => {
      setSession(session);
      navigate(takeSignUpReturn(), { replace: true });
    },
    (error) =>
      setState(
        error instanceof ApiClientError && error.code === 'SIGN_UP_PASSWORD_NEEDED'
          ? { state: 'password' }
          : { state: 'error', message: errorMessage(error) },
      ),
  );

  return (
    <section className="page container">
      <h1>Finish creating your account</h1>
      {state.state === 'loading' && <PageLoading label="Creating your account" />}
      {state.state === 'password' && (
        <>
          <p>{ACCOUNT_MESSAGES.signUpPasswordNeeded}</p>
          <AccountForm
            id="confirm-sign-up"
            schema={SignUpConfirmSchema.pick({ password: true }).required()}
            fields={[currentPasswordField('password', 'Password chosen at sign-up')]}
            submitLabel="Create account"
            busyLabel="Creating your account"
            onSubmit={async (values) => {
              const session = await callApi(confirmSignUp, {
                body: { token, password: values.password },
              });
              setSession(session);
              navigate(takeSignUpReturn(), { replace: true });
            }}
          >
            <p>
              Did not sign up? You need do nothing: no account is created without this password.
            </p>
          </AccountForm>
        </>
      )}
      {state.state === 'error' && (
        <div className="notice notice--error" role="alert">
          <p>{state.message}</p>
          <p>
            <Link to={hrefOf('signUp')}>Create an account</Link> ·{' '}
            <Link to={hrefOf('login')}>Sign in</Link>
          </p>
        </div>
      )}
    </section>
  );
}
