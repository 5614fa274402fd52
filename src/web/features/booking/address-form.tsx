import { useState, type FormEvent } from 'react';
import {
  ADDRESS_FIELD_ORDER,
  addressFormatFor,
  AddressInputSchema,
  callingCodeFor,
  validateAddress,
  type AddressInputValue,
} from '#src/domain/address.js';
import type { FoundAddress } from '#src/domain/address-lookup.js';
import type { OrderAddress, OrderPlace } from '#src/domain/order.js';
import { SavedAddressPicker, type ContactValues } from '../address-book/index.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { BusyButton } from '../../components/ui/busy-button.js';
import { fieldBinding, TextField } from '../../components/ui/text-field.js';
import { ApiClientError } from '../../lib/api.js';
import {
  forgetAddressDraft,
  keepAddressDraft,
  readAddressDraft,
  type AddressRole,
} from '../orders/index.js';
import { UNEXPECTED_ERROR } from '../../lib/error-message.js';
import { AddressFinder } from './address-finder.js';

type FieldName = keyof AddressInputValue;

function initialValues(saved: OrderAddress | null, place: OrderPlace): AddressInputValue {
  if (!saved) return AddressInputSchema.parse({});
  const prefix = callingCodeFor(place.countryCode);
  return {
    firstName: saved.firstName,
    lastName: saved.lastName,
    company: saved.company ?? '',
    street: saved.street,
    street2: saved.street2 ?? '',
    city: saved.city,
    state: saved.state,
    phoneNumber: saved.phone.startsWith(prefix) ? saved.phone.slice(prefix.length) : saved.phone,
    email: saved.email,
    instructions: saved.instructions ?? '',
  };
}

/**
 * What was typed and not saved before a reload (kept in this tab per order and role), when it
 * still has the form's shape; otherwise the saved address, or an empty form.
 */
function startingValues(
  orderId: string,
  role: AddressRole,
  saved: OrderAddress | null,
  place: OrderPlace,
): AddressInputValue {
  const draft = AddressInputSchema.safeParse(readAddressDraft(orderId, role));
  return draft.success ? draft.data : initialValues(saved, place);
}

export interface AddressFormProps {
  /** The order the address belongs to: unsaved typing is kept under its id. */
  orderId: string;
  /** "collection" or "delivery": ids and labels. */
  role: AddressRole;
  place: OrderPlace;
  saved: OrderAddress | null;
  submitLabel: string;
  /** Signed in: "use a saved address" and "save this address" are offered. */
  signedIn: boolean;
  /** What an untouched empty form starts with (step 1: the customer's name, email and phone). */
  prefill?: ContactValues | null;
  /** `remember`: also keep the address in the account's address book. */
  onSave(address: AddressInputValue, remember: boolean): Promise<void>;
  /** A saved address chosen and left as it was: the server checks and sets it as the step's. */
  onUseSaved(savedAddressId: string): Promise<void>;
}

/** The typed fields of every address before its area, in order: each a text box. */
const TYPED_FIELDS: readonly {
  name: 'firstName' | 'lastName' | 'company' | 'street' | 'street2' | 'city';
  label: string;
  /** The autofill token, after the address's section. */
  autoComplete: string;
  maxLength: number;
  optional?: true;
  wide?: true;
  hint?: string;
}[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name', maxLength: 50 },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name', maxLength: 50 },
  {
    name: 'company',
    label: 'Company',
    autoComplete: 'organization',
    maxLength: 100,
    optional: true,
    wide: true,
  },
  {
    name: 'street',
    label: 'Street address',
    autoComplete: 'address-line1',
    maxLength: 100,
    wide: true,
  },
  {
    name: 'street2',
    label: 'Address line 2',
    hint: 'Flat, building, floor or area',
    autoComplete: 'address-line2',
    maxLength: 100,
    optional: true,
    wide: true,
  },
  { name: 'city', label: 'Town or city', autoComplete: 'address-level2', maxLength: 60 },
];

const sameValues = (a: AddressInputValue, b: AddressInputValue) =>
  (Object.keys(a) as (keyof AddressInputValue)[]).every((key) => a[key] === b[key]);

/**
 * Steps 1 and 2 of the wizard (docs/product-rules.md, "Booking wizard"): checked here with the same rules
 * the server applies, then saved on the order.
 */
