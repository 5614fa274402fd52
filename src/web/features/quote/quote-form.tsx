import { useEffect, useImperativeHandle, useRef, useState, type FormEvent, type Ref } from 'react';
import { BOX_SPECS, MAX_BOXES } from '#src/domain/boxes.js';
import { COLLECTION_REGIONS, DESTINATIONS, type CountryOption } from '#src/domain/countries.js';
import type { QuoteFieldError, QuoteRequestInput } from '#src/domain/quote-rules.js';
import { BoxCounter } from './box-counter.js';
import { addBox, NO_BOXES, removeBox, totalBoxes, type BoxCounts } from './box-counts.js';
import { CountrySelect } from './country-select.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';

/**
 * The form's rules and the post code tables behind them (about 1.6 KB) load when the form is first
 * used, not with the home page: its script has an 80 KB budget and every visitor pays for it.
 */
const loadRules = () => import('#src/domain/quote-rules.js');

export interface QuoteFormProps {
  /** Called with a valid request when Get Quotes is pressed (the form checks it first). */
  onGetQuotes?: (request: QuoteRequestInput) => void;
  /** A message to show beneath the form on arrival, e.g. "No quotes found…". */
  initialError?: string | null;
  /**
   * The quote to show: what was sent when a quote comes back with a message, or the quote of the
   * order in progress (Back from /quote, Change quote).
   */
  initialRequest?: QuoteRequestInput | null;
  /**
   * A destination chosen before the form was shown (a link to a quote for it): the form starts
   * with it, whatever the quote shown, and puts the focus on its post code.
   */
  initialDestinationId?: number | null;
  ref?: Ref<QuoteFormHandle>;
}

export interface QuoteFormHandle {
  /** Chooses a destination and takes the customer to its post code, e.g. from a destination tile. */
  chooseDestination(countryId: number): void;
}

const DESTINATION_POSTCODE_ID = 'destination-postcode';

/** Moves the customer to the destination's post code, in view. */
function focusDestinationPostcode() {
  const input = document.getElementById(DESTINATION_POSTCODE_ID);
  if (!input) return;
  input.focus({ preventScroll: true });
  input.scrollIntoView({ block: 'center' });
}

const POSTCODE_PLACEHOLDER = 'Enter your postcode';

function firstId(options: readonly CountryOption[]): number {
  const first = options[0];
  if (!first) throw new Error('A country list is empty');
  return first.countryId;
}

