import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  cancelBooking,
  changeCollectionContact,
  changeCollectionDate,
  getBookingChanges,
  type BookingChanges,
} from '#src/domain/api/booking-changes.js';
import { BOOKING_CHANGE_MESSAGES, timeLeft } from '#src/domain/booking-changes.js';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { formatLondon } from '#src/domain/london-time.js';
import { formatPence } from '#src/domain/money.js';
import type { OrderAddress } from '#src/domain/order.js';
import { ConfirmDialog, useKeyedDialog } from '../../components/ui/confirm-dialog.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { Spinner } from '../../components/ui/spinner.js';
import { SuccessNotice } from '../../components/ui/success-notice.js';
import { TextField } from '../../components/ui/text-field.js';
import { callApi } from '../../lib/api.js';
import { asApiError, errorMessage } from '../../lib/error-message.js';
import { DateOptions, useDateChoice } from '../tracking/index.js';
import { RaiseCover } from './raise-cover.js';

/** While a cancellation runs, the page asks how it is going this often. */
const POLL_MS = 2_000;
const FIRST_DATE_ID = 'change-date-first';

/**
 * "Cancel or change this booking" on the customer's order pages (docs/booking-changes.md): what
 * may still be done and until when (with the time left), the cancellation behind a confirmation,
 * a new collection day, new contact details, more cover (a second card payment: raise-cover.tsx),
 * and every change made so far. The server decides each (the cut-offs, the courier's answer);
 * this shows its reasons as they are.
 */
