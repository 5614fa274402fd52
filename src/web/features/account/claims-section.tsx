import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  answerClaim,
  getClaimOptions,
  listClaims,
  type ClaimOptions,
  type ClaimView,
} from '#src/domain/api/claims.js';
import {
  CLAIM_STATE_REGISTRY,
  CLAIM_TARGET_TIMES,
  DAMAGE_CLAIM_DAYS,
  LOST_AFTER_WORKING_DAYS,
  type ClaimState,
} from '#src/domain/claims.js';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { formatLondon } from '#src/domain/london-time.js';
import { formatPence } from '#src/domain/money.js';
import { hrefOf } from '#src/domain/site-links.js';
import { PageLoading, Spinner } from '../../components/ui/spinner.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { FieldFrame, fieldAria } from '../../components/ui/field-frame.js';
import { asApiError, errorMessage } from '../../lib/error-message.js';
import { Link } from '../../lib/router.js';
import { ClaimBankDetails } from './claim-bank-details.js';
import { ClaimEvidence, type UploadResult } from './claim-evidence.js';
import { ClaimForm, ClaimLines, claimableBoxes } from './claim-form.js';

type Load =
  | { state: 'loading' }
  | { state: 'none' }
  | { state: 'ready'; options: ClaimOptions; claims: ClaimView[] }
  | { state: 'error'; message: string };

/**
 * "Claim for a lost or damaged box" on the account's order page and Manage my booking (never the
 * shared tracking page): what a claim needs before it starts, the claim form once a box can be
 * claimed, and each claim followed like tracking (docs/claims.md, "Pages").
 */
