import { useState } from 'react';
import { saveOrderAddresses } from '#src/domain/api/saved-addresses.js';
import { callApi } from '../../lib/api.js';
import { errorMessage } from '../../lib/error-message.js';
import { Link } from '../../lib/router.js';
import { useSessionState } from '../../lib/session.js';
import './address-book.css';
import { hrefOf } from '#src/domain/site-links.js';

/**
 * After a paid order, for a signed-in customer: save its collection address and its recipient to
 * the address book in one go. Saving again keeps one of each.
 */
export function SaveAddressesOffer({ orderId }: { orderId: string }) {
  const signedIn = Boolean(useSessionState()?.user);
  const [state, setState] = useState<'offer' | 'saving' | 'saved'>('offer');
  const [failure, setFailure] = useState<string | null>(null);
  if (!signedIn) return null;

  async function save() {
    if (state !== 'offer') return;
    setState('saving');
    setFailure(null);
    try {
      await callApi(saveOrderAddresses, {
        body: { orderId, roles: ['collection', 'delivery'] },
      });
      setState('saved');
    } catch (error) {
      setFailure(errorMessage(error));
      setState('offer');
    }
  }

  return (
    <section aria-labelledby="save-offer-title" className="save-offer notice">
      <h2 id="save-offer-title">Your address book</h2>
      {state === 'saved' ? (
        <p role="status">
          Saved both addresses. Your next booking can use them; change them on{' '}
          <Link to={hrefOf('account')}>your account</Link>.
        </p>
      ) : (
        <>
          <p>Sending from here, or to this person, again? Keep both addresses for next time.</p>
          {failure && <p className="field__error">{failure}</p>}
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={state === 'saving' || undefined}
            onClick={() => void save()}
          >
            Save these addresses to your address book
          </button>
        </>
      )}
    </section>
  );
}