export function AddressForm({
  orderId,
  role,
  place,
  saved,
  submitLabel,
  signedIn,
  prefill,
  onSave,
  onUseSaved,
}: AddressFormProps) {
  const [values, setValues] = useState(() => startingValues(orderId, role, saved, place));
  const [chosen, setChosen] = useState<{ id: string; values: AddressInputValue } | null>(null);
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const prefix = callingCodeFor(place.countryCode);
  const format = addressFormatFor(place.countryCode);
  const id = (name: string) => `${role}-${name}`;

  // The customer's own details fill an empty form once they are known; never over typing.
  const [prefilled, setPrefilled] = useState<ContactValues | null>(null);
  if (prefill && prefill !== prefilled) {
    setPrefilled(prefill);
    if (!Object.values(values).some(Boolean)) {
      setValues({
        ...values,
        firstName: prefill.firstName,
        lastName: prefill.lastName,
        email: prefill.email,
        phoneNumber: prefill.phoneNumber,
      });
    }
  }

  const choose = (savedId: string, next: AddressInputValue) => {
    setValues(next);
    setChosen({ id: savedId, values: next });
    keepAddressDraft(orderId, role, next);
    setErrors({});
    setSummary(null);
  };

  // An address found from its post code fills the address lines; the rest is the customer's.
  const fill = (found: FoundAddress) => {
    const next = {
      ...values,
      company: found.company,
      street: found.street,
      street2: found.street2,
      city: found.city,
      state: found.state,
    };
    setValues(next);
    keepAddressDraft(orderId, role, next);
    setErrors((current) => ({
      ...current,
      company: undefined,
      street: undefined,
      street2: undefined,
      city: undefined,
      state: undefined,
    }));
  };

  // Each change is kept as a draft until the address is saved, so a reload loses nothing.
  const update = (name: FieldName) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    keepAddressDraft(orderId, role, next);
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const fieldProps = fieldBinding({ id, values, errors, update });
  /** A part of the address the quote fixed: shown, not changed here. */
  const fromQuote = (name: string, label: string, value: string) => (
    <TextField id={id(name)} label={label} value={value} hint="From your quote" readOnly />
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const checked = validateAddress(values, place.countryCode);
    if (!checked.ok) {
      setErrors(checked.fields);
      setSummary(checked.summary);
      return;
    }
    setSaving(true);
    try {
      if (chosen && sameValues(chosen.values, values)) await onUseSaved(chosen.id);
      else await onSave(values, signedIn && remember);
      forgetAddressDraft(orderId, role);
      setErrors({});
      setSummary(null);
    } catch (error) {
      if (error instanceof ApiClientError) {
        setErrors(error.fields as Partial<Record<FieldName, string>>);
        setSummary(error.message);
      } else {
        setSummary(UNEXPECTED_ERROR);
      }
    } finally {
      setSaving(false);
    }
  }

  const listed = ADDRESS_FIELD_ORDER.filter((name) => errors[name]).map((name) => ({
    fieldId: id(name),
    message: errors[name] ?? '',
  }));

  return (
    <form className="address-form" onSubmit={(event) => void submit(event)} noValidate>
      <ErrorSummary message={summary} errors={listed} />
      {signedIn && (
        <SavedAddressPicker
          role={role}
          place={place}
          onChoose={(picked, next) => choose(picked.id, next)}
        />
      )}
      {role === 'collection' && place.countryCode === 'GB' && (
        <AddressFinder
          orderId={orderId}
          postcode={place.postcode}
          onChoose={fill}
          onManual={() => document.getElementById(id('street'))?.focus()}
        />
      )}
      <div className="form-grid">
        {TYPED_FIELDS.map((field) => (
          <TextField
            key={field.name}
            {...fieldProps(field.name)}
            label={field.label}
            optional={field.optional}
            required={!field.optional}
            hint={field.hint}
            autoComplete={`section-${role} ${field.autoComplete}`}
            maxLength={field.maxLength}
            wide={field.wide}
          />
        ))}
        <TextField
          {...fieldProps('state')}
          label={format.areaLabel}
          optional={!format.areaRequired}
          autoComplete={`section-${role} address-level1`}
          maxLength={60}
          required={format.areaRequired}
        />
        {fromQuote('country', 'Country', place.title)}
        {fromQuote('postalCode', 'Post code', place.postcode)}
        <TextField
          {...fieldProps('phoneNumber')}
          label="Phone number"
          type="tel"
          autoComplete={`section-${role} tel-national`}
          maxLength={30}
          required
          prefix={prefix}
          hint={`A ${place.countryCode === 'GB' ? 'UK' : place.title} number (${prefix}) the courier can call`}
        />
        <TextField
          {...fieldProps('email')}
          label="Email"
          type="email"
          autoComplete={`section-${role} email`}
          maxLength={254}
          required
        />
        <div className={`field field--wide${errors.instructions ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor={id('instructions')}>
            Instructions for the courier <span className="field__optional">(optional)</span>
          </label>
          {errors.instructions && (
            <p className="field__error" id={id('instructions-error')}>
              <span className="visually-hidden">Error: </span>
              {errors.instructions}
            </p>
          )}
          <textarea
            id={id('instructions')}
            className="field__input field__input--textarea"
            rows={3}
            maxLength={300}
            value={values.instructions}
            aria-invalid={errors.instructions ? true : undefined}
            aria-describedby={errors.instructions ? id('instructions-error') : undefined}
            onChange={(event) => update('instructions')(event.target.value)}
          />
        </div>
      </div>
      {signedIn && !(chosen && sameValues(chosen.values, values)) && (
        <div className="save-address">
          <input
            id={id('remember')}
            type="checkbox"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <label htmlFor={id('remember')}>Save this address to your address book</label>
        </div>
      )}
      <BusyButton
        className="button button--primary"
        busy={saving}
        busyLabel="Saving the address"
        busyText="Saving…"
      >
        {submitLabel}
      </BusyButton>
    </form>
  );
}
