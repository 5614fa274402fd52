import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES, SignUpConfirmSchema } from '#src/domain/accounts.js';
import { confirmSignUp } from '#src/domain/api/accounts.js';
import { Spinner } from '../../components/ui/spinner.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { Link, navigate, useSearchParams } from '../../lib/router.js';
import { setSession } from '../../lib/session.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { AccountForm } from './account-form.js';
import { takeSignUpReturn } from './auth-pages.js';
import { errorMessage } from '../../lib/error-message.js';
import { hrefOf } from '#src/domain/site-links.js';

type State = { state: 'loading' } | { state: 'password' } | { state: 'error'; message: string };

/**
 * `/signup/confirm?token=`: the emailed link that finishes a sign-up. In the browser that signed
 * up it finishes at once; in another it asks for the password chosen at sign-up first.
 */
export function ConfirmSignUpPage() {
  usePageTitle('Finish creating your account');
  const token = useSearchParams().get('token') ?? '';
  const [state, setState] = useState<State>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    callApi(confirmSignUp, { body: { token }, signal: controller.signal })
      .then((session) => {
        setSession(session);
        navigate(takeSignUpReturn(), { replace: true });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiClientError && error.code === 'SIGN_UP_PASSWORD_NEEDED') {
          setState({ state: 'password' });
        } else {
          setState({
            state: 'error',
            message: errorMessage(error),
          });
        }
      });
    return () => controller.abort();
  }, [token]);

  return (
    <section className="page container">
      <h1>Finish creating your account</h1>
      {state.state === 'loading' && (
        <div className="page-loading">
          <Spinner label="Creating your account" size="large" />
        </div>
      )}
      {state.state === 'password' && (
        <>
          <p>{ACCOUNT_MESSAGES.signUpPasswordNeeded}</p>
          <AccountForm
            id="confirm-sign-up"
            schema={SignUpConfirmSchema.pick({ password: true }).required()}
            fields={[
              {
                name: 'password',
                label: 'Password chosen at sign-up',
                type: 'password',
                autoComplete: 'current-password',
              },
            ]}
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
