import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  ADDRESS_LOOKUP_BROWSER_WAIT_MS,
  ADDRESS_LOOKUP_MESSAGES,
  noAddressesMessage,
  type FoundAddress,
} from '#src/domain/address-lookup.js';
import { findAddresses } from '#src/domain/api/address-lookup.js';
import { BusyButton } from '../../components/ui/busy-button.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import './address-finder.css';

type Finding =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; addresses: FoundAddress[] }
  | { kind: 'failed'; message: string };

export interface AddressFinderProps {
  orderId: string;
  /** The post code the order was quoted for: filled in, and the only one the lookup answers. */
  postcode: string;
  /** Fills the address fields with the address chosen; they stay editable. */
  onChoose(address: FoundAddress): void;
  /** "Enter the address yourself": on to the first address field. */
  onManual(): void;
}

/** What to say when a lookup did not give a list, from what went wrong. */
function failureMessage(error: unknown, gaveUp: boolean): string {
  if (gaveUp) return ADDRESS_LOOKUP_MESSAGES.slow;
  if (error instanceof ApiClientError && (error.status === 503 || error.status === 429)) {
    return error.message;
  }
  return ADDRESS_LOOKUP_MESSAGES.unavailable;
}

/**
 * "Find address" on the collection address step (docs/providers.md, "Addresses"): the post code,
 * a button, then a select of the addresses there; choosing one fills the form's fields. The form
 * never depends on it: after 3 s without a list, on any failure or when nothing is found, it says
 * so in one line and the fields are typed as before. "Enter the address yourself" is always there.
 */
export function AddressFinder({
  orderId,
  postcode: quoted,
  onChoose,
  onManual,
}: AddressFinderProps) {
  const id = useId();
  const [postcode, setPostcode] = useState(quoted);
  const [finding, setFinding] = useState<Finding>({ kind: 'idle' });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  const [said, setSaid] = useState('');
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  async function find() {
    if (finding.kind === 'searching') return;
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setFinding({ kind: 'searching' });
    setFieldError(null);
    setChosen('');
    setSaid('Finding addresses…');
    const timer = setTimeout(() => controller.abort(), ADDRESS_LOOKUP_BROWSER_WAIT_MS);
    try {
      const found = await callApi(findAddresses, {
        params: { id: orderId },
        query: { postcode },
        signal: controller.signal,
      });
      if (current.current !== controller) return;
      if (found.addresses.length === 0) {
        const message = noAddressesMessage(found.postcode);
        setFinding({ kind: 'failed', message });
        setSaid('');
        return;
      }
      setFinding({ kind: 'found', addresses: found.addresses });
      const count = found.addresses.length;
      setSaid(
        `${count} ${count === 1 ? 'address' : 'addresses'} found at ${found.postcode}: choose yours from the list.`,
      );
    } catch (error) {
      if (current.current !== controller) return;
      setSaid('');
      if (!controller.signal.aborted && error instanceof ApiClientError && error.status === 422) {
        setFieldError(error.fields?.postcode ?? error.message);
        setFinding({ kind: 'idle' });
        return;
      }
      setFinding({ kind: 'failed', message: failureMessage(error, controller.signal.aborted) });
    } finally {
      clearTimeout(timer);
    }
  }

  function choose(addressId: string) {
    setChosen(addressId);
    if (finding.kind !== 'found') return;
    const address = finding.addresses.find((a) => a.id === addressId);
    if (!address) return;
    onChoose(address);
    setSaid(`Address filled in below: ${address.label}. You can change any line.`);
  }

  function manual() {
    current.current?.abort();
    current.current = null;
    setFinding({ kind: 'idle' });
    setSaid('');
    onManual();
  }

  // Enter in the post code finds the addresses; it must not send the whole address form.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void find();
  }

  const describedBy = [`${id}-hint`, fieldError ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="form-panel address-finder">
      <legend>Find your address</legend>
      <div className={`field${fieldError ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor={`${id}-postcode`}>
          Collection post code
        </label>
        <p className="field__hint" id={`${id}-hint`}>
          The post code of your quote
        </p>
        {fieldError && (
          <p className="field__error" id={`${id}-error`}>
            <span className="visually-hidden">Error: </span>
            {fieldError}
          </p>
        )}
        <div className="address-finder__search">
          <input
            id={`${id}-postcode`}
            className="field__input address-finder__postcode"
            autoComplete="off"
            maxLength={16}
            value={postcode}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => setPostcode(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <BusyButton
            type="button"
            className="button button--secondary address-finder__find"
            onClick={() => void find()}
            busy={finding.kind === 'searching'}
            busyLabel="Finding addresses"
            busyText="Finding…"
          >
            Find address
          </BusyButton>
        </div>
      </div>
      {finding.kind === 'found' && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-list`}>
            Choose the address
          </label>
          <select
            id={`${id}-list`}
            className="field__input address-finder__list"
            value={chosen}
            onChange={(event) => choose(event.target.value)}
          >
            <option value="">
              {finding.addresses.length} {finding.addresses.length === 1 ? 'address' : 'addresses'}{' '}
              found
            </option>
            {finding.addresses.map((address) => (
              <option key={address.id} value={address.id}>
                {address.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {finding.kind === 'failed' && (
        <p className="address-finder__message" role="alert">
          {finding.message}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <button type="button" className="address-finder__manual" onClick={manual}>
        Enter the address yourself
      </button>
    </fieldset>
  );
}
