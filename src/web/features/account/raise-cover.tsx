import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import {
  confirmCoverRaise,
  getBookingChanges,
  raiseCover,
  type BookingChanges,
  type CoverRaise,
} from '#src/domain/api/booking-changes.js';
import { COVER_MESSAGE } from '#src/domain/api/cover.js';
import { BOOKING_CHANGE_MESSAGES, coverRaisePricePence } from '#src/domain/booking-changes.js';
import { formatPence } from '#src/domain/money.js';
import type { OrderAddress } from '#src/domain/order.js';
import { coverLimitWords, coverProblem } from '#src/domain/cover.js';
import { formatPercent, formatWholePounds } from '#src/domain/pricing.js';
import { coverText } from '#src/domain/receipt.js';
import { readPounds } from '#src/domain/typed-pounds.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { Spinner } from '../../components/ui/spinner.js';
import { TextField } from '../../components/ui/text-field.js';
import { callApi } from '../../lib/api.js';
import { asApiError, errorMessage } from '../../lib/error-message.js';
import {
  billingFor,
  CardStep,
  CoverExclusionsList,
  poundsText,
  summaryErrors,
  useCardPayment,
} from '../checkout/index.js';

/** While the courier is asked, the page asks how the raise is going this often… */
const POLL_MS = 1_000;
/** …for this long; then less often, saying the page will show the outcome when there is one. */
const PATIENT_MS = 60_000;
const SLOW_POLL_MS = 10_000;
const AMOUNT_ID = 'cover-amount';

/** A raise given up because the courier could not be reached (the job's last attempt). */
type Cover = BookingChanges['cover'];
type Outcome = { ok: boolean; text: string };
/** The raise followed: its change, the cover asked and its price. */
type Raise = { changeId: string; coverPence: number; pricePence: number };
/** A raise with a card payment to make (one that costs nothing has none). */
type PaidRaise = CoverRaise & { payment: NonNullable<CoverRaise['payment']> };

/** The cover typed, in pence, or the problem with it in the server's words. */
export function checkAmount(typed: string, cover: Cover): { pence: number } | { problem: string } {
  const read = readPounds(typed);
  if ('problem' in read) return { problem: COVER_MESSAGE };
  const problem =
    coverProblem(read.pence, cover, cover.settings) ??
    (read.pence <= cover.coverPence
      ? BOOKING_CHANGE_MESSAGES.coverNotHigher(formatWholePounds(cover.coverPence))
      : undefined);
  return problem ? { problem } : read;
}

/** What became of a raise, from its change in the booking's changes. */
export function outcomeOf(view: BookingChanges, raise: Raise): Outcome {
  const change =
    view.changes.find((c) => c.id === raise.changeId) ??
    view.changes.filter((c) => c.kind === 'cover').at(-1);
  const M = BOOKING_CHANGE_MESSAGES;
  const free = raise.pricePence === 0;
  if (change?.status === 'done' || (!change && view.cover.coverPence >= raise.coverPence)) {
    const cover = `Your cover is now ${formatWholePounds(raise.coverPence)}.`;
    return {
      ok: true,
      text: free
        ? `${cover} It cost nothing more.`
        : `${cover} We charged ${formatPence(raise.pricePence)} to your card.`,
    };
  }
  if (change?.status === 'refused') {
    return { ok: false, text: free ? M.courierRefusedFreeCover : M.courierRefusedCover };
  }
  if (change?.status === 'failed') {
    return { ok: false, text: free ? M.courierUnreachableFreeCover : M.courierUnreachableCover };
  }
  return { ok: false, text: M.coverPaymentFailed };
}

/**
 * The cover part of "Cancel or change this booking" (docs/cover-and-import-charges.md): the
 * cover in force, and until the courier collects, raising it (never lowering it) as a second,
 * separate card payment. The price is shown as the customer types, as the server will charge it;
 * the card form is the pay step's; then the courier is told and the page follows the raise to
 * its outcome.
 */
