import { useEffect, useState, type FormEvent } from 'react';
import {
  COLLECTION_DATE_MESSAGES,
  COLLECTION_HOURS,
  formatCalendarDate,
} from '#src/domain/collection-calendar.js';
import { getCollectionDates, type CollectionDates } from '#src/domain/api/booking.js';
import type { OrderView } from '#src/domain/order.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { Spinner } from '../../components/ui/spinner.js';
import { BusyButton } from '../../components/ui/busy-button.js';
import { callApi } from '../../lib/api.js';
import { errorMessage } from '../../lib/error-message.js';

export interface CollectionDateStepProps {
  order: OrderView;
  /** Why the wizard cannot finish yet (a missing address), if it cannot. */
  blocker: string | null;
  onConfirm(date: string): Promise<void>;
}

/**
 * Step 3: the collection date, from the next working day to the fifth; weekends and bank
 * holidays are shown but cannot be chosen. The server checks the choice again.
 */
export function CollectionDateStep({ order, blocker, onConfirm }: CollectionDateStepProps) {
  const [dates, setDates] = useState<CollectionDates | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string>(order.collectionDate ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    callApi(getCollectionDates, { params: { id: order.id }, signal: controller.signal })
      .then(setDates)
      .catch((e: unknown) => {
        if (!controller.signal.aborted) {
          setLoadError(errorMessage(e, 'We could not load the dates.'));
        }
      });
    return () => controller.abort();
  }, [order.id]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (blocker) {
      setError(blocker);
      return;
    }
    if (!chosen) {
      setError(COLLECTION_DATE_MESSAGES.required);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onConfirm(chosen);
    } catch (e) {
      setError(errorMessage(e));
      setSaving(false);
    }
  }

  if (loadError) {
    return (
      <p className="notice notice--error" role="alert">
        {loadError}
      </p>
    );
  }
  if (!dates) return <Spinner label="Loading collection dates" size="large" />;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <ErrorSummary
        message={error}
        errors={error ? [{ fieldId: 'collection-date-first', message: error }] : []}
      />
      <fieldset className="date-choice" aria-describedby="collection-window-note">
        <legend className="date-choice__legend">Choose a collection date</legend>
        <p className="date-choice__note" id="collection-window-note">
          Collection is between {COLLECTION_HOURS.from} and {COLLECTION_HOURS.to} on the chosen
          date.
        </p>
        <div className="date-choice__options">
          {dates.days.map((day, i) => {
            const [weekday, dayNumber, month] = formatCalendarDate(day.date).split(' ');
            const reason =
              day.reason === 'weekend'
                ? 'Weekend: no collections'
                : day.reason === 'holiday'
                  ? `Bank holiday: ${day.holidayName ?? ''}`
                  : null;
            return (
              <label
                key={day.date}
                className={`date-choice__option option-card${day.selectable ? '' : ' date-choice__option--disabled'}`}
              >
                <input
                  type="radio"
                  name="collectionDate"
                  id={i === 0 ? 'collection-date-first' : undefined}
                  value={day.date}
                  checked={chosen === day.date}
                  disabled={!day.selectable}
                  onChange={() => {
                    setChosen(day.date);
                    setError(null);
                  }}
                />
                <span className="date-choice__day">
                  <span className="date-choice__weekday">{weekday}</span>
                  <span className="date-choice__date">
                    {dayNumber} {month}
                  </span>
                  {reason && <span className="date-choice__reason">{reason}</span>}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <BusyButton
        className="button button--primary"
        busy={saving}
        busyLabel="Saving the date"
        busyText="Saving…"
      >
        Continue to Declare Items
      </BusyButton>
    </form>
  );
}