export function BookingChangesSection({
  orderId,
  reference,
  pricePence,
  collectionAddress,
  onChanged,
}: {
  orderId: string;
  reference: string;
  pricePence: number | null;
  /** The billing address a cover raise's card form starts with. */
  collectionAddress: OrderAddress | null;
  onChanged: () => void;
}) {
  const [view, setView] = useState<BookingChanges | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The site's clock, as the last answer gave it, moved on by this device's: a sentence about
  // the collection window follows the site's time, not a device's that is wrong.
  const [skew, setSkew] = useState(0);
  const [tick, setTick] = useState(() => Date.now());
  const now = new Date(tick + skew);
  // The booking's state when the page opened: a cancellation that lands while it is open moves the
  // focus to the message that says so.
  const openedAs = useRef<string | null>(null);
  const state = useRef<HTMLDivElement>(null);
  const status = view?.status ?? null;
  useEffect(() => {
    if (!status) return;
    openedAs.current ??= status;
    if (status !== openedAs.current && (status === 'cancelling' || status === 'cancelled')) {
      state.current?.focus();
    }
  }, [status]);

  const load = useCallback(
    (signal?: AbortSignal) =>
      callApi(getBookingChanges, { params: { id: orderId }, ...(signal ? { signal } : {}) })
        .then((next) => {
          setSkew(Date.parse(next.now) - Date.now());
          setView((before) => {
            if (before && before.status !== next.status) onChanged();
            return next;
          });
          setProblem(null);
        })
        .catch((error: unknown) => {
          if (!signal?.aborted) setProblem(errorMessage(error));
        }),
    [orderId, onChanged],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  // Follow a cancellation, or a change being confirmed, while the courier is asked; keep the
  // time left current.
  const confirming = view ? beingConfirmed(view) : false;
  const running = view?.status === 'cancelling' || confirming;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, load]);
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  if (!view) {
    return problem ? (
      <div className="notice notice--error" role="alert">
        <p>{problem}</p>
      </div>
    ) : null;
  }

  const changed = (next: BookingChanges) => {
    setView(next);
    onChanged();
  };

  return (
    <section className="booking-changes" aria-labelledby="booking-changes-title">
      <h2 id="booking-changes-title">Cancel or change this booking</h2>
      {/* One live region, always there, so each state it shows is announced. */}
      <div role="status" data-testid="cancel-state" ref={state} tabIndex={-1}>
        {view.status === 'cancelled' && (
          <div className="notice notice--success">
            <p>This booking is cancelled. The courier will not collect your boxes.</p>
          </div>
        )}
        {view.status === 'cancelling' && (
          <div className="notice">
            <p>
              <span className="spinner spinner--small" aria-hidden="true">
                <span className="spinner__circle" />
              </span>{' '}
              {view.changes.some((c) => c.kind === 'cancel' && c.status === 'checking')
                ? 'The courier has not answered yet, so we are confirming the cancellation with it and will email you. Nothing is refunded until the courier confirms it.'
                : 'We are cancelling your booking with the courier. This usually takes a few seconds.'}
            </p>
          </div>
        )}
        {view.status === 'booked' && confirming && (
          <div className="notice" data-testid="change-confirming">
            <p>
              <span className="spinner spinner--small" aria-hidden="true">
                <span className="spinner__circle" />
              </span>{' '}
              {BOOKING_CHANGE_MESSAGES.confirming}{' '}
              {view.collectionDate &&
                `Your collection is booked for ${formatCalendarDate(view.collectionDate)} until the courier confirms the change.`}
            </p>
          </div>
        )}
      </div>
      {view.status === 'booked' && (
        <CancelPart
          view={view}
          now={now}
          reference={reference}
          pricePence={pricePence}
          onCancelled={changed}
        />
      )}
      {view.status === 'booked' && (
        <>
          {view.change.allowed && (
            <>
              <p data-testid="change-cut-off">
                You can change the collection day or contact details until{' '}
                {formatLondon(view.change.closesAt ?? '', 'long')} (
                {timeLeft(new Date(view.change.closesAt ?? 0), now)}), when the collection window
                opens.
              </p>
              <ChangeDate view={view} onChanged={changed} />
              <ChangeContact view={view} onChanged={changed} />
            </>
          )}
          {!confirming &&
            !view.change.allowed &&
            view.change.reason &&
            view.change.reason !== view.cancel.reason && <p>{view.change.reason}</p>}
          <RaiseCover
            view={view}
            collectionAddress={collectionAddress}
            onView={setView}
            onSettled={changed}
          />
          <p className="booking-changes__fixed">{view.fixedReason}</p>
        </>
      )}
      {view.changes.length > 0 && (
        <>
          <h3>Changes to this booking</h3>
          <ul className="booking-changes__history" data-testid="booking-changes-history">
            {view.changes.map((c) => (
              <li key={c.id}>
                {formatLondon(c.at, 'long')}: {c.summary} (
                {c.by === 'operator' ? 'by our team' : 'by you'})
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The cancel part: when it is still free, and the button (exported for its test). */
export function CancelPart({
  view,
  now,
  reference,
  pricePence,
  onCancelled,
}: {
  view: BookingChanges;
  now: Date;
  reference: string;
  pricePence: number | null;
  onCancelled: (next: BookingChanges) => void;
}) {
  const dialog = useKeyedDialog();
  if (!view.cancel.allowed) return <p data-testid="cancel-refused">{view.cancel.reason}</p>;
  const from = view.collectionFrom;
  const opened = from !== null && new Date(from) <= now;
  const opensIn = from && !opened ? ` (${timeLeft(new Date(from), now)})` : '';
  return (
    <div className="booking-changes__cancel">
      <p data-testid="cancel-cut-off">
        You can cancel free of charge until the courier collects your boxes. The collection window{' '}
        {opened ? 'opened' : 'opens'} {from ? formatLondon(from, 'long') : 'on the collection day'}
        {opensIn}.
      </p>
      <button type="button" className="button button--secondary" onClick={dialog.show}>
        Cancel booking
      </button>
      <ConfirmDialog
        open={dialog.open}
        title={`Cancel booking ${reference}?`}
        confirmLabel="Yes, cancel the booking"
        onClose={dialog.close}
        action={async () => {
          const next = await callApi(cancelBooking, {
            params: { id: view.orderId },
            body: { requestKey: dialog.requestKey },
          });
          dialog.close();
          onCancelled(next);
        }}
      >
        <p>
          The courier will not come to collect your boxes
          {view.collectionDate ? ` on ${formatCalendarDate(view.collectionDate)}` : ''}.{' '}
          {pricePence
            ? `We refund the ${formatPence(pricePence)} you paid in full, to the card you paid with.`
            : 'We refund what you paid in full.'}
        </p>
        <p>This cannot be undone: to send the boxes later, book again.</p>
      </ConfirmDialog>
    </div>
  );
}

function ChangeDate({
  view,
  onChanged,
}: {
  view: BookingChanges;
  onChanged: (next: BookingChanges) => void;
}) {
  const { chosen, setChosen, problem, setProblem, options } = useDateChoice();
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!chosen) {
      setProblem('Choose the new collection date');
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const next = await callApi(changeCollectionDate, {
        params: { id: view.orderId },
        body: { collectionDate: chosen, requestKey: crypto.randomUUID() },
      });
      // Not answered yet: the page says the change is being confirmed, and follows it.
      if (next.collectionDate === chosen) {
        setDone(`Your collection is moved to ${formatCalendarDate(chosen)}.`);
      }
      setChosen('');
      onChanged(next);
    } catch (error) {
      const refused = asApiError(error);
      setProblem(refused.fields.collectionDate ?? refused.message);
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="booking-changes__form" onSubmit={(e) => void submit(e)} noValidate>
      <h3>Collection day</h3>
      <SuccessNotice message={done} takeFocus />
      <ErrorSummary
        message={problem}
        errors={problem ? [{ fieldId: FIRST_DATE_ID, message: problem }] : []}
        focusKey={attempt}
      />
      <fieldset className="date-choice">
        <legend className="date-choice__legend">
          Booked for {view.collectionDate ? formatCalendarDate(view.collectionDate) : 'no date'}.
          Move it to:
        </legend>
        {view.change.dates.length === 0 ? (
          <p>There is no other day we can offer right now.</p>
        ) : (
          <DateOptions dates={view.change.dates} firstId={FIRST_DATE_ID} {...options} />
        )}
      </fieldset>
      {view.change.dates.length > 0 && (
        <button
          type="submit"
          className="button button--secondary"
          aria-disabled={busy || undefined}
        >
          {busy ? <Spinner label="Moving your collection" /> : 'Move the collection'}
        </button>
      )}
    </form>
  );
}

function ChangeContact({
  view,
  onChanged,
}: {
  view: BookingChanges;
  onChanged: (next: BookingChanges) => void;
}) {
  const [values, setValues] = useState(view.contact);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    setErrors({});
    setDone(false);
    try {
      const next = await callApi(changeCollectionContact, {
        params: { id: view.orderId },
        body: { ...values, requestKey: crypto.randomUUID() },
      });
      setDone(true);
      onChanged(next);
    } catch (error) {
      const refused = asApiError(error);
      setErrors(refused.fields);
      setProblem(refused.message);
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof values) => ({
    id: `contact-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
  });

  return (
    <form className="booking-changes__form" onSubmit={(e) => void submit(e)} noValidate>
      <h3>Collection contact</h3>
      <SuccessNotice
        message={done ? 'The courier has your new contact details.' : null}
        takeFocus
      />
      <ErrorSummary
        message={problem}
        errors={Object.entries(errors).map(([name, message]) => ({
          fieldId: `contact-${name}`,
          message,
        }))}
        focusKey={attempt}
      />
      <TextField label="Phone" type="tel" autoComplete="tel" {...field('phoneNumber')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Instructions for the driver" optional wide {...field('instructions')} />
      <button type="submit" className="button button--secondary" aria-disabled={busy || undefined}>
        {busy ? <Spinner label="Saving your contact details" /> : 'Save contact details'}
      </button>
    </form>
  );
}

/** A date or contact change the courier has not answered yet (`pending` or `checking`). */
function beingConfirmed(view: BookingChanges): boolean {
  return view.changes.some(
    (c) =>
      (c.kind === 'collection_date' || c.kind === 'contact') &&
      (c.status === 'pending' || c.status === 'checking'),
  );
}
