import { useState } from 'react';
import type { SessionUser } from '#src/domain/accounts.js';
import { newRecoveryCodes, turnOffTwoFactor } from '#src/domain/api/two-factor.js';
import { TurnOffSchema } from '#src/domain/two-factor.js';
import { callApi } from '../../lib/api.js';
import { setSession } from '../../lib/session.js';
import { AccountForm, currentPasswordField, appCodeField } from './account-form.js';
import { PasswordConfirmationForm, RecoveryCodes, TwoFactorSetup } from './two-factor-setup.js';

/** `/account`'s "Two-step sign-in": turn it on, make new recovery codes, or turn it off. */
export function TwoFactorSection({ user }: { user: SessionUser }) {
  const [setting, setSetting] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<'codes' | 'off' | null>(null);

  if (!user.twoFactorEnabled) {
    if (setting) {
      return (
        <TwoFactorSetup
          headingLevel={3}
          onDone={(next) => {
            setSetting(false);
            setSession({ user: next });
          }}
        />
      );
    }
    return (
      <>
        <p>
          <span className="status-badge status-badge--draft">Off</span> Protect your account with a
          code from an authenticator app on your phone, asked for after your password.
        </p>
        <button type="button" className="button button--secondary" onClick={() => setSetting(true)}>
          Set up two-step sign-in
        </button>
      </>
    );
  }
  return (
    <>
      <p>
        <span className="status-badge status-badge--booked">On</span> Signing in asks for a code
        from your authenticator app, or one of your recovery codes.
      </p>
      {codes ? (
        <RecoveryCodes codes={codes} heading="h3" onDone={() => setCodes(null)} />
      ) : (
        <p className="two-factor__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setAction('codes')}
          >
            Make new recovery codes
          </button>
          {user.role !== 'admin' && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setAction('off')}
            >
              Turn off two-step sign-in
            </button>
          )}
        </p>
      )}
      {action === 'codes' && !codes && (
        <>
          <h3>Make new recovery codes</h3>
          <p>The new codes replace all your earlier ones.</p>
          <PasswordConfirmationForm
            id="recovery-codes"
            submitLabel="Make new codes"
            busyLabel="Making new codes"
            onConfirmed={async (values) => {
              setCodes((await callApi(newRecoveryCodes, { body: values })).recoveryCodes);
              setAction(null);
            }}
          />
        </>
      )}
      {action === 'off' && (
        <>
          <h3>Turn off two-step sign-in</h3>
          <AccountForm
            id="two-factor-off"
            schema={TurnOffSchema}
            fields={[
              currentPasswordField('password', 'Your password'),
              appCodeField('code', '6-digit code from your app'),
            ]}
            submitLabel="Turn off"
            busyLabel="Turning off"
            onSubmit={async (values) => {
              const { user: next } = await callApi(turnOffTwoFactor, { body: values });
              setAction(null);
              if (next) setSession({ user: next });
            }}
          />
        </>
      )}
    </>
  );
}
