import { useEffect, useId, useState } from 'react';
import {
  formValuesOf,
  matchesAddressSearch,
  savedAddressMisfit,
  type SavedAddressRole,
} from '#src/domain/address-book.js';
import type { AddressInputValue } from '#src/domain/address.js';
import { listSavedAddresses, type SavedAddress } from '#src/domain/api/saved-addresses.js';
import type { OrderPlace } from '#src/domain/order.js';
import { callApi } from '../../lib/api.js';
import { useSessionState } from '../../lib/session.js';
import './address-book.css';

/** One line for a saved address: its label, then name, street, town and post code. */
export function savedAddressSummary(saved: SavedAddress): { title: string; lines: string } {
  const name = `${saved.firstName} ${saved.lastName}`.trim();
  return {
    title: saved.label ? `${saved.label} (${name})` : name,
    lines: [
      saved.company,
      saved.street,
      saved.street2,
      saved.city,
      saved.postcode,
      saved.countryTitle,
    ]
      .filter(Boolean)
      .join(', '),
  };
}

/**
 * "Use a saved address" on a booking's address step (signed in, with saved addresses of the
 * step's kind): a text filter over a radio list. Choosing one fills the form; one whose post code
 * is not the booking's says why, as the quote form would, and cannot be chosen.
 */
export function SavedAddressPicker({
  role,
  place,
  onChoose,
}: {
  role: SavedAddressRole;
  place: OrderPlace;
  onChoose(saved: SavedAddress, values: AddressInputValue): void;
}) {
  const signedIn = Boolean(useSessionState()?.user);
  const [addresses, setAddresses] = useState<SavedAddress[]>([]);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    callApi(listSavedAddresses, { query: { role }, signal: controller.signal })
      .then((reply) => setAddresses(reply.addresses))
      .catch(() => setAddresses([]));
    return () => controller.abort();
  }, [signedIn, role]);

  if (!signedIn || addresses.length === 0) return null;
  const shown = addresses.filter((a) => matchesAddressSearch(a, query));
  const what = role === 'collection' ? 'collection address' : 'recipient';

  return (
    <fieldset className="form-panel saved-picker">
      <legend>Use a saved {what}</legend>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-search`}>
          Search by name or town
        </label>
        <input
          id={`${id}-search`}
          className="field__input"
          type="search"
          autoComplete="off"
          value={query}
          aria-controls={`${id}-list`}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p className="visually-hidden" role="status">
        {`${shown.length} of ${addresses.length} saved addresses shown`}
      </p>
      <ul className="saved-picker__list" id={`${id}-list`}>
        {shown.map((saved) => {
          const misfit = savedAddressMisfit(saved, role, place);
          const { title, lines } = savedAddressSummary(saved);
          const optionId = `${id}-${saved.id}`;
          return (
            <li key={saved.id} className="saved-picker__option">
              <input
                type="radio"
                id={optionId}
                name={`${id}-saved`}
                checked={chosen === saved.id}
                disabled={misfit !== null}
                aria-describedby={misfit ? `${optionId}-misfit` : undefined}
                onChange={() => {
                  setChosen(saved.id);
                  onChoose(saved, formValuesOf(saved, place.countryCode));
                }}
              />
              <label htmlFor={optionId}>
                <span className="address-book__name">{title}</span>
                <br />
                <span className="address-book__lines">{lines}</span>
                {misfit && (
                  <span className="saved-picker__misfit" id={`${optionId}-misfit`}>
                    <br />
                    {misfit}
                  </span>
                )}
              </label>
            </li>
          );
        })}
        {shown.length === 0 && <li className="saved-picker__option">No saved address matches.</li>}
      </ul>
    </fieldset>
  );
}
