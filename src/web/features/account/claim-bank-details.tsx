import { useState, type FormEvent } from 'react';
import { useFocusOnCount } from '../../lib/use-focus-on-count.js';
import { giveClaimBankDetails, type ClaimView } from '#src/domain/api/claims.js';
import { Spinner } from '../../components/ui/spinner.js';
import { TextField } from '../../components/ui/text-field.js';
import { callApi } from '../../lib/api.js';
import { asApiError, fieldErrors } from '../../lib/error-message.js';

type Field = 'accountName' | 'sortCode' | 'accountNumber';
const FIELDS: readonly { name: Field; label: string; hint?: string; numeric?: boolean }[] = [
  { name: 'accountName', label: 'Name on the account' },
  { name: 'sortCode', label: 'Sort code', hint: '6 digits, like 12-34-56', numeric: true },
  { name: 'accountNumber', label: 'Account number', hint: '8 digits', numeric: true },
];

/**
 * The UK bank account a claim approved above what the card can take back is paid to: checked on
 * the server with the published modulus rules, kept encrypted, then shown only masked.
 */
export function ClaimBankDetails({
  claim,
  onChanged,
}: {
  claim: ClaimView;
  onChanged: () => void;
}) {
  const [changing, setChanging] = useState(false);
  const masked = claim.bankDetails;
  if (masked && !changing) {
    return (
      <div className="claim__bank" data-testid="claim-bank-details">
        <h4>Your bank account</h4>
        <p>
          {masked.accountName}, sort code {masked.sortCode}, account {masked.accountNumber}
        </p>
        {!claim.payment?.paidAt && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setChanging(true)}
          >
            Change bank details
          </button>
        )}
      </div>
    );
  }
  if (!claim.bankDetailsNeeded && !changing) return null;
  return (
    <BankDetailsForm
      claim={claim}
      onSaved={() => {
        setChanging(false);
        onChanged();
      }}
    />
  );
}

function BankDetailsForm({ claim, onSaved }: { claim: ClaimView; onSaved: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({
    accountName: '',
    sortCode: '',
    accountNumber: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const id = `claim-${claim.id}-bank`;
  // The refusal takes the focus on every refused try (the claim's headings are h3 and h4: no
  // error summary with its h2 here).
  const alert = useFocusOnCount<HTMLParagraphElement>(attempt);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await callApi(giveClaimBankDetails, {
        params: { id: claim.orderId, claimId: claim.id },
        body: values,
      });
      setErrors({});
      onSaved();
    } catch (caught) {
      const error = asApiError(caught);
      setErrors(
        fieldErrors(
          error,
          FIELDS.map((field) => field.name),
        ),
      );
      setProblem(error.message);
      setAttempt((a) => a + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="claim__bank" aria-labelledby={`${id}-heading`} noValidate onSubmit={submit}>
      <h4 id={`${id}-heading`}>Where should we pay your claim?</h4>
      <p>
        The claim pays more than we can refund to your card, so we pay it by bank transfer to a UK
        account. We keep the details encrypted, show them only masked, and delete them once the
        payment is made.
      </p>
      {problem && (
        <p className="field__error" role="alert" tabIndex={-1} ref={alert}>
          {problem}
        </p>
      )}
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          id={`${id}-${f.name}`}
          label={f.label}
          hint={f.hint}
          value={values[f.name]}
          error={errors[f.name]}
          inputMode={f.numeric ? 'numeric' : undefined}
          autoComplete="off"
          maxLength={f.name === 'accountName' ? 70 : 20}
          onChange={(value) => {
            setValues((v) => ({ ...v, [f.name]: value }));
            setErrors((e) => ({ ...e, [f.name]: undefined }));
          }}
        />
      ))}
      <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
        {busy ? <Spinner label="Checking your bank details" /> : 'Save bank details'}
      </button>
    </form>
  );
}
