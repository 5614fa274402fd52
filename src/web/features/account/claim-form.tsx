import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  openClaim,
  quoteClaim,
  type ClaimOptions,
  type ClaimView,
} from '#src/domain/api/claims.js';
import { CLAIM_KINDS, type ClaimKind } from '#src/domain/claims.js';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { formatPence } from '#src/domain/money.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { Spinner } from '../../components/ui/spinner.js';
import { callApi } from '../../lib/api.js';
import { asApiError, fieldErrors } from '../../lib/error-message.js';
import {
  EVIDENCE_RULE,
  EvidencePickers,
  uploadEvidence,
  type ChosenFile,
  type UploadResult,
} from './claim-evidence.js';
import { CLAIM_EVIDENCE_KINDS } from '#src/domain/claims.js';

type Box = ClaimOptions['boxes'][number];
type Amount = Awaited<ReturnType<typeof quoteAmount>>;

const KIND_TEXT: Record<ClaimKind, string> = {
  damaged: 'It arrived damaged',
  lost: 'It is lost',
};

/** How long the page waits after a change of the items before it asks what they pay. */
const QUOTE_DELAY_MS = 250;

const quoteAmount = (orderId: string, items: { itemId: string; units: number }[]) =>
  callApi(quoteClaim, { params: { id: orderId }, body: { items } });

/** A box that can be claimed for now: one of its kinds is open and no claim is open on it. */
export function claimableBoxes(options: ClaimOptions): Box[] {
  return options.boxes.filter(
    (box) => box.openClaimId === null && (box.lost.eligible || box.damaged.eligible),
  );
}

/** What the box's tracking says, beside its choice. */
function boxFacts(box: Box): string {
  if (box.deliveredOn) return `delivered ${formatCalendarDate(box.deliveredOn)}`;
  if (box.courierSaysLost) return 'the courier says it is lost';
  return box.expectedDelivery
    ? `expected ${formatCalendarDate(box.expectedDelivery)}, not delivered`
    : 'not delivered';
}

type Errors = { boxNumber?: string; kind?: string; items?: string; description?: string };

/**
 * The claim form (docs/claims.md, "Pages"): the box and what happened to it, the items from the
 * order's own declaration with how many of each, what the claim can pay worked out by the server as
 * they are chosen (each item the cover leaves out or caps with its reason), what happened, then
 * the claim is sent. Whatever the page shows, the server works the amount out again.
 */
