import { useState, type FormEvent } from 'react';
import { useArrivalHeading } from '../../lib/use-arrival-heading.js';
import { rebookMissedCollection, type TrackingView } from '#src/domain/api/tracking.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { BusyButton } from '../../components/ui/busy-button.js';
import { callApi } from '../../lib/api.js';
import { asApiError } from '../../lib/error-message.js';
import { clockText } from './tracking-text.js';
import { DateOptions, useDateChoice } from './date-options.js';

const FIRST_DATE_ID = 'rebook-date-first';

/**
 * After a missed collection: the dates the courier may come again, one to choose, rebooked at no
 * charge. The server checks the date is one it offered (422), that the collection is still
 * missed (409) and that the courier took it (502); each refusal's message is shown as it is.
 * `linkedDate`: the date of the email's link the page was opened from (`?date=`): chosen
 * already, when it is still offered, and the form brought into view for the customer to confirm.
 */
export function RebookCollection({
  token,
  view,
  newDates,
  linkedDate,
  onRebooked,
}: {
  token: string;
  view: Pick<TrackingView, 'collectionWindow'>;
  newDates: readonly string[];
  linkedDate?: string | null;
  onRebooked: (next: TrackingView) => void;
}) {
  const offered = linkedDate && newDates.includes(linkedDate) ? linkedDate : '';
  const { chosen, problem, setProblem, options } = useDateChoice(offered);
  const headingRef = useArrivalHeading(offered);

  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  const refuse = (message: string) => {
    setProblem(message);
    setAttempt((n) => n + 1);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // The route's own schema says what is missing, in its words.
    const checked = rebookMissedCollection.body.safeParse({ collectionDate: chosen });
    if (!checked.success) return refuse(checked.error.issues[0]?.message ?? 'Choose a date');
    setBusy(true);
    setProblem(null);
    try {
      const next = await callApi(rebookMissedCollection, {
        params: { token },
        body: checked.data,
      });
      onRebooked(next);
    } catch (error) {
      const refused = asApiError(error);
      refuse(refused.fields.collectionDate ?? refused.message);
      setBusy(false);
    }
  };

  const hours = `${clockText(view.collectionWindow.from)} and ${clockText(view.collectionWindow.to)}`;
  return (
    <section aria-labelledby="rebook-title" className="tracking-rebook" id="rebook">
      <h2 id="rebook-title" ref={headingRef} tabIndex={-1}>
        Choose a new collection date
      </h2>
      {newDates.length === 0 ? (
        <p>
          There is no date we can offer right now. Contact us and we will arrange a new collection
          with you.
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <ErrorSummary
            message={problem}
            errors={problem ? [{ fieldId: FIRST_DATE_ID, message: problem }] : []}
            focusKey={attempt}
          />
          <fieldset className="date-choice" aria-describedby="rebook-window-note">
            <legend className="date-choice__legend">New collection date</legend>
            <p className="date-choice__note" id="rebook-window-note">
              The courier comes between {hours} on the date you choose.
            </p>
            <DateOptions dates={newDates} firstId={FIRST_DATE_ID} {...options} />
          </fieldset>
          <BusyButton
            className="button button--primary"
            busy={busy}
            busyLabel="Rebooking your collection"
            busyText="Rebooking…"
          >
            Rebook the collection
          </BusyButton>
        </form>
      )}
    </section>
  );
}
