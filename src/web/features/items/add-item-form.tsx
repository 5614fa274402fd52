import { useState, type FormEvent } from 'react';
import { ItemInputSchema, type ItemInput } from '../../../domain/items.js';
import { Spinner } from '../../components/ui/spinner.js';
import { TextField } from '../../components/ui/text-field.js';
import { ApiClientError } from '../../lib/api.js';

type FieldName = 'name' | 'numberOfUnits' | 'unitValue' | 'unitWeight';
const EMPTY: Record<FieldName, string> = {
  name: '',
  numberOfUnits: '1',
  unitValue: '',
  unitWeight: '',
};

export interface AddItemFormProps {
  parcelKey: string;
  parcelTitle: string;
  onAdd(item: ItemInput): Promise<void>;
}

/**
 * The add-item form of one parcel (docs/product-rules.md: Name, NumberOfUnits, UnitValue, UnitWeight). The
 * name is looked up in the courier's commodity list; when it is not found, what was typed stays.
 */
export function AddItemForm({ parcelKey, parcelTitle, onAdd }: AddItemFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const id = (name: string) => `${parcelKey}-${name}`;

  const update = (name: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = ItemInputSchema.safeParse(values);
    if (!checked.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      setErrors(found);
      setStatus('');
      const first = (['name', 'numberOfUnits', 'unitValue', 'unitWeight'] as const).find(
        (f) => found[f],
      );
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setBusy(true);
    setStatus('Looking up the item…');
    try {
      await onAdd(values);
      setValues(EMPTY);
      setErrors({});
      setStatus(`Added ${checked.data.name} to ${parcelTitle}.`);
      document.getElementById(id('name'))?.focus();
    } catch (error) {
      const message =
        error instanceof ApiClientError ? error.message : 'Something went wrong. Please try again.';
      setErrors({ name: message, ...(error instanceof ApiClientError ? error.fields : {}) });
      setStatus('');
      document.getElementById(id('name'))?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="add-item"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Add an item to ${parcelTitle}`}
    >
      <div className="add-item__fields">
        <TextField
          id={id('name')}
          label="Item name"
          hint='What it is, like "wool jumper" or "paperback books"'
          maxLength={100}
          autoComplete="off"
          wide
          value={values.name}
          error={errors.name}
          onChange={update('name')}
        />
        <TextField
          id={id('numberOfUnits')}
          label="Number of units"
          inputMode="numeric"
          value={values.numberOfUnits}
          error={errors.numberOfUnits}
          onChange={update('numberOfUnits')}
        />
        <TextField
          id={id('unitValue')}
          label="Value per unit (£)"
          inputMode="decimal"
          value={values.unitValue}
          error={errors.unitValue}
          onChange={update('unitValue')}
        />
        <TextField
          id={id('unitWeight')}
          label="Weight per unit (kg)"
          inputMode="decimal"
          value={values.unitWeight}
          error={errors.unitWeight}
          onChange={update('unitWeight')}
        />
      </div>
      <button type="submit" className="button button--secondary" aria-disabled={busy || undefined}>
        {busy ? (
          <>
            <Spinner label="Looking up the item" /> Looking up…
          </>
        ) : (
          'Add item'
        )}
      </button>
      <p className="add-item__status" role="status">
        {status}
      </p>
    </form>
  );
}
