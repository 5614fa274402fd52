import { useState } from 'react';
import { setPersonalEffects } from '#src/domain/api/declaration.js';
import { isImportChargesDestination } from '#src/domain/import-charges.js';
import type { OrderView } from '#src/domain/order.js';
import { PersonalEffectsDocuments } from '../import-charges/index.js';
import { setCurrentOrder } from '../orders/index.js';
import { callApi } from '../../lib/api.js';
import { errorMessage } from '../../lib/error-message.js';

export const PERSONAL_EFFECTS_LABEL = 'These are my own used belongings (personal effects)';

/**
 * The declaration's switch (decision 112): the boxes hold the recipient's own used belongings,
 * moving home. Saved on the order at once; the booking then declares them to customs as personal
 * effects, the estimate assumes the destination's relief, and the documents customs ask for are
 * listed here and in the confirmation email.
 */
export function PersonalEffectsSwitch({
  order,
  readOnly,
}: {
  order: OrderView;
  readOnly: boolean;
}) {
  /** The answer being saved: shown at once, the order's own once saved (or on a refusal). */
  const [pending, setPending] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = pending !== null;
  const on = pending ?? order.personalEffects;
  const countryCode = order.destination.countryCode;

  async function change(next: boolean) {
    if (busy || readOnly) return;
    setPending(next);
    setError(null);
    try {
      setCurrentOrder(
        await callApi(setPersonalEffects, {
          params: { id: order.id },
          body: { personalEffects: next },
        }),
      );
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(null);
    }
  }

  if (readOnly && !on) return null;
  return (
    <section className="personal-effects" aria-label="Personal effects">
      {readOnly ? (
        <p className="personal-effects__label">
          Declared as personal effects: the recipient’s own used belongings.
        </p>
      ) : (
        <>
          <div className="tick-control">
            <input
              id="personal-effects"
              type="checkbox"
              className="tick-control__input"
              checked={on}
              aria-describedby="personal-effects-hint"
              aria-disabled={busy || undefined}
              onChange={(event) => void change(event.target.checked)}
            />
            <label htmlFor="personal-effects" className="personal-effects__label">
              {PERSONAL_EFFECTS_LABEL}
            </label>
          </div>
          <p className="personal-effects__hint" id="personal-effects-hint">
            Tick this if the boxes hold the recipient’s own used things sent to their new home
            (moving abroad or coming back), not gifts and nothing for sale. We declare them to
            customs as personal effects, which many countries let in free of duty and tax with the
            right documents.
          </p>
        </>
      )}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {on && isImportChargesDestination(countryCode) && (
        <PersonalEffectsDocuments countryCode={countryCode} id="personal-effects" />
      )}
    </section>
  );
}
