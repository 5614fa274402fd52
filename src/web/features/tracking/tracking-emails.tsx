import { useState, type FormEvent } from 'react';
import { useArrivalHeading } from '../../lib/use-arrival-heading.js';
import type { TrackingEmailChoice as Choice } from '#src/domain/tracking.js';
import { BusyButton } from '../../components/ui/busy-button.js';
import { errorMessage } from '../../lib/error-message.js';

/** What a saved choice means, said back once it is saved. */
export function savedChoiceText({ reminder, updates }: Choice): string {
  const chosen = [reminder && 'the reminder', updates && 'the progress updates'].filter(Boolean);
  if (chosen.length === 0) return 'Saved. We will email you only if there is a problem.';
  return `Saved. We will send ${chosen.join(' and ')}, and email you if there is a problem.`;
}

/**
 * The optional emails of a booking, each one a tick box: the reminder the evening before
 * collection and the progress updates. Problems are always emailed. Shown only where the booking's
 * owner is (its order pages, the emails' own signed link), never on the shareable tracking page.
 * `save`: the call that saves the choice there. `arrived`: the page is this setting's own (an
 * email's "turn off" link): the section's heading takes the focus.
 */
export function TrackingEmails({
  initial,
  save,
  arrived = false,
  heading: Heading = 'h2',
}: {
  initial: Choice;
  save: (choice: Choice) => Promise<Choice>;
  arrived?: boolean;
  heading?: 'h2' | 'h3';
}) {
  const [choice, setChoice] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const headingRef = useArrivalHeading(arrived);

  const change = (key: keyof Choice, value: boolean) => {
    setChoice((current) => ({ ...current, [key]: value }));
    setResult(null);
  };
  /** One email the customer can turn on or off. */
  const checkbox = (key: keyof Choice, label: string) => (
    <div className="tracking-emails__choice">
      <input
        id={`emails-${key}`}
        type="checkbox"
        checked={choice[key]}
        onChange={(event) => change(key, event.target.checked)}
      />
      <label htmlFor={`emails-${key}`}>{label}</label>
    </div>
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setResult(null);
    try {
      const saved = await save(choice);
      setChoice(saved);
      setResult({ ok: true, text: savedChoiceText(saved) });
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="emails-title" className="tracking-section">
      <Heading id="emails-title" ref={headingRef} tabIndex={-1}>
        Emails about this booking
      </Heading>
      <form className="tracking-emails" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="tracking-emails__choices" aria-describedby="emails-always">
          <legend className="tracking-emails__legend">Send me</legend>
          {checkbox('reminder', 'A reminder the evening before the collection')}
          {checkbox('updates', 'Progress updates: collected, out for delivery and delivered')}
          <p className="tracking-emails__always" id="emails-always">
            If something goes wrong, such as a missed collection or a hold at customs, we always
            email you.
          </p>
        </fieldset>
        <div>
          <BusyButton
            className="button button--secondary"
            busy={saving}
            busyLabel="Saving your choice"
            busyText="Saving…"
          >
            Save email choices
          </BusyButton>
        </div>
        <div aria-live="polite" className="tracking-emails__result">
          {result && (
            <p
              className={result.ok ? 'tracking-emails__saved' : 'field__error'}
              data-testid="emails-result"
            >
              {result.text}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