export function RaiseCover({
  view,
  collectionAddress,
  onView,
  onSettled,
}: {
  view: BookingChanges;
  collectionAddress: OrderAddress | null;
  /** A newer view of the booking, nothing settled yet. */
  onView: (next: BookingChanges) => void;
  /** The raise is over (done or not): the booking and the page are read again. */
  onSettled: (next: BookingChanges) => void;
}) {
  const { cover } = view;
  const { settings } = cover;
  const orderId = view.orderId;
  const [raise, setRaise] = useState<PaidRaise | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [late, setLate] = useState(false);
  /** The cover last asked for here: the amount field starts with it again. */
  const [asked, setAsked] = useState<number | null>(null);
  const state = useRef<HTMLDivElement>(null);

  const settle = (next: BookingChanges, followed: Raise) => {
    setLate(false);
    setOutcome(outcomeOf(next, followed));
    onSettled(next);
    state.current?.focus();
  };
  const settled = useEffectEvent(settle);

  // Follow a raise the courier is being asked for, until its outcome.
  const raising = cover.pending?.status === 'pending' ? cover.pending : null;
  const raisingId = raising?.changeId ?? null;
  const raisingCover = raising?.coverPence ?? 0;
  const raisingPrice = raising?.pricePence ?? 0;
  useEffect(() => {
    if (!raisingId) return;
    const followed = { changeId: raisingId, coverPence: raisingCover, pricePence: raisingPrice };
    const started = Date.now();
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      callApi(getBookingChanges, { params: { id: orderId } })
        .then((next) => {
          if (!live) return;
          const still = next.cover.pending;
          if (still?.changeId === raisingId && still.status === 'pending') again();
          else settled(next, followed);
        })
        .catch(() => {
          if (live) again();
        });
    };
    const again = () => {
      const patient = Date.now() - started < PATIENT_MS;
      if (!patient) setLate(true);
      timer = setTimeout(check, patient ? POLL_MS : SLOW_POLL_MS);
    };
    timer = setTimeout(check, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [orderId, raisingId, raisingCover, raisingPrice]);

  /** The card is authorised: the server reads the payment and asks the courier. */
  async function paid(done: PaidRaise) {
    const next = await confirmed(orderId, done);
    setRaise(null);
    if (next.cover.pending) {
      onView(next);
      state.current?.focus();
    } else {
      settle(next, done);
    }
  }

  return (
    <div className="booking-changes__form booking-changes__cover">
      <h3>Cover</h3>
      <p data-testid="cover-in-force">
        Your shipment is covered to {coverText(cover.coverPence, settings.includedPence)}.
      </p>
      {/* The same list as beside the suggested cover on the payment step. */}
      <CoverExclusionsList exclusions={cover.exclusions} includedPence={settings.includedPence} />
      {/* One live region, always there: the raise under way, then its outcome. */}
      <div role="status" data-testid="cover-state" ref={state} tabIndex={-1}>
        {raising ? (
          <div className="notice">
            <p>
              <span className="spinner spinner--small" aria-hidden="true">
                <span className="spinner__circle" />
              </span>{' '}
              Raising your cover to {formatWholePounds(raising.coverPence)}…{' '}
              {late
                ? 'The courier has not confirmed it yet. You can leave this page: it shows the outcome once there is one, and your card is charged only if the courier raises the cover.'
                : 'This usually takes a few seconds.'}
            </p>
          </div>
        ) : (
          outcome && (
            <div className={`notice ${outcome.ok ? 'notice--success' : 'notice--error'}`}>
              <p>{outcome.text}</p>
            </div>
          )
        )}
      </div>
      {!raising &&
        (raise ? (
          <PayForCover
            raise={raise}
            fromPence={cover.coverPence}
            collectionAddress={collectionAddress}
            onPaid={paid}
            onBack={() => setRaise(null)}
          />
        ) : cover.allowed ? (
          <ChooseCover
            view={view}
            asked={asked}
            onRaise={async (next) => {
              setOutcome(null);
              setAsked(next.coverPence);
              const { payment } = next;
              if (!payment) {
                // Nothing to pay: the courier is being asked; the page follows the raise.
                const view = await callApi(getBookingChanges, { params: { id: orderId } });
                if (view.cover.pending?.changeId === next.changeId) {
                  onView(view);
                  state.current?.focus();
                } else {
                  settle(view, next);
                }
                return;
              }
              const toPay = { ...next, payment };
              setRaise(toPay);
              // A payment already authorised (its card step done, the answer lost) goes on.
              if (!payment.status.startsWith('requires_')) {
                paid(toPay).catch((error: unknown) => {
                  setRaise(null);
                  setOutcome({ ok: false, text: errorMessage(error) });
                });
              }
            }}
          />
        ) : (
          cover.reason &&
          cover.reason !== view.cancel.reason &&
          cover.reason !== view.change.reason && <p data-testid="cover-refused">{cover.reason}</p>
        ))}
    </div>
  );
}

/**
 * After the card step: the server reads the payment and asks the courier. If that answer is lost
 * (the card authorised, the network gone), the booking's changes say how the raise stands: one
 * under way or ended is followed from there; one still waiting for its card is the error's.
 */
export async function confirmed(orderId: string, raise: PaidRaise): Promise<BookingChanges> {
  try {
    return await callApi(confirmCoverRaise, {
      params: { id: orderId },
      body: { changeId: raise.changeId },
    });
  } catch (error) {
    const view = await callApi(getBookingChanges, { params: { id: orderId } }).catch(() => null);
    const change = view?.changes.find((c) => c.id === raise.changeId);
    const waiting =
      view?.cover.pending?.changeId === raise.changeId &&
      view.cover.pending.status === 'awaiting_payment';
    if (!view || waiting || (!change && view.cover.pending?.changeId !== raise.changeId)) {
      throw error;
    }
    return view;
  }
}

/** The amount, its price as it is typed, and "Continue to payment". */
function ChooseCover({
  view,
  asked,
  onRaise,
}: {
  view: BookingChanges;
  asked: number | null;
  onRaise: (raise: CoverRaise) => Promise<void>;
}) {
  const { cover } = view;
  const { settings } = cover;
  const waiting = cover.pending?.status === 'awaiting_payment' ? cover.pending : null;
  const [amount, setAmount] = useState(() =>
    poundsText(asked ?? waiting?.coverPence ?? cover.maxCoverPence),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const checked = checkAmount(amount, cover);
  const pricePence =
    'pence' in checked ? coverRaisePricePence(cover.coverPence, checked.pence, settings) : null;

  const refuse = (message: string, field: boolean) => {
    setProblem(message);
    setFieldError(field ? message : null);
    setAttempt((n) => n + 1);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if ('problem' in checked) {
      refuse(checked.problem, true);
      return;
    }
    setBusy(true);
    setProblem(null);
    setFieldError(null);
    try {
      await onRaise(
        await callApi(raiseCover, {
          params: { id: view.orderId },
          body: { cover: amount.trim(), requestKey: crypto.randomUUID() },
        }),
      );
      setBusy(false);
    } catch (error) {
      const refused = asApiError(error);
      refuse(refused.fields.cover ?? refused.message, Boolean(refused.fields.cover));
      setBusy(false);
    }
  };

  return (
    <form
      className="booking-changes__amount"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Raise your cover"
    >
      <ErrorSummary
        message={problem}
        errors={fieldError ? [{ fieldId: AMOUNT_ID, message: fieldError }] : []}
        focusKey={attempt}
      />
      {waiting && (
        <p data-testid="cover-awaiting-payment">
          You chose to raise your cover to {formatWholePounds(waiting.coverPence)} and have not paid
          for it yet: continue to pay, or choose another amount.
        </p>
      )}
      <TextField
        id={AMOUNT_ID}
        label="Raise your cover to"
        prefix="£"
        inputMode="decimal"
        autoComplete="off"
        hint={`Up to ${formatWholePounds(cover.maxCoverPence)}: ${coverLimitWords(cover)}, at most ${formatWholePounds(settings.maxCoverPence)} per shipment. Cover can be raised, not lowered.`}
        value={amount}
        error={fieldError ?? undefined}
        onChange={(value) => {
          setAmount(value);
          setFieldError(null);
        }}
      />
      <p data-testid="cover-price">
        {pricePence === null ? (
          'Enter more cover than you have now to see its price.'
        ) : pricePence === 0 ? (
          'This costs nothing more.'
        ) : (
          <>
            This costs <strong>{formatPence(pricePence)}</strong> more:{' '}
            {formatPercent(settings.percentBasisPoints)} of the cover above{' '}
            {formatWholePounds(cover.coverPence)}.
          </>
        )}
      </p>
      <button type="submit" className="button button--secondary" aria-disabled={busy || undefined}>
        {busy ? (
          <Spinner label={pricePence === 0 ? 'Raising your cover' : 'Getting the payment ready'} />
        ) : pricePence === 0 ? (
          'Raise my cover'
        ) : (
          'Continue to payment'
        )}
      </button>
    </form>
  );
}

/** The second card payment: the pay step's card form, for the raise's price. */
function PayForCover({
  raise,
  fromPence,
  collectionAddress,
  onPaid,
  onBack,
}: {
  raise: PaidRaise;
  fromPence: number;
  collectionAddress: OrderAddress | null;
  onPaid: (raise: PaidRaise) => Promise<void>;
  onBack: () => void;
}) {
  const payment = useCardPayment({
    session: raise.payment,
    billing: billingFor(collectionAddress),
    onAuthorised: () => onPaid(raise),
  });
  // The amount's form is gone: the card step's title takes the focus, once.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <div className="booking-changes__pay">
      <h4 tabIndex={-1} ref={title}>
        Pay for cover to {formatWholePounds(raise.coverPence)}
      </h4>
      <p data-testid="cover-pay-amount">
        Raising your cover from {formatWholePounds(fromPence)} to{' '}
        {formatWholePounds(raise.coverPence)} costs{' '}
        <strong>{formatPence(raise.payment.amountPence)}</strong>, a payment of its own. Your card
        is charged only once the courier has your new cover.
      </p>
      <ErrorSummary errors={summaryErrors(payment.fieldErrors)} />
      <CardStep payment={payment} />
      {payment.phase === 'form' && (
        <p className="booking-changes__back">
          <button type="button" className="button button--secondary" onClick={onBack}>
            Choose another amount
          </button>
        </p>
      )}
    </div>
  );
}
