import { useEffect, useState, type FormEvent } from 'react';
import { addressFormatFor, callingCodeFor } from '#src/domain/address.js';
import { formValuesOf } from '#src/domain/address-book.js';
import {
  deleteSavedAddress,
  listSavedAddresses,
  updateSavedAddress,
  type SavedAddress,
} from '#src/domain/api/saved-addresses.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { Spinner } from '../../components/ui/spinner.js';
import { TextField } from '../../components/ui/text-field.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { errorMessage } from '../../lib/error-message.js';
import { savedAddressSummary } from './saved-address-picker.js';
import './address-book.css';
import { RowAction } from '../../components/ui/row-action.js';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; addresses: SavedAddress[] }
  | { state: 'error'; message: string };

/**
 * `/account`'s "Address book": the saved collection addresses and recipients, each with Edit
 * (checked as a booking step checks it) and Delete (after a confirmation).
 */
export function AddressBookSection() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const [status, setStatus] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    callApi(listSavedAddresses, { query: {}, signal: controller.signal })
      .then((reply) => setLoad({ state: 'ready', addresses: reply.addresses }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: errorMessage(error) });
      });
    return () => controller.abort();
  }, []);

  const focusTitle = () => document.getElementById('address-book-title')?.focus();

  const groups = [
    { role: 'collection', title: 'Collection addresses' },
    { role: 'delivery', title: 'Recipients' },
  ] as const;

  return (
    <section aria-labelledby="address-book-title" className="account-page__section">
      <h2 id="address-book-title" tabIndex={-1}>
        Address book
      </h2>
      {load.state === 'loading' && <Spinner label="Loading your address book" />}
      {load.state === 'error' && <p className="field__error">{load.message}</p>}
      {load.state === 'ready' && load.addresses.length === 0 && (
        <p>
          No saved addresses. When you book, “Save this address” keeps one here, and after paying
          you can save both; your next booking can then fill them in.
        </p>
      )}
      {load.state === 'ready' &&
        groups.map(({ role, title }) => {
          const addresses = load.addresses.filter((a) => a.role === role);
          if (addresses.length === 0) return null;
          return (
            <div key={role}>
              <h3>{title}</h3>
              <ul className="address-book__list" aria-label={title}>
                {addresses.map((saved) => {
                  const { title: name, lines } = savedAddressSummary(saved);
                  return (
                    <li key={saved.id} className="address-book__item">
                      <p className="address-book__name">{name}</p>
                      <p className="address-book__lines">{lines}</p>
                      {editing === saved.id ? (
                        <EditSavedAddress
                          saved={saved}
                          onDone={(changed) => {
                            setEditing(null);
                            if (changed) {
                              setLoad({
                                state: 'ready',
                                addresses: load.addresses.map((a) =>
                                  a.id === changed.id ? changed : a,
                                ),
                              });
                              setStatus(`Saved the changes to ${name}.`);
                            }
                            focusTitle();
                          }}
                        />
                      ) : (
                        <div className="address-book__actions">
                          <RowAction
                            action="Edit"
                            on={name}
                            onClick={() => {
                              setStatus('');
                              setEditing(saved.id);
                            }}
                          />
                          <RowAction action="Delete" on={name} onClick={() => setDeleting(saved)} />
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      <p role="status" className="address-book__status">
        {status}
      </p>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this saved address?"
        confirmLabel="Delete address"
        onClose={() => setDeleting(null)}
        action={async () => {
          if (!deleting) return;
          const reply = await callApi(deleteSavedAddress, {
            params: { savedAddressId: deleting.id },
          });
          const { title } = savedAddressSummary(deleting);
          setLoad({ state: 'ready', addresses: reply.addresses });
          setDeleting(null);
          setStatus(`Deleted ${title} from your address book.`);
          focusTitle();
        }}
      >
        <p>
          {deleting
            ? `${savedAddressSummary(deleting).title}: ${savedAddressSummary(deleting).lines}`
            : ''}
        </p>
        <p>Bookings already made keep their addresses.</p>
      </ConfirmDialog>
    </section>
  );
}

type FieldName =
  | 'label'
  | 'firstName'
  | 'lastName'
  | 'company'
  | 'street'
  | 'street2'
  | 'city'
  | 'state'
  | 'postcode'
  | 'phoneNumber'
  | 'email'
  | 'instructions';

const FIELDS: { name: FieldName; label: string; optional?: boolean; wide?: boolean }[] = [
  { name: 'label', label: 'Your name for it', optional: true, wide: true },
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
  { name: 'company', label: 'Company', optional: true, wide: true },
  { name: 'street', label: 'Street address', wide: true },
  { name: 'street2', label: 'Address line 2', optional: true, wide: true },
  { name: 'city', label: 'Town or city' },
  { name: 'state', label: 'County' },
  { name: 'postcode', label: 'Post code' },
  { name: 'phoneNumber', label: 'Phone number' },
  { name: 'email', label: 'Email' },
  { name: 'instructions', label: 'Instructions for the courier', optional: true, wide: true },
];

function EditSavedAddress({
  saved,
  onDone,
}: {
  saved: SavedAddress;
  onDone(changed: SavedAddress | null): void;
}) {
  const [values, setValues] = useState<Record<FieldName, string>>(() => ({
    ...formValuesOf(saved, saved.countryCode),
    label: saved.label,
    postcode: saved.postcode,
  }));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const format = addressFormatFor(saved.countryCode);
  const id = (name: string) => `saved-${saved.id}-${name}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const reply = await callApi(updateSavedAddress, {
        params: { savedAddressId: saved.id },
        body: { ...values, role: saved.role, countryId: saved.countryId },
      });
      onDone(reply.address);
    } catch (error) {
      if (error instanceof ApiClientError) {
        setErrors(error.fields ?? {});
        setSummary(error.message);
      } else {
        setSummary(errorMessage(error));
      }
    } finally {
      setSaving(false);
    }
  }

  const listed = FIELDS.filter((f) => errors[f.name]).map((f) => ({
    fieldId: id(f.name),
    message: errors[f.name] ?? '',
  }));

  return (
    <form className="address-form" onSubmit={(event) => void submit(event)} noValidate>
      <ErrorSummary message={summary} errors={listed} />
      <div className="form-grid">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={id(field.name)}
            label={field.name === 'state' ? format.areaLabel : field.label}
            optional={field.name === 'state' ? !format.areaRequired : field.optional}
            wide={field.wide}
            type={field.name === 'email' ? 'email' : field.name === 'phoneNumber' ? 'tel' : 'text'}
            prefix={field.name === 'phoneNumber' ? callingCodeFor(saved.countryCode) : undefined}
            hint={field.name === 'postcode' ? saved.countryTitle : undefined}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
          />
        ))}
      </div>
      <div className="button-row">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={saving || undefined}
        >
          Save changes
        </button>
        <button type="button" className="button button--secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