export function ClaimForm({
  options,
  onOpened,
  onCancel,
}: {
  options: ClaimOptions;
  /** The claim is made; `results` says what became of each file sent with it. */
  onOpened: (claim: ClaimView, results: UploadResult[]) => void;
  onCancel: () => void;
}) {
  const boxes = claimableBoxes(options);
  const [boxNumber, setBoxNumber] = useState<number | null>(
    boxes.length === 1 ? (boxes[0]?.number ?? null) : null,
  );
  const box = boxes.find((b) => b.number === boxNumber) ?? null;
  const eligibleKinds = box ? CLAIM_KINDS.filter((k) => box[k].eligible) : [];
  const [kind, setKind] = useState<ClaimKind | null>(null);
  const onlyKind = eligibleKinds.length === 1 ? (eligibleKinds[0] ?? null) : null;
  const chosenKind = kind && eligibleKinds.includes(kind) ? kind : onlyKind;
  const [units, setUnits] = useState<Record<string, string>>({});
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [sending, setSending] = useState<number | null>(null);
  const [requestKey] = useState(() => crypto.randomUUID());
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const chosen = options.items
    .filter((item) => units[item.itemId] !== undefined)
    .map((item) => ({ itemId: item.itemId, units: Number(units[item.itemId]) }));
  const chosenKey = JSON.stringify(chosen);
  const amount = useQuote(options.orderId, chosen, chosenKey);

  const toggleItem = (itemId: string, on: boolean, all: number) => {
    setUnits((current) => {
      const others = Object.entries(current).filter(([id]) => id !== itemId);
      return Object.fromEntries(on ? [...others, [itemId, String(all)]] : others);
    });
    setErrors((e) => ({ ...e, items: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!box) found.boxNumber = 'Choose the box you are claiming for.';
    else if (!chosenKind) found.kind = 'Choose what happened to the box.';
    if (chosen.length === 0) found.items = 'Choose the items you are claiming for.';
    if (!description.trim()) found.description = 'Say what happened';
    setErrors(found);
    setProblem(null);
    setAttempt((a) => a + 1);
    if (Object.keys(found).length > 0 || !box || !chosenKind) return;
    setBusy(true);
    try {
      const claim = await callApi(openClaim, {
        params: { id: options.orderId },
        body: {
          boxNumber: box.number,
          kind: chosenKind,
          items: chosen,
          description: description.trim(),
          requestKey,
        },
      });
      setSending(0);
      onOpened(claim, await uploadEvidence(claim, files, setSending));
    } catch (caught) {
      const error = asApiError(caught);
      setErrors(fieldErrors(error, ['boxNumber', 'kind', 'items', 'description']));
      setProblem(error.message);
      setAttempt((a) => a + 1);
      setBusy(false);
    }
  };

  const summaryErrors = (
    [
      ['boxNumber', 'claim-box'],
      ['kind', 'claim-kind'],
      ['items', 'claim-items'],
      ['description', 'claim-description'],
    ] as const
  ).flatMap(([name, fieldId]) => {
    const message = errors[name];
    return message ? [{ fieldId, message }] : [];
  });

  return (
    <form className="claim-form" aria-labelledby="claim-form-heading" noValidate onSubmit={submit}>
      <h3 id="claim-form-heading" ref={heading} tabIndex={-1}>
        Your claim
      </h3>
      <ErrorSummary message={problem} errors={summaryErrors} focusKey={attempt} />

      <fieldset className={`claim-form__group${errors.boxNumber ? ' field--error' : ''}`}>
        <legend className="field__label">Which box?</legend>
        {errors.boxNumber && <p className="field__error">{errors.boxNumber}</p>}
        {boxes.map((b, index) => (
          <div className="choice" key={b.number}>
            <input
              type="radio"
              id={index === 0 ? 'claim-box' : `claim-box-${b.number}`}
              name="claim-box"
              checked={boxNumber === b.number}
              onChange={() => {
                setBoxNumber(b.number);
                setErrors((e) => ({ ...e, boxNumber: undefined }));
              }}
            />
            <label htmlFor={index === 0 ? 'claim-box' : `claim-box-${b.number}`}>
              Box {b.number} ({b.trackingNumber}): {boxFacts(b)}
            </label>
          </div>
        ))}
      </fieldset>

      {box && (
        <fieldset className={`claim-form__group${errors.kind ? ' field--error' : ''}`}>
          <legend className="field__label">What happened to box {box.number}?</legend>
          {errors.kind && <p className="field__error">{errors.kind}</p>}
          {CLAIM_KINDS.map((k, index) => {
            const eligibility = box[k];
            const id = index === 0 ? 'claim-kind' : `claim-kind-${k}`;
            return (
              <div className="choice" key={k}>
                <input
                  type="radio"
                  id={id}
                  name="claim-kind"
                  disabled={!eligibility.eligible}
                  checked={chosenKind === k}
                  aria-describedby={eligibility.eligible ? undefined : `${id}-why`}
                  onChange={() => {
                    setKind(k);
                    setErrors((e) => ({ ...e, kind: undefined }));
                  }}
                />
                <label htmlFor={id}>
                  {KIND_TEXT[k]}
                  {!eligibility.eligible && (
                    <span className="choice__note" id={`${id}-why`}>
                      {' '}
                      ({eligibility.reason}
                      {eligibility.from
                        ? ` You can claim from ${formatCalendarDate(eligibility.from)}.`
                        : ''}
                      )
                    </span>
                  )}
                </label>
              </div>
            );
          })}
        </fieldset>
      )}

      <fieldset className={`claim-form__group${errors.items ? ' field--error' : ''}`}>
        <legend className="field__label">Which items?</legend>
        <p className="field__hint">From the items you declared for this order.</p>
        {errors.items && <p className="field__error">{errors.items}</p>}
        <ul className="claim-items">
          {options.items.map((item, index) => {
            const id = index === 0 ? 'claim-items' : `claim-item-${item.itemId}`;
            const picked = units[item.itemId] !== undefined;
            return (
              <li key={item.itemId} className="claim-items__item">
                <div className="choice">
                  <input
                    type="checkbox"
                    id={id}
                    checked={picked}
                    onChange={(event) => toggleItem(item.itemId, event.target.checked, item.units)}
                  />
                  <label htmlFor={id}>
                    {item.name}: {item.units} × {formatPence(item.unitValuePence)}, declared{' '}
                    {formatPence(item.declaredPence)}
                  </label>
                </div>
                {picked && item.units > 1 && (
                  <div className="field claim-items__units">
                    <label className="field__label" htmlFor={`${id}-units`}>
                      How many of {item.name}
                    </label>
                    <select
                      id={`${id}-units`}
                      className="field__input"
                      value={units[item.itemId]}
                      onChange={(event) =>
                        setUnits((current) => ({ ...current, [item.itemId]: event.target.value }))
                      }
                    >
                      {Array.from({ length: item.units }, (_, i) => i + 1).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>

      <ClaimAmountView amount={amount} chosen={chosen.length > 0} />

      <fieldset className="claim-form__group" aria-describedby="claim-files-rule">
        <legend className="field__label">Photos and proof of value</legend>
        <p className="field__hint" id="claim-files-rule">
          Photos of the damage and of the packaging, and a receipt or invoice for each item.{' '}
          {EVIDENCE_RULE} You can add more after sending the claim.
        </p>
        <EvidencePickers
          idPrefix="claim-files"
          onChosen={(chosen) => setFiles((current) => [...current, ...chosen])}
        />
        {files.length > 0 && (
          <ul className="evidence-list" aria-label="Files to send with the claim">
            {files.map((f, index) => (
              <li key={`${f.file.name}-${index}`}>
                {f.file.name} <span className="muted">({CLAIM_EVIDENCE_KINDS[f.kind]})</span>{' '}
                <button
                  type="button"
                  className="button button--link"
                  onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                >
                  Remove<span className="visually-hidden"> {f.file.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <div className={`field field--wide${errors.description ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor="claim-description">
          What happened
        </label>
        <p className="field__hint" id="claim-description-hint">
          What is damaged and how, or when you last heard of the box.
        </p>
        {errors.description && (
          <p className="field__error" id="claim-description-error">
            {errors.description}
          </p>
        )}
        <textarea
          id="claim-description"
          className="field__input field__input--textarea"
          rows={4}
          maxLength={2000}
          value={description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={`claim-description-hint${errors.description ? ' claim-description-error' : ''}`}
          onChange={(event) => {
            setDescription(event.target.value);
            setErrors((e) => ({ ...e, description: undefined }));
          }}
        />
      </div>

      <div className="button-row">
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
          {sending !== null ? (
            <Spinner
              label={`Sending file ${Math.min(sending + 1, files.length)} of ${files.length}`}
            />
          ) : busy ? (
            <Spinner label="Sending your claim" />
          ) : (
            'Send claim'
          )}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Not now
        </button>
      </div>
    </form>
  );
}

type Quote =
  | { state: 'none' }
  | { state: 'asking' }
  | { state: 'ready'; amount: Amount }
  | { state: 'error'; message: string };

/** What the chosen items pay, asked of the server each time the choice (its `key`) changes. */
function useQuote(
  orderId: string,
  chosen: { itemId: string; units: number }[],
  key: string,
): Quote {
  const [answer, setAnswer] = useState<{ key: string; quote: Quote } | null>(null);
  const none = chosen.length === 0;
  useEffect(() => {
    if (none) return;
    let live = true;
    const timer = setTimeout(() => {
      quoteAmount(orderId, chosen)
        .then((amount) => live && setAnswer({ key, quote: { state: 'ready', amount } }))
        .catch(
          (error: unknown) =>
            live &&
            setAnswer({ key, quote: { state: 'error', message: asApiError(error).message } }),
        );
    }, QUOTE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `chosen` is new each render; `key` is what it says.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, key, none]);
  if (none) return { state: 'none' };
  // The last answer stays shown while the next is asked, so the amount does not flicker.
  if (answer && (answer.key === key || answer.quote.state === 'ready')) return answer.quote;
  return { state: 'asking' };
}

/** The items chosen, line by line, with what the claim can pay: announced as it changes. */
function ClaimAmountView({ amount, chosen }: { amount: Quote; chosen: boolean }) {
  return (
    <div className="claim-amount" aria-live="polite">
      {!chosen ? (
        <p className="muted">Choose items to see what the claim can pay.</p>
      ) : amount.state === 'error' ? (
        <p className="field__error">{amount.message}</p>
      ) : amount.state === 'ready' ? (
        <ClaimLines amount={amount.amount} />
      ) : (
        <Spinner label="Working out what the claim can pay" />
      )}
    </div>
  );
}

/** A claim's lines and what it pays, with each item the cover leaves out or caps, and why. */
export function ClaimLines({
  amount,
}: {
  amount: Pick<Amount, 'lines' | 'payablePence'> & {
    coverLeftPence?: number;
    cappedBy?: Amount['cappedBy'];
  };
}) {
  return (
    <>
      <ul className="claim-lines">
        {amount.lines.map((line) => (
          <li key={line.itemId} className="claim-lines__line">
            <span className="claim-lines__name">
              {line.units} × {line.name}
            </span>{' '}
            <span className="claim-lines__amount">
              declared {formatPence(line.declaredPence)}
              {line.excluded
                ? `: ${line.excluded.covered === 'nothing' ? 'not covered' : `capped at ${formatPence(line.payablePence)}`}`
                : `: ${formatPence(line.payablePence)}`}
            </span>
            {line.excluded && <span className="claim-lines__reason">{line.excluded.reason}</span>}
          </li>
        ))}
      </ul>
      {amount.cappedBy === 'over-cover' && amount.coverLeftPence !== undefined && (
        <p className="claim-lines__reason">
          The cover left on this order is {formatPence(amount.coverLeftPence)}: the claim can pay no
          more.
        </p>
      )}
      <p className="claim-amount__total" data-testid="claim-payable">
        The claim can pay <strong>{formatPence(amount.payablePence)}</strong>
      </p>
    </>
  );
}