/** The home page's quote form (docs/product-rules.md): countries, post codes, box counters, Get Quotes. */
export function QuoteForm({
  onGetQuotes,
  initialError = null,
  initialRequest = null,
  initialDestinationId = null,
  ref,
}: QuoteFormProps) {
  // The first option of each list is the default (docs/product-rules.md), unless a quote that
  // found nothing brought its request back or a quote is in progress: then the form shows it.
  const [collectionCountryId, setCollectionCountryId] = useState(
    initialRequest?.collection.countryId ?? firstId(COLLECTION_REGIONS),
  );
  const [destinationCountryId, setDestinationCountryId] = useState(
    initialDestinationId ?? initialRequest?.destination.countryId ?? firstId(DESTINATIONS),
  );
  const [collectionPostcode, setCollectionPostcode] = useState(
    initialRequest?.collection.postcode ?? '',
  );
  const [destinationPostcode, setDestinationPostcode] = useState(
    initialRequest?.destination.postcode ?? '',
  );
  const [boxes, setBoxes] = useState<BoxCounts>(
    initialRequest
      ? { small: initialRequest.smallBoxes, large: initialRequest.largeBoxes }
      : NO_BOXES,
  );
  // A message brought back from /quote is moved into view and focused, so it is seen and read.
  const arrivalMessage = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const node = arrivalMessage.current;
    if (!initialError || !node) return;
    node.scrollIntoView({ block: 'center' });
    node.focus({ preventScroll: true });
  }, [initialError]);
  // On a prerendered page, what was typed before its script ran is in the fields but not in this
  // state, and the next render would put the state back into them: the state takes it first.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const typed = formRef.current ? new FormData(formRef.current) : null;
    const text = (name: string) => {
      const value = typed?.get(name);
      return typeof value === 'string' && value !== '' ? value : null;
    };
    const collection = text('collectionPostcode');
    const destination = text('destinationPostcode');
    const destinationId = Number(text('destination'));
    const collectionId = Number(text('collection'));
    if (collection !== null) setCollectionPostcode(collection);
    if (destination !== null) setDestinationPostcode(destination);
    if (destinationId) setDestinationCountryId(destinationId);
    if (collectionId) setCollectionCountryId(collectionId);
  }, []);
  // Arriving by a link to a quote for one destination: its post code is what to fill in next.
  const arrivedWithDestination = useRef(initialDestinationId !== null && !initialError);
  useEffect(() => {
    if (arrivedWithDestination.current) focusDestinationPostcode();
  }, []);
  useImperativeHandle(ref, () => ({
    chooseDestination(countryId: number) {
      setDestinationCountryId(countryId);
      focusDestinationPostcode();
    },
  }));
  const total = totalBoxes(boxes);
  // The first failed rule, shown in red beneath the form (docs/product-rules.md).
  const [error, setError] = useState<QuoteFieldError | { field: 'form'; message: string } | null>(
    initialError ? { field: 'form', message: initialError } : null,
  );
  const suggested =
    error && 'suggestedCountryId' in error
      ? COLLECTION_REGIONS.find((c) => c.countryId === error.suggestedCountryId)
      : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The fields as they are: on a prerendered page, what was typed before its script ran is in
    // the fields but not yet in this component's state, which takes it now.
    const fields = new FormData(event.currentTarget);
    const field = (name: string, kept: string) => {
      const value = fields.get(name);
      return typeof value === 'string' ? value : kept;
    };
    const request = {
      collection: {
        countryId: Number(field('collection', String(collectionCountryId))),
        postcode: field('collectionPostcode', collectionPostcode),
      },
      destination: {
        countryId: Number(field('destination', String(destinationCountryId))),
        postcode: field('destinationPostcode', destinationPostcode),
      },
      smallBoxes: boxes.small,
      largeBoxes: boxes.large,
    };
    setCollectionCountryId(request.collection.countryId);
    setCollectionPostcode(request.collection.postcode);
    setDestinationCountryId(request.destination.countryId);
    setDestinationPostcode(request.destination.postcode);
    void loadRules().then(
      ({ validateQuoteRequest }) => {
        const checked = validateQuoteRequest(request);
        if (!checked.ok) {
          setError(checked.errors[0] ?? null);
          return;
        }
        setError(null);
        onGetQuotes?.(request);
      },
      // The rules could not be loaded (offline): the quote page checks the question itself.
      () => onGetQuotes?.(request),
    );
  };

  return (
    <form
      ref={formRef}
      className="quote-form"
      // Sent by the browser itself before the page's script runs (or without it): the same
      // question in /quote's address (docs/quotes-and-orders.md).
      action={SITE_PAGES.quote.path}
      method="get"
      onSubmit={submit}
      // The rules start loading as soon as the form is used, so Get Quotes does not wait for them.
      onFocus={() => void loadRules()}
      aria-labelledby="quote-form-title"
      noValidate
    >
      <h2 className="quote-form__title" id="quote-form-title">
        Get an instant quote
      </h2>
      <Leg
        role="collection"
        country={[collectionCountryId, setCollectionCountryId]}
        postcode={[collectionPostcode, setCollectionPostcode]}
        error={error}
      />
      <Leg
        role="destination"
        country={[destinationCountryId, setDestinationCountryId]}
        postcode={[destinationPostcode, setDestinationPostcode]}
        error={error}
      />
      <fieldset className="quote-form__boxes">
        <legend className="quote-form__legend">
          Boxes <span className="quote-form__hint">(up to {MAX_BOXES} in total)</span>
        </legend>
        {(['small', 'large'] as const).map((type) => (
          <BoxCounter
            key={type}
            box={BOX_SPECS[type]}
            count={boxes[type]}
            canAdd={total < MAX_BOXES}
            onAdd={() => setBoxes((current) => addBox(current, type))}
            onRemove={() => setBoxes((current) => removeBox(current, type))}
          />
        ))}
      </fieldset>
      <input type="hidden" name="small" value={boxes.small} />
      <input type="hidden" name="large" value={boxes.large} />
      <button type="submit" className="button button--primary button--block">
        Get Quotes
      </button>
      <div className="quote-form__error" role="alert" id="quote-form-error">
        {error && (
          <>
            <p
              className="quote-form__error-text"
              data-testid="quote-form-error"
              ref={arrivalMessage}
              tabIndex={-1}
            >
              {error.message}
            </p>
            {suggested && (
              <button
                type="button"
                className="button button--secondary quote-form__switch"
                onClick={() => {
                  setCollectionCountryId(suggested.countryId);
                  setError(null);
                }}
              >
                Switch to {suggested.title}
              </button>
            )}
          </>
        )}
      </div>
    </form>
  );
}

/** Each end of the journey's words and the countries it may be. */
const LEGS = {
  collection: { legend: 'Collect from', label: 'Collection', options: COLLECTION_REGIONS },
  destination: { legend: 'Deliver to', label: 'Destination', options: DESTINATIONS },
} as const;

interface LegProps {
  role: keyof typeof LEGS;
  /** The chosen country's id, and how to change it. */
  country: [number, (countryId: number) => void];
  /** The post code typed, and how to change it. */
  postcode: [string, (postcode: string) => void];
  /** The form's error: its post code is invalid when the error is about it. */
  error: { field: string } | null;
}

/** One end of the journey: its country chooser and post code. */
function Leg({ role, country, postcode, error }: LegProps) {
  const { legend, label, options } = LEGS[role];
  const postcodeId = `${role}-postcode`;
  return (
    <fieldset className="quote-form__leg">
      <legend className="quote-form__legend">{legend}</legend>
      <CountrySelect
        id={`${role}-country`}
        name={role}
        label={`${label} country`}
        options={options}
        value={country[0]}
        onChange={country[1]}
      />
      <div className="field">
        <label className="field__label" htmlFor={postcodeId}>
          {label} post code
        </label>
        <input
          id={postcodeId}
          className="field__input"
          name={`${role}Postcode`}
          placeholder={POSTCODE_PLACEHOLDER}
          autoComplete={role === 'collection' ? 'postal-code' : 'off'}
          autoCapitalize="characters"
          spellCheck={false}
          value={postcode[0]}
          aria-invalid={error?.field === `${role}.postcode` ? true : undefined}
          aria-describedby={error ? 'quote-form-error' : undefined}
          onChange={(event) => postcode[1](event.target.value)}
        />
      </div>
    </fieldset>
  );
}
