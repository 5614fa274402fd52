import { useState } from 'react';
import type { SessionUser } from '#src/domain/accounts.js';
import { finishSignIn } from '#src/domain/api/two-factor.js';
import { RecoveryCodeSchema, TotpCodeSchema } from '#src/domain/two-factor.js';
import { z } from '#src/domain/zod.js';
import { callApi } from '../../lib/api.js';
import { AccountForm, appCodeField } from './account-form.js';

const AppCodeSchema = z.object({ code: TotpCodeSchema });
const RecoverySchema = z.object({ code: RecoveryCodeSchema });

/**
 * The second step of signing in (docs/accounts.md): a code from the authenticator app, or one of
 * the recovery codes instead. The pending sign-in lasts 10 minutes (the server's cookie).
 */
export function SecondStep({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const [method, setMethod] = useState<'app' | 'recovery'>('app');
  const app = method === 'app';
  return (
    <>
      <p>
        {app
          ? 'Open your authenticator app and enter the 6-digit code it shows for BoxAbroad.'
          : 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once.'}
      </p>
      <AccountForm
        key={method}
        id={app ? 'second-step-app' : 'second-step-recovery'}
        schema={app ? AppCodeSchema : RecoverySchema}
        fields={[
          app
            ? appCodeField('code')
            : { name: 'code', label: 'Recovery code', autoComplete: 'off' },
        ]}
        submitLabel="Continue"
        busyLabel="Checking the code"
        onSubmit={async (values) => {
          const { user } = await callApi(finishSignIn, { body: { method, code: values.code } });
          if (user) onSignedIn(user);
        }}
      >
        <p className="account-form__links">
          <button
            type="button"
            className="button button--link"
            onClick={() => setMethod(app ? 'recovery' : 'app')}
          >
            {app ? 'Use a recovery code instead' : 'Use a code from the app instead'}
          </button>
        </p>
      </AccountForm>
    </>
  );
}
