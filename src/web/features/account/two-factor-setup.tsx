import { useEffect, useState } from 'react';
import type { SessionUser } from '#src/domain/accounts.js';
import { confirmTwoFactor, startTwoFactor, type Enrolment } from '#src/domain/api/two-factor.js';
import {
  ConfirmEnrolmentSchema,
  groupedSecret,
  PasswordConfirmationSchema,
} from '#src/domain/two-factor.js';
import { Spinner } from '../../components/ui/spinner.js';
import { callApi } from '../../lib/api.js';
import { AccountForm, currentPasswordField } from './account-form.js';

/**
 * The account's password asked again before a change to two-step sign-in (setting it up, new
 * recovery codes): `onConfirmed` sends it with the change.
 */
export function PasswordConfirmationForm({
  id,
  submitLabel,
  busyLabel,
  onConfirmed,
}: {
  id: string;
  submitLabel: string;
  busyLabel: string;
  onConfirmed: (values: { password: string }) => Promise<void>;
}) {
  return (
    <AccountForm
      id={id}
      schema={PasswordConfirmationSchema}
      fields={[currentPasswordField('password', 'Your password')]}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      onSubmit={onConfirmed}
    />
  );
}

/**
 * Setting up two-step sign-in (docs/accounts.md): the password, then the QR code and the secret
 * for the authenticator app and a first code to confirm, then the recovery codes, shown once.
 * `onDone` gets the account (two-step sign-in on) once the recovery codes have been seen.
 */
export function TwoFactorSetup({
  headingLevel = 2,
  onDone,
}: {
  headingLevel?: 2 | 3;
  onDone: (user: SessionUser) => void;
}) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [confirmed, setConfirmed] = useState<SessionUser | null>(null);
  const Heading = `h${headingLevel}` as const;

  if (confirmed && enrolment) {
    return (
      <RecoveryCodes
        codes={enrolment.recoveryCodes}
        heading={Heading}
        intro="Two-step sign-in is on."
        onDone={() => onDone(confirmed)}
      />
    );
  }
  if (!enrolment) {
    return (
      <>
        <p>
          After your password, signing in will ask for a 6-digit code from an authenticator app on
          your phone (such as Google Authenticator, Microsoft Authenticator or 1Password).
        </p>
        <PasswordConfirmationForm
          id="two-factor-password"
          submitLabel="Set up two-step sign-in"
          busyLabel="Starting"
          onConfirmed={async (values) => {
            setEnrolment(await callApi(startTwoFactor, { body: values }));
          }}
        />
      </>
    );
  }
  return (
    <div className="two-factor">
      <Heading>1. Add BoxAbroad to your authenticator app</Heading>
      <p>Scan this QR code with the app.</p>
      <QrCode text={enrolment.otpauthUri} />
      <p>Or type this key into the app (time-based, 6 digits):</p>
      <p className="two-factor__secret">
        <code>{groupedSecret(enrolment.secret)}</code>
      </p>
      <Heading>2. Enter the code the app shows</Heading>
      <AccountForm
        id="two-factor-confirm"
        schema={ConfirmEnrolmentSchema}
        fields={[
          {
            name: 'code',
            label: '6-digit code',
            autoComplete: 'one-time-code',
            inputMode: 'numeric',
          },
        ]}
        submitLabel="Turn on two-step sign-in"
        busyLabel="Checking the code"
        onSubmit={async (values) => {
          const { user } = await callApi(confirmTwoFactor, { body: values });
          if (user) setConfirmed(user);
        }}
      />
    </div>
  );
}

/** The QR code of the otpauth URI, drawn by bwip-js, which loads only on this step. */
function QrCode({ text }: { text: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('bwip-js/browser')
      .then(({ qrcode, drawingSVG }) => {
        const drawn = qrcode({ bcid: 'qrcode', text, scale: 4 }, drawingSVG());
        if (live) setSvg(drawn);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [text]);
  if (failed) return <p>The QR code could not be drawn: type the key below instead.</p>;
  if (!svg) return <Spinner label="Drawing the QR code" />;
  return (
    <img
      className="two-factor__qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code to add BoxAbroad to your authenticator app"
      width={200}
      height={200}
    />
  );
}

/** Recovery codes, shown once: copy or download them, then continue. */
export function RecoveryCodes({
  codes,
  heading: Heading = 'h2',
  intro,
  onDone,
}: {
  codes: string[];
  heading?: 'h2' | 'h3';
  intro?: string;
  onDone?: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const text = `BoxAbroad recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  return (
    <div className="two-factor" role="region" aria-labelledby="recovery-codes-title">
      {intro && (
        <div className="notice" role="status">
          <p>{intro}</p>
        </div>
      )}
      <Heading id="recovery-codes-title">Your recovery codes</Heading>
      <p>
        <strong>Save these now: they are shown only this once, and each works once.</strong> If you
        lose your phone, sign in with your password and one of these codes instead of a code from
        the app.
      </p>
      <ul className="two-factor__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p className="two-factor__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          Copy the codes
        </button>
        <a
          className="button button--secondary"
          download="boxabroad-recovery-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        >
          Download the codes
        </a>
        {onDone && (
          <button type="button" className="button button--primary" onClick={onDone}>
            I have saved my recovery codes
          </button>
        )}
      </p>
      <p role="status">{copied ? 'Copied.' : ''}</p>
    </div>
  );
}