export function ClaimsSection({ orderId }: { orderId: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  const [starting, setStarting] = useState(false);
  /** The claim just made here, and what became of the files sent with it. */
  const [opened, setOpened] = useState<{ id: string; results: UploadResult[] } | null>(null);
  const startButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([
      callApi(getClaimOptions, { params: { id: orderId }, signal }),
      callApi(listClaims, { params: { id: orderId }, signal }),
    ])
      .then(([options, { claims }]) => setLoad({ state: 'ready', options, claims }))
      .catch((error: unknown) => {
        if (signal.aborted) return;
        // Not booked (yet): nothing to claim for.
        if (error instanceof ApiClientError && error.status === 409) setLoad({ state: 'none' });
        else setLoad({ state: 'error', message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [orderId, version]);

  if (load.state === 'none') return null;
  if (load.state === 'loading') return <PageLoading label="Loading your claims" />;
  if (load.state === 'error') {
    return (
      <section className="claims" aria-labelledby="claims-heading">
        <h2 id="claims-heading">Claim for a lost or damaged box</h2>
        <p className="field__error" role="alert">
          {load.message}
        </p>
      </section>
    );
  }
  const { options, claims } = load;
  const claimable = claimableBoxes(options);
  if (claims.length === 0 && claimable.length === 0) return null;
  const reload = () => setVersion((v) => v + 1);

  return (
    <section className="claims" aria-labelledby="claims-heading">
      <h2 id="claims-heading">Claim for a lost or damaged box</h2>
      {[...claims].reverse().map((claim) => (
        <ClaimCard
          key={claim.id}
          claim={claim}
          opened={claim.id === opened?.id ? opened.results : null}
          onChanged={reload}
        />
      ))}
      {claimable.length > 0 &&
        (starting ? (
          <ClaimForm
            options={options}
            onOpened={(claim, results) => {
              setStarting(false);
              setOpened({ id: claim.id, results });
              reload();
            }}
            onCancel={() => {
              setStarting(false);
              requestAnimationFrame(() => startButton.current?.focus());
            }}
          />
        ) : (
          <div className="claims__start">
            <ClaimIntro options={options} />
            <button
              ref={startButton}
              type="button"
              className="button button--primary"
              onClick={() => setStarting(true)}
            >
              Start a claim
            </button>
          </div>
        ))}
    </section>
  );
}

/** What to know before starting: the time limits, the evidence, how long a decision takes. */
function ClaimIntro({ options }: { options: ClaimOptions }) {
  const T = CLAIM_TARGET_TIMES;
  return (
    <div className="claims__intro">
      <h3>Before you start</h3>
      <ul>
        <li>
          <strong>Time limits</strong>: a damaged box within {DAMAGE_CLAIM_DAYS} days of its
          delivery; a lost box once the courier says it is lost, or after {LOST_AFTER_WORKING_DAYS}{' '}
          working days with no movement past its expected delivery date.
        </li>
        <li>
          <strong>Evidence</strong>: photos of the damage and of the packaging, and proof of each
          item’s value (a receipt or an invoice), as JPEG, PNG, HEIC or PDF files from your phone or
          computer. Keep the box, its packaging and the goods until the claim is decided.
        </li>
        <li>
          <strong>A decision</strong>: we look at your claim within {T.firstLookWorkingDays} working
          days; when we send it to the courier, it answers within {T.courierAnswerWorkingDays}{' '}
          working days; an approved claim is paid within {T.paymentWorkingDays} working days. We
          email you at each step.
        </li>
        <li>
          <strong>What it can pay</strong>: the value you declared for the items, less what the
          cover does not pay for, at most the cover left on this order,{' '}
          {formatPence(options.coverLeftPence)}.
        </li>
      </ul>
      <p>
        The full rules are in our{' '}
        <Link to={hrefOf('terms', undefined, undefined, 'terms-cover')}>
          Terms, “Cover and claims”
        </Link>
        .
      </p>
    </div>
  );
}

/** The steps a claim goes through, in order; a decline ends it instead of approval and payment. */
const STEPS: readonly ClaimState[] = ['submitted', 'with_courier', 'approved', 'paid'];

/** The latest thing an operator asked of the customer. */
function latestQuestion(claim: ClaimView): string | null {
  return claim.events.findLast((e) => e.kind === 'operator_request')?.text ?? null;
}

/** One claim, followed like tracking: its state and target, its steps, decision, payment and history. */
function ClaimCard({
  claim,
  opened,
  onChanged,
}: {
  claim: ClaimView;
  /** Set for the claim just made on this page: what became of the files sent with it. */
  opened: UploadResult[] | null;
  onChanged: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus comes to the claim's heading when it is just made, and when the answer form the
  // customer sent from is gone (the claim, reloaded, says what happens next).
  const [answered, setAnswered] = useState(false);
  const focus = opened !== null || answered;
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, claim.state]);
  const headingId = `claim-${claim.id}-heading`;
  const record = CLAIM_STATE_REGISTRY[claim.state as ClaimState];
  const reached = new Set(claim.events.flatMap((e) => (e.state ? [e.state] : [])));
  const steps: ClaimState[] =
    claim.state === 'declined'
      ? [
          'submitted',
          ...(reached.has('with_courier') ? (['with_courier'] as const) : []),
          'declined',
        ]
      : [...STEPS];
  if (claim.state === 'more_info_needed' || reached.has('more_info_needed')) {
    steps.splice(steps.indexOf('submitted') + 1, 0, 'more_info_needed');
  }
  const question = claim.state === 'more_info_needed' ? latestQuestion(claim) : null;

  return (
    <section className="claim" aria-labelledby={headingId} data-testid="claim">
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Claim for box {claim.boxNumber}: {claim.kind === 'lost' ? 'lost' : 'damaged'}
      </h3>
      <div className={`tracking-status tracking-status--${record.final ? 'done' : 'normal'}`}>
        <p className="tracking-status__title">
          Status: <span data-testid="claim-status">{claim.label}</span>
        </p>
        <p>{claim.sentence}</p>
        {claim.dueBy && (
          <p data-testid="claim-due">
            {claim.state === 'more_info_needed'
              ? `Please answer by ${formatCalendarDate(claim.dueBy)}.`
              : `Next step by ${formatCalendarDate(claim.dueBy)}.`}
          </p>
        )}
      </div>

      <ol className="claim-steps" aria-label="Steps of this claim">
        {steps.map((step) => {
          const done = reached.has(step) && step !== claim.state;
          const current = step === claim.state;
          return (
            <li
              key={step}
              className={`claim-steps__step${done ? ' claim-steps__step--done' : ''}${current ? ' claim-steps__step--current' : ''}`}
              aria-current={current ? 'step' : undefined}
            >
              {CLAIM_STATE_REGISTRY[step].label}
              <span className="visually-hidden">
                {current ? ' (now)' : done ? ' (done)' : ' (not yet)'}
              </span>
            </li>
          );
        })}
      </ol>

      {claim.decision && <Decision claim={claim} decision={claim.decision} />}
      {claim.payment && <Payment claim={claim} payment={claim.payment} />}
      {claim.payment?.method === 'bank' && <ClaimBankDetails claim={claim} onChanged={onChanged} />}

      {question !== null && (
        <AnswerForm
          claim={claim}
          question={question}
          onAnswered={() => {
            setAnswered(true);
            onChanged();
          }}
        />
      )}

      <ClaimEvidence claim={claim} results={opened ?? []} onChanged={onChanged} />

      <h4>What you claimed for</h4>
      <ClaimLines amount={claim} />

      <h4>History</h4>
      <ol className="tracking-timeline" aria-label="History of this claim, latest first">
        {[...claim.events].reverse().map((event, index) => (
          <li key={`${event.at}-${index}`} className="tracking-timeline__event">
            <p className="tracking-timeline__when">
              <time dateTime={event.at}>{formatLondon(event.at, 'short')}</time>
            </p>
            <p className="tracking-timeline__what">
              {event.state
                ? CLAIM_STATE_REGISTRY[event.state as ClaimState].label
                : EVENT_BY[event.by]}
            </p>
            <p className="tracking-timeline__reason">{event.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

const EVENT_BY: Record<ClaimView['events'][number]['by'], string> = {
  customer: 'You wrote',
  operator: 'We asked',
  site: 'BoxAbroad',
};

function Decision({
  claim,
  decision: d,
}: {
  claim: ClaimView;
  decision: NonNullable<ClaimView['decision']>;
}) {
  if (claim.state === 'declined') {
    return (
      <div className="claim__decision" data-testid="claim-decision">
        <h4>Why it was declined</h4>
        <p>{d.reason}</p>
        {d.ruleText && <p>The rule: {d.ruleText}</p>}
      </div>
    );
  }
  return (
    <div className="claim__decision" data-testid="claim-decision">
      <h4>Approved {d.extent === 'part' ? 'in part' : 'in full'}</h4>
      <p>
        {d.amountPence !== null && <strong>{formatPence(d.amountPence)}</strong>}. {d.reason}
      </p>
    </div>
  );
}

/** How and when the claim is (or was) paid. */
function Payment({
  claim,
  payment: p,
}: {
  claim: ClaimView;
  payment: NonNullable<ClaimView['payment']>;
}) {
  const how =
    p.method === 'refund'
      ? 'a refund to the card you paid with'
      : p.paidAt
        ? 'bank transfer to your UK bank account'
        : 'bank transfer to a UK bank account you give us';
  return (
    <div className="claim__payment" data-testid="claim-payment">
      <h4>Payment</h4>
      {p.paidAt ? (
        <p>
          Paid by {how} on {formatLondon(p.paidAt, 'day')}
          {p.method === 'refund' ? ': it can take a few days to show on your statement.' : '.'}
        </p>
      ) : (
        <p>
          To be paid by {how}
          {claim.dueBy ? ` by ${formatCalendarDate(claim.dueBy)}` : ''}.
        </p>
      )}
    </div>
  );
}

/** The customer's answer to a request for more information, on the claim's own page. */
function AnswerForm({
  claim,
  question,
  onAnswered,
}: {
  claim: ClaimView;
  question: string;
  onAnswered: () => void;
}) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = `claim-${claim.id}-answer`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!message.trim()) {
      setError('Write your answer');
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await callApi(answerClaim, {
        params: { id: claim.orderId, claimId: claim.id },
        body: { message: message.trim() },
      });
      onAnswered();
    } catch (caught) {
      const refused = asApiError(caught);
      setError(refused.fields.message ?? refused.message);
      setBusy(false);
      field.current?.focus();
    }
  };

  return (
    <form className="claim__answer" aria-labelledby={`${id}-heading`} noValidate onSubmit={submit}>
      <h4 id={`${id}-heading`}>We need more from you</h4>
      <blockquote className="claim__question">{question}</blockquote>
      <FieldFrame id={id} label="Your answer" error={error} wide alert>
        <textarea
          ref={field}
          id={id}
          className="field__input field__input--textarea"
          rows={4}
          maxLength={4000}
          value={message}
          {...fieldAria(id, error)}
          onChange={(event) => setMessage(event.target.value)}
        />
      </FieldFrame>
      <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
        {busy ? <Spinner label="Sending your answer" /> : 'Send answer'}
      </button>
    </form>
  );
}
