import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  approveClaim,
  askClaimInfo,
  declineClaim,
  downloadAdminClaimEvidence,
  getAdminClaim,
  getClaimEvidencePack,
  recordClaimBankPayment,
  revealClaimBankDetails,
  sendClaimToCourier,
} from '#src/domain/api/claims.js';
import { routeUrl } from '#src/domain/api/route.js';
import { getAdminOrder } from '#src/domain/api/admin/orders.js';
import { OPERATOR_REASON_MAX } from '#src/domain/api/admin/console.js';
import {
  CLAIM_RULES,
  CLAIM_STATE_REGISTRY,
  type ClaimRule,
  type ClaimState,
} from '#src/domain/claims.js';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { formatLondon } from '#src/domain/london-time.js';
import { formatPence } from '#src/domain/money.js';
import { DEFAULT_COVER_SETTINGS, extraCoverText, formatWholePounds } from '#src/domain/pricing.js';
import { hrefOf } from '#src/domain/site-links.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { readPounds } from '#src/domain/typed-pounds.js';
import { ColumnHeads } from '../../components/ui/column-heads.js';
import { FieldFrame, fieldAria, FramedInput } from '../../components/ui/field-frame.js';
import { callApi } from '../../lib/api.js';
import { asApiError } from '../../lib/error-message.js';
import { Link, useParams } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { Fact } from './fact.js';
import { RecordPage } from './record-page.js';
import { OrderTracking } from './order-tracking.js';
import { StaffOnly } from './staff-only.js';
import { useLoad } from './use-load.js';
import '../tracking/tracking.css';
import { EvidenceList } from '../account/index.js';

type AdminClaim = Awaited<ReturnType<typeof loadClaim>>;
const loadClaim = (claimId: string, signal?: AbortSignal) =>
  callApi(getAdminClaim, { params: { claimId }, signal });

/** `/admin/claims/:claimId`: one claim, what it rests on, and what an operator may do with it. */
export function AdminClaimPage() {
  const { claimId = '' } = useParams();
  usePageTitle(SITE_PAGES.adminClaim.title);
  return <StaffOnly>{() => <ClaimView claimId={claimId} />}</StaffOnly>;
}

function ClaimView({ claimId }: { claimId: string }) {
  const [load, , replace] = useLoad((signal) => loadClaim(claimId, signal), claimId);
  const [done, setDone] = useState<string | null>(null);
  const claim = load.state === 'ready' ? load.data : null;
  const title = claim ? `Claim on order ${claim.reference}, box ${claim.boxNumber}` : 'Claim';
  return (
    <RecordPage kind="claims" title={title} load={load} done={done}>
      {claim && (
        <ClaimBody
          claim={claim}
          onChanged={(next, message) => {
            replace(next);
            setDone(message);
          }}
        />
      )}
    </RecordPage>
  );
}

const BY_TEXT = { customer: 'Customer', operator: 'Operator', site: 'Site' } as const;

