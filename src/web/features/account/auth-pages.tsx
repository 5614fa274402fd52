import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  PasswordResetRequestSchema,
  PasswordResetSchema,
  safeReturnPath,
  SignInInputSchema,
  SignUpInputSchema,
} from '#src/domain/accounts.js';
import {
  acceptOperatorInvitation,
  requestPasswordReset,
  resendSignUp,
  resetPassword,
  signUp,
} from '#src/domain/api/accounts.js';
import { signIn } from '#src/domain/api/session.js';
import { callApi } from '../../lib/api.js';
import { Link, navigate, useSearchParams } from '../../lib/router.js';
import { loadSession, setSession, useSessionState } from '../../lib/session.js';
import { errorMessage } from '../../lib/error-message.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { AccountForm, currentPasswordField, emailField, newPasswordField } from './account-form.js';
import { SecondStep } from './two-factor-sign-in.js';
import { Spinner } from '../../components/ui/spinner.js';
import { hrefOf } from '#src/domain/site-links.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';

/** Where to return after signing in: `?next=` (a path on this site), else home. */
function useReturnPath(): string {
  return safeReturnPath(useSearchParams().get('next'));
}

function withNext(path: string, next: string): string {
  return next === hrefOf('home') ? path : `${path}?next=${encodeURIComponent(next)}`;
}

export function SignInPage() {
  const next = useReturnPath();
  // An account with two-step sign-in is asked for a code once its password is right.
  const [secondStep, setSecondStep] = useState(false);
  usePageTitle(secondStep ? 'Two-step sign-in' : SITE_PAGES.login.title);
  if (secondStep) {
    return (
      <section className="page container">
        <h1>Two-step sign-in</h1>
        <SecondStep
          onSignedIn={(user) => {
            setSession({ user });
            navigate(next, { replace: true });
          }}
        />
      </section>
    );
  }
  return (
    <section className="page container">
      <h1>Sign in to your account</h1>
      <AccountForm
        id="sign-in"
        schema={SignInInputSchema}
        fields={[emailField('email'), currentPasswordField('password')]}
        submitLabel="Sign in"
        busyLabel="Signing in"
        onSubmit={async (values) => {
          const reply = await callApi(signIn, { body: values });
          if (reply.secondStepRequired || !reply.user) return setSecondStep(true);
          setSession({ user: reply.user });
          navigate(next, { replace: true });
        }}
      >
        <p className="account-form__links">
          <Link to={hrefOf('forgottenPassword')}>Forgot password</Link>
          <span>
            New here? <Link to={withNext(hrefOf('signUp'), next)}>Create an account</Link>
          </span>
        </p>
      </AccountForm>
    </section>
  );
}

/** Where the emailed sign-up link returns to, kept in this browser (the link opens a new tab). */
const SIGN_UP_RETURN_KEY = 'boxabroad.sign-up-return';

function rememberSignUpReturn(next: string): void {
  try {
    localStorage.setItem(SIGN_UP_RETURN_KEY, next);
  } catch {
    // Storage refused (private mode): the link returns to the account page.
  }
}

/** The page to open once the sign-up link has signed in: `?next=` of the sign-up, once. */
export function takeSignUpReturn(): string {
  try {
    const next = localStorage.getItem(SIGN_UP_RETURN_KEY);
    localStorage.removeItem(SIGN_UP_RETURN_KEY);
    return next && next !== hrefOf('home') ? safeReturnPath(next) : hrefOf('account');
  } catch {
    return hrefOf('account');
  }
}

interface SentSignUp {
  message: string;
  name: string;
  email: string;
}

export function SignUpPage() {
  usePageTitle(SITE_PAGES.signUp.title);
  const next = useReturnPath();
  const [sent, setSent] = useState<SentSignUp | null>(null);
  // "Change email" brings the form back with what was typed, the password to type again.
  const [typed, setTyped] = useState<{ name: string; email: string } | null>(null);
  if (sent) {
    return (
      <CheckYourEmail
        sent={sent}
        next={next}
        onChangeEmail={() => {
          setTyped({ name: sent.name, email: sent.email });
          setSent(null);
        }}
      />
    );
  }
  return (
    <section className="page container">
      <h1>Create an account</h1>
      <p>See your orders, their labels and tracking in one place, and reuse items you declare.</p>
      <AccountForm
        id="sign-up"
        schema={SignUpInputSchema}
        initial={typed ?? {}}
        fields={[
          { name: 'name', label: 'Name', autoComplete: 'name' },
          emailField('email'),
          newPasswordField('password', 'Password'),
        ]}
        submitLabel="Create account"
        busyLabel="Creating your account"
        onSubmit={async (values) => {
          const reply = await callApi(signUp, { body: values });
          rememberSignUpReturn(next);
          setSent({
            message: reply.message,
            name: values.name.trim(),
            email: values.email.trim().toLowerCase(),
          });
          window.scrollTo(0, 0);
        }}
      >
        {typed && <FocusOnMount selector="#sign-up-email" />}
        <p>
          Already have an account? <Link to={withNext(hrefOf('login'), next)}>Sign in</Link>
        </p>
      </AccountForm>
    </section>
  );
}

/** Moves the focus to the element once, when shown (the email field after "Change email"). */
function FocusOnMount({ selector }: { selector: string }) {
  useEffect(() => {
    const element = document.querySelector<HTMLInputElement>(selector);
    element?.focus();
    element?.select();
  }, [selector]);
  return null;
}

/**
 * After sign-up (decision 108): where the email went, "Resend the email" (the API's answer or
 * refusal shown as it is) and "Change email". When the link is opened in another tab of this
 * browser, this one learns it (the sign-up's return path is taken from local storage) and
 * shows the signed-in state at once, header included.
 */
