import { useState } from 'react';
import type { SessionUser } from '#src/domain/accounts.js';
import { resendVerification } from '#src/domain/api/accounts.js';
import { Spinner } from '../../components/ui/spinner.js';
import { callApi } from '../../lib/api.js';
import { errorMessage } from '../../lib/error-message.js';

/**
 * At the top of `/account` while the account's email is not verified (an account made before
 * sign-up by emailed link: docs/accounts.md), with "Send the link again". A change of email
 * leaves the account verified under its old address until the new one's link is opened, so it
 * is never shown for that.
 */
export function VerifyReminder({ user }: { user: SessionUser }) {
  const [state, setState] = useState<{ busy: boolean; ok?: string; error?: string }>({
    busy: false,
  });
  if (user.emailVerified) return null;

  const send = async () => {
    if (state.busy) return;
    setState({ busy: true });
    try {
      setState({ busy: false, ok: (await callApi(resendVerification)).message });
    } catch (error) {
      setState({ busy: false, error: errorMessage(error) });
    }
  };

  return (
    <section className="notice" aria-labelledby="verify-reminder-title">
      <h2 id="verify-reminder-title" className="notice__title">
        Confirm your email address
      </h2>
      <p>
        Your email, <strong>{user.email}</strong>, is not verified yet. Open the link we emailed you
        to confirm it: until then, orders you booked with this email as a guest do not show here.
      </p>
      <p>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={state.busy || undefined}
          onClick={() => void send()}
        >
          {state.busy ? <Spinner label="Sending the link" /> : 'Send the link again'}
        </button>
      </p>
      <p role="status">{state.ok}</p>
      {state.error && (
        <p className="field__error" role="alert">
          {state.error}
        </p>
      )}
    </section>
  );
}