function ClaimBody({
  claim,
  onChanged,
}: {
  claim: AdminClaim;
  onChanged: (next: AdminClaim, message: string) => void;
}) {
  const [order] = useLoad(
    (signal) => callApi(getAdminOrder, { params: { id: claim.orderId }, signal }),
    claim.orderId,
  );
  const coverPence = order.state === 'ready' ? order.data.order.coverPence : undefined;
  return (
    <>
      <dl className="facts">
        <Fact term="Status">
          <span className={`status status--claim-${claim.state}`} data-testid="admin-claim-status">
            {claim.label}
          </span>
          {claim.dueBy && <> · due by {formatCalendarDate(claim.dueBy)}</>}
        </Fact>
        <Fact term="Order">
          <Link to={hrefOf('adminOrder', { id: claim.orderId })}>{claim.reference}</Link>
        </Fact>
        <Fact term="Box">
          Box {claim.boxNumber} ({claim.trackingNumber}), {claim.kind}
        </Fact>
        <Fact term="Submitted">{formatLondon(claim.submittedAt, 'short')}</Fact>
        <Fact term="Cover">
          {coverPence === undefined
            ? '…'
            : coverPence === null
              ? `${formatWholePounds(DEFAULT_COVER_SETTINGS.includedPence)}, included`
              : extraCoverText(coverPence)}
        </Fact>
        <Fact term="The claim can pay">
          <span data-testid="admin-claim-payable">{formatPence(claim.payablePence)}</span> (items{' '}
          {formatPence(claim.itemsPence)})
        </Fact>
        <Fact term="Left to refund on the card">{formatPence(claim.refundablePence)}</Fact>
        {claim.courierClaimReference && (
          <Fact term="Courier’s claim reference">{claim.courierClaimReference}</Fact>
        )}
        {claim.decision && (
          <Fact term="Decision">
            {claim.decision.amountPence !== null &&
              `${claim.decision.extent === 'part' ? 'In part' : 'In full'}: ${formatPence(claim.decision.amountPence)}. `}
            {claim.decision.reason}
            {claim.decision.ruleText && ` (${claim.decision.ruleText})`}
            {claim.decidedByEmail && <span className="muted"> by {claim.decidedByEmail}</span>}
          </Fact>
        )}
        {claim.payment && (
          <Fact term="Payment">
            {claim.payment.method === 'refund' ? 'Refund to the card' : 'Bank transfer'}
            {claim.payment.paidAt
              ? `, paid ${formatLondon(claim.payment.paidAt, 'short')}`
              : ', not paid yet'}
            {claim.payment.bankReference && ` (bank reference ${claim.payment.bankReference})`}
          </Fact>
        )}
      </dl>

      <section aria-labelledby="claim-said-heading" className="console-section">
        <h2 id="claim-said-heading">What the customer said</h2>
        <p className="claim__description">{claim.description}</p>
      </section>

      <section aria-labelledby="claim-items-heading" className="console-section">
        <h2 id="claim-items-heading">Items claimed, from the order’s declaration</h2>
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">Items claimed</caption>
            <ColumnHeads names={['Item', 'Units', 'Declared', 'The cover pays', 'Why not more']} />
            <tbody>
              {claim.lines.map((line) => (
                <tr key={line.itemId}>
                  <th scope="row">{line.name}</th>
                  <td>{line.units}</td>
                  <td>{formatPence(line.declaredPence)}</td>
                  <td>{formatPence(line.payablePence)}</td>
                  <td>{line.excluded?.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="claim-declaration-heading" className="console-section">
        <h2 id="claim-declaration-heading">The order’s declaration</h2>
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">Every item the order declared</caption>
            <ColumnHeads names={['Item', 'Description', 'Units', 'Value each', 'Value']} />
            <tbody>
              {claim.declaration.map((item) => (
                <tr key={item.itemId}>
                  <th scope="row">{item.name}</th>
                  <td>{item.description}</td>
                  <td>{item.units}</td>
                  <td>{formatPence(item.unitValuePence)}</td>
                  <td>{formatPence(item.unitValuePence * item.units)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <ClaimEvidenceFiles claim={claim} />

      <ClaimActions claim={claim} onChanged={onChanged} />

      <section aria-labelledby="claim-timeline-heading" className="console-section">
        <h2 id="claim-timeline-heading">Timeline</h2>
        <ol className="timeline">
          {claim.events.map((event, index) => (
            <li key={index} className="timeline__entry">
              <time dateTime={event.at}>{formatLondon(event.at, 'short')}</time>{' '}
              <span className="timeline__kind">
                {event.state
                  ? CLAIM_STATE_REGISTRY[event.state as ClaimState].label
                  : BY_TEXT[event.by]}
              </span>{' '}
              {event.text}
            </li>
          ))}
        </ol>
      </section>

      <OrderTracking orderId={claim.orderId} />
    </>
  );
}

type Changed = (next: AdminClaim, message: string) => void;

/** The moves the claim's state allows, each a form of its own with the reason it asks. */
function ClaimActions({ claim, onChanged }: { claim: AdminClaim; onChanged: Changed }) {
  const next: readonly string[] = CLAIM_STATE_REGISTRY[claim.state as ClaimState].next;
  const bankDue =
    claim.state === 'approved' && claim.payment?.method === 'bank' && !claim.payment.paidAt;
  const params = { claimId: claim.id };
  // An approved claim paid by a refund waits for the card provider: nothing to do here.
  if (!bankDue && !next.some((state) => state !== 'paid')) return null;
  return (
    <section aria-labelledby="claim-actions-heading" className="console-section claim-actions">
      <h2 id="claim-actions-heading">Actions</h2>
      {next.includes('more_info_needed') && (
        <ActionForm
          id="ask"
          title="Ask the customer for more information"
          reasonLabel="What do you need from the customer? (emailed to them)"
          submit="Ask for more information"
          send={(reason) => callApi(askClaimInfo, { params, body: { reason } })}
          done="The customer has been asked and emailed."
          onChanged={onChanged}
        />
      )}
      {next.includes('with_courier') && <CourierForm claim={claim} onChanged={onChanged} />}
      {next.includes('approved') && <ApproveForm claim={claim} onChanged={onChanged} />}
      {next.includes('declined') && <DeclineForm claim={claim} onChanged={onChanged} />}
      {bankDue && <BankDetailsReveal claim={claim} />}
      {bankDue && <BankPaymentForm claim={claim} onChanged={onChanged} />}
    </section>
  );
}

/**
 * One action: its own fields, then the reason (kept in the claim's timeline and the audit log);
 * the server's refusal shown at its field, or above the button.
 */
function ActionForm({
  id,
  title,
  reasonLabel = 'Reason (kept in the claim’s timeline and the audit log)',
  submit,
  send,
  done,
  onChanged,
  children,
  check,
}: {
  id: string;
  title: string;
  reasonLabel?: string;
  submit: string;
  send: (reason: string) => Promise<AdminClaim>;
  done: string | ((next: AdminClaim) => string);
  onChanged: Changed;
  children?: ReactNode;
  /** A problem with the action's own fields before anything is sent: [field id, message]. */
  check?: () => [string, string] | null;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const reasonId = `${id}-reason`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const problem = check?.();
    if (problem) {
      document.getElementById(problem[0])?.focus();
      return;
    }
    if (!reason.trim()) {
      setReasonError('Give a reason');
      document.getElementById(reasonId)?.focus();
      return;
    }
    setReasonError(null);
    setBusy(true);
    try {
      const next = await send(reason.trim());
      setReason('');
      onChanged(next, typeof done === 'string' ? done : done(next));
    } catch (caught) {
      const error = asApiError(caught);
      if (error.fields.reason) {
        setReasonError(error.fields.reason);
        document.getElementById(reasonId)?.focus();
      }
      setFailure(error.message);
      requestAnimationFrame(() => failureRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="claim-action" aria-labelledby={`${id}-heading`} noValidate onSubmit={onSubmit}>
      <h3 id={`${id}-heading`}>{title}</h3>
      {children}
      <FieldFrame id={reasonId} label={reasonLabel} error={reasonError} wide>
        <textarea
          id={reasonId}
          className="field__input"
          rows={2}
          maxLength={OPERATOR_REASON_MAX}
          value={reason}
          {...fieldAria(reasonId, reasonError)}
          onChange={(event) => setReason(event.target.value)}
        />
      </FieldFrame>
      {failure && (
        <p className="field__error" role="alert" tabIndex={-1} ref={failureRef}>
          {failure}
        </p>
      )}
      <button type="submit" className="button button--secondary" aria-disabled={busy || undefined}>
        {submit}
      </button>
    </form>
  );
}

/** A field's value and error, checked before the action is sent. */
function useChecked(message: string, valid: (value: string) => boolean = (v) => v.trim() !== '') {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    setValue: (v: string) => {
      setValue(v);
      setError(null);
    },
    /** Sets the error when the value is not valid; true when it is. */
    ok: () => {
      const good = valid(value);
      setError(good ? null : message);
      return good;
    },
    setError,
  };
}

/**
 * An action that records a reference given outside the site (the courier's claim, the bank's
 * payment): one required field, sent with the reason; the server's refusal of it shown there.
 */
function ReferenceForm({
  id,
  title,
  submit,
  label,
  missing,
  field,
  send,
  done,
  onChanged,
}: {
  id: string;
  title: string;
  submit: string;
  label: string;
  /** What to say when the reference is left empty. */
  missing: string;
  /** The body's field the server names when it refuses the reference. */
  field: string;
  send: (reference: string, reason: string) => Promise<AdminClaim>;
  done: string;
  onChanged: Changed;
}) {
  const ref = useChecked(missing);
  return (
    <ActionForm
      id={id}
      title={title}
      submit={submit}
      check={() => (ref.ok() ? null : [`${id}-ref`, missing])}
      send={(reason) =>
        send(ref.value.trim(), reason).catch((error: unknown) => {
          const refused = asApiError(error).fields[field];
          if (refused) ref.setError(refused);
          throw error;
        })
      }
      done={done}
      onChanged={onChanged}
    >
      <FramedInput
        id={`${id}-ref`}
        label={label}
        value={ref.value}
        error={ref.error}
        onChange={ref.setValue}
        maxLength={100}
      />
    </ActionForm>
  );
}

function CourierForm({ claim, onChanged }: { claim: AdminClaim; onChanged: Changed }) {
  return (
    <ReferenceForm
      id="courier"
      title="Sent to the courier"
      submit="Record sent to the courier"
      label="The courier’s claim reference"
      missing="Give the courier’s reference"
      field="courierClaimReference"
      send={(courierClaimReference, reason) =>
        callApi(sendClaimToCourier, {
          params: { claimId: claim.id },
          body: { courierClaimReference, reason },
        })
      }
      done="Recorded as sent to the courier."
      onChanged={onChanged}
    />
  );
}

function ApproveForm({ claim, onChanged }: { claim: AdminClaim; onChanged: Changed }) {
  const most = claim.payablePence;
  const [extent, setExtent] = useState<'full' | 'part'>('full');
  const amount = useChecked(
    `Give an amount of more than £0 and less than ${formatPence(most)}`,
    (v) => {
      const read = readPounds(v);
      return 'pence' in read && read.pence > 0 && read.pence < most;
    },
  );
  const pence = () => {
    const read = readPounds(amount.value);
    return extent === 'full' ? most : 'pence' in read ? read.pence : 0;
  };
  const how = (p: number) =>
    p <= claim.refundablePence
      ? 'a refund to the card'
      : 'bank transfer (the customer gives their bank details)';
  return (
    <ActionForm
      id="approve"
      title="Approve"
      submit="Approve the claim"
      check={() => (extent === 'part' && !amount.ok() ? ['approve-amount', 'amount'] : null)}
      send={(reason) =>
        callApi(approveClaim, {
          params: { claimId: claim.id },
          body: { extent, amountPence: pence(), reason },
        }).catch((error: unknown) => {
          const field = asApiError(error).fields.amountPence;
          if (field) amount.setError(field);
          throw error;
        })
      }
      done={(next) =>
        `Approved: ${formatPence(next.decision?.amountPence ?? 0)}, paid by ${next.payment?.method === 'bank' ? 'bank transfer' : 'a refund to the card'}. The customer has been emailed.`
      }
      onChanged={onChanged}
    >
      <fieldset className="claim-action__extent">
        <legend className="field__label">How much</legend>
        <div className="choice">
          <input
            type="radio"
            id="approve-full"
            name="approve-extent"
            checked={extent === 'full'}
            onChange={() => setExtent('full')}
          />
          <label htmlFor="approve-full">
            In full: {formatPence(most)}, paid by {how(most)}
          </label>
        </div>
        <div className="choice">
          <input
            type="radio"
            id="approve-part"
            name="approve-extent"
            checked={extent === 'part'}
            onChange={() => setExtent('part')}
          />
          <label htmlFor="approve-part">In part: less than {formatPence(most)}</label>
        </div>
      </fieldset>
      {extent === 'part' && (
        <FramedInput
          id="approve-amount"
          label="Amount (£)"
          hint={`At most what the cover allows: less than ${formatPence(most)}. Up to ${formatPence(claim.refundablePence)} is refunded to the card; more is paid by bank transfer.`}
          value={amount.value}
          error={amount.error}
          onChange={amount.setValue}
          inputMode="decimal"
          maxLength={100}
        />
      )}
    </ActionForm>
  );
}

const RULE_NAMES = Object.keys(CLAIM_RULES) as ClaimRule[];

function DeclineForm({ claim, onChanged }: { claim: AdminClaim; onChanged: Changed }) {
  const [rule, setRule] = useState<ClaimRule | ''>('');
  const [ruleError, setRuleError] = useState<string | null>(null);
  return (
    <ActionForm
      id="decline"
      title="Decline"
      submit="Decline the claim"
      check={() => {
        if (rule) return null;
        setRuleError('Choose the rule');
        return ['decline-rule', 'Choose the rule'];
      }}
      send={(reason) =>
        callApi(declineClaim, {
          params: { claimId: claim.id },
          body: { rule: rule as ClaimRule, reason },
        })
      }
      done="Declined. The customer has been emailed the reason and the rule."
      onChanged={onChanged}
    >
      <FieldFrame id="decline-rule" label="The rule it rests on" error={ruleError} wide>
        <select
          id="decline-rule"
          className="field__input"
          value={rule}
          {...fieldAria('decline-rule', ruleError)}
          onChange={(event) => {
            setRule(event.target.value as ClaimRule);
            setRuleError(null);
          }}
        >
          <option value="">Choose a rule</option>
          {RULE_NAMES.map((name) => (
            <option key={name} value={name}>
              {CLAIM_RULES[name]}
            </option>
          ))}
        </select>
      </FieldFrame>
    </ActionForm>
  );
}

function BankPaymentForm({ claim, onChanged }: { claim: AdminClaim; onChanged: Changed }) {
  return (
    <ReferenceForm
      id="bank"
      title={`Record the bank payment of ${formatPence(claim.decision?.amountPence ?? 0)}`}
      submit="Record the bank payment"
      label="The bank’s payment reference"
      missing="Give the bank’s reference"
      field="bankReference"
      send={(bankReference, reason) =>
        callApi(recordClaimBankPayment, {
          params: { claimId: claim.id },
          body: { bankReference, reason },
        })
      }
      done="Recorded as paid by bank transfer. The customer has been emailed."
      onChanged={onChanged}
    />
  );
}

/** The claim's files, each a download, and the evidence pack to send to the courier. */
function ClaimEvidenceFiles({ claim }: { claim: AdminClaim }) {
  return (
    <section aria-labelledby="claim-evidence-heading" className="console-section">
      <h2 id="claim-evidence-heading">Evidence</h2>
      <EvidenceList
        files={claim.evidence}
        hrefOf={(file) =>
          routeUrl(downloadAdminClaimEvidence, { claimId: claim.id, fileId: file.id })
        }
      />
      <p>
        <a
          className="button button--secondary"
          href={routeUrl(getClaimEvidencePack, { claimId: claim.id })}
          download={`claim-${claim.reference}-box-${claim.boxNumber}.pdf`}
        >
          Download the evidence pack (PDF)
        </a>{' '}
        <span className="muted">
          The declaration, the cover, the box’s tracking history, the claim and its photos, for the
          courier’s claims portal.
        </span>
      </p>
    </section>
  );
}

type Revealed = Awaited<ReturnType<typeof revealBank>>;
const revealBank = (claimId: string, reason: string) =>
  callApi(revealClaimBankDetails, { params: { claimId }, body: { reason } });

/** The customer's bank account in full, to make the transfer: asked with a reason (audited). */
function BankDetailsReveal({ claim }: { claim: AdminClaim }) {
  const [shown, setShown] = useState<Revealed | null>(null);
  if (!claim.bankDetails) {
    return (
      <p className="claim-action" data-testid="bank-details-awaited">
        The customer has not given a bank account yet: they are asked on their order page.
      </p>
    );
  }
  if (shown) {
    return (
      <section className="claim-action" aria-labelledby="bank-shown-heading">
        <h3 id="bank-shown-heading">Pay by bank transfer</h3>
        <dl className="facts" data-testid="bank-details-revealed">
          <Fact term="Name on the account">{shown.accountName}</Fact>
          <Fact term="Sort code">{shown.sortCode}</Fact>
          <Fact term="Account number">{shown.accountNumber}</Fact>
          <Fact term="Amount">{formatPence(shown.amountPence)}</Fact>
          <Fact term="Payment reference">{shown.reference}</Fact>
        </dl>
      </section>
    );
  }
  return (
    <ActionForm
      id="reveal"
      title={`Bank account: ${claim.bankDetails.accountName}, ${claim.bankDetails.sortCode}, ${claim.bankDetails.accountNumber}`}
      reasonLabel="Why you need the account in full (kept in the audit log)"
      submit="Show the bank details"
      send={async (reason) => {
        setShown(await revealBank(claim.id, reason));
        return claim;
      }}
      done="The bank details are shown below the form: make the transfer, then record it."
      onChanged={() => undefined}
    />
  );
}