function CheckYourEmail({
  sent,
  next,
  onChangeEmail,
}: {
  sent: SentSignUp;
  next: string;
  onChangeEmail: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [resend, setResend] = useState<{ busy: boolean; ok?: string; error?: string }>({
    busy: false,
  });
  const signedIn = useSessionState()?.user ?? null;

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SIGN_UP_RETURN_KEY || event.key === null) void loadSession();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  if (signedIn && signedIn.email === sent.email) {
    return (
      <section className="page container">
        <h1 ref={heading} tabIndex={-1}>
          Your account is ready
        </h1>
        <div className="notice" role="status">
          <p>
            You opened the link, so you are signed in as <strong>{sent.email}</strong>.
          </p>
        </div>
        <p>
          {next === hrefOf('home') ? (
            <Link to={hrefOf('account')}>Go to your account</Link>
          ) : (
            <Link to={next}>Continue</Link>
          )}
        </p>
      </section>
    );
  }

  const again = async () => {
    if (resend.busy) return;
    setResend({ busy: true });
    try {
      const reply = await callApi(resendSignUp, { body: { email: sent.email } });
      setResend({ busy: false, ok: reply.message });
    } catch (error) {
      setResend({ busy: false, error: errorMessage(error) });
    }
  };

  return (
    <section className="page container">
      <h1 ref={heading} tabIndex={-1}>
        Check your email
      </h1>
      <div className="notice" role="status">
        <p>{sent.message}</p>
        <p>
          Not there after a few minutes? Look in your spam or junk folder for an email from
          BoxAbroad sent to <strong>{sent.email}</strong>.
        </p>
      </div>
      <div className="account-next-step">
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={resend.busy || undefined}
          onClick={() => void again()}
        >
          {resend.busy ? <Spinner label="Sending the email again" /> : 'Resend the email'}
        </button>
        <button type="button" className="button button--secondary" onClick={onChangeEmail}>
          Change email
        </button>
      </div>
      <p role="status">{resend.ok}</p>
      {resend.error && (
        <div className="notice notice--error" role="alert">
          <p>{resend.error}</p>
        </div>
      )}
      <p>
        Still nothing after an hour? The link has expired: use Change email to start again. Already
        have an account? <Link to={withNext(hrefOf('login'), next)}>Sign in</Link>
      </p>
    </section>
  );
}

export function ForgottenPasswordForm() {
  usePageTitle(SITE_PAGES.forgottenPassword.title);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <section className="page container">
      <h1>Forgotten Password</h1>
      {sent ? (
        <div className="notice" role="status">
          <p>{sent}</p>
        </div>
      ) : (
        <AccountForm
          id="forgotten"
          schema={PasswordResetRequestSchema}
          fields={[emailField('email')]}
          submitLabel="Submit"
          busyLabel="Sending"
          onSubmit={async (values) => {
            setSent((await callApi(requestPasswordReset, { body: values })).message);
          }}
        />
      )}
      <p>
        <Link to={hrefOf('login')}>Back to login</Link>
      </p>
    </section>
  );
}

/**
 * A page where a new password is chosen from an emailed link (`?token=`): the form, then what the
 * server said with a link to sign in. The reset and the operator's invitation are both this.
 */
function NewPasswordFromLink({
  page,
  heading = SITE_PAGES[page].title,
  id,
  route,
  submitLabel,
  signInTo,
  intro,
  children,
}: {
  page: 'resetPassword' | 'adminAccept';
  /** The page's heading: its title unless said. */
  heading?: string;
  id: string;
  route: typeof resetPassword | typeof acceptOperatorInvitation;
  submitLabel: string;
  /** Where the sign-in link leads once the password is saved. */
  signInTo: string;
  /** Said above the form, until the password is saved. */
  intro?: ReactNode;
  children?: ReactNode;
}) {
  usePageTitle(SITE_PAGES[page].title);
  const token = useSearchParams().get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  return (
    <section className="page container">
      <h1>{heading}</h1>
      {done ? (
        <div className="notice" role="status">
          <p>{done}</p>
          <p>
            <Link to={signInTo}>Sign in</Link>
          </p>
        </div>
      ) : (
        <>
          {intro}
          <AccountForm
            id={id}
            schema={PasswordResetSchema.pick({ password: true })}
            fields={[newPasswordField('password')]}
            submitLabel={submitLabel}
            busyLabel="Saving"
            onSubmit={async (values) => {
              const reply = await callApi(route, { body: { token, password: values.password } });
              setSession({ user: null });
              setDone(reply.message);
            }}
          >
            {children}
          </AccountForm>
        </>
      )}
    </section>
  );
}

export function ResetPasswordForm() {
  return (
    <NewPasswordFromLink
      page="resetPassword"
      id="reset"
      route={resetPassword}
      submitLabel="Save new password"
      signInTo={hrefOf('login')}
    >
      <p>
        <Link to={hrefOf('forgottenPassword')}>Ask for a new link</Link>
      </p>
    </NewPasswordFromLink>
  );
}

/** The emailed invitation to become an operator: a new password, then sign in (docs/operators.md). */
export function AcceptInvitationForm() {
  return (
    <NewPasswordFromLink
      page="adminAccept"
      heading="Become a BoxAbroad operator"
      id="accept-invitation"
      intro={
        <p>
          Choose a new password for your account. It replaces the old one and signs the account out
          everywhere; then sign in to the console with it.
        </p>
      }
      route={acceptOperatorInvitation}
      submitLabel="Accept and save password"
      signInTo={hrefOf('login', undefined, { next: hrefOf('adminDashboard') })}
    />
  );
}
