import { useEffect, useRef, useState, type FormEvent } from 'react';
import { lookupCommodities } from '#src/domain/api/declaration.js';
import type { SavedItem } from '#src/domain/api/saved-items.js';
import { formatKg, ITEM_MESSAGES, ItemInputSchema, type AddItemInput } from '#src/domain/items.js';
import { formatPence } from '#src/domain/money.js';
import { refusalOf } from '#src/domain/prohibited-items.js';
import { BusyButton } from '../../components/ui/busy-button.js';
import { fieldBinding, TextField } from '../../components/ui/text-field.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { UNEXPECTED_ERROR } from '../../lib/error-message.js';

type FieldName = 'name' | 'numberOfUnits' | 'unitValue' | 'unitWeight' | 'commodityCode';
type Typed = Record<Exclude<FieldName, 'commodityCode'>, string>;
const EMPTY: Typed = {
  name: '',
  numberOfUnits: '1',
  unitValue: '',
  unitWeight: '',
};

interface Match {
  commodityCode: string;
  commodityDescription: string;
}

export interface AddItemFormProps {
  parcelKey: string;
  parcelTitle: string;
  toEu: boolean;
  /** The problem this item would bring to the declaration (refused, over a limit or weight). */
  check(item: AddItemInput): { field: 'name' | 'unitWeight'; message: string } | undefined;
  onAdd(item: AddItemInput): Promise<void>;
  /** The text of the last item added, cleared when the parcel's items change otherwise. */
  added: string;
  onAdded(text: string): void;
  /** The signed-in account's saved items, to fill the form with one (none for a guest). */
  saved?: readonly SavedItem[] | undefined;
}

/** How a saved item is offered: what it is, how many, value and weight. */
export function describeSavedItem(item: SavedItem): string {
  return `${item.name} — ${item.numberOfUnits} × ${formatPence(item.unitValuePence)}, ${formatKg(item.unitWeightGrams)} kg each`;
}

/**
 * The add-item form of one parcel (Name, NumberOfUnits, UnitValue, UnitWeight). The first Add
 * item looks the name up in the courier's commodity list and shows the matches; the customer
 * picks one and the second Add item stores the item. A name the prohibited-goods table refuses is
 * answered with its category at once, before any lookup. Nothing typed is lost on an error.
 */
export function AddItemForm(props: AddItemFormProps) {
  const { parcelKey, parcelTitle, toEu, check, onAdd, added, onAdded, saved = [] } = props;
  const [savedChoice, setSavedChoice] = useState('');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const [matches, setMatches] = useState<{ name: string; list: Match[] } | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ field: FieldName } | null>(null);
  const setFocusTarget = (field: FieldName) => setFocusRequest({ field });
  const [status, setStatus] = useState('');
  const firstMatch = useRef<HTMLInputElement>(null);
  const id = (name: string) => `${parcelKey}-${name}`;

  // Focus moves once the element it goes to has rendered (the matches appear with it).
  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.field === 'commodityCode') firstMatch.current?.focus();
    else document.getElementById(`${parcelKey}-${focusRequest.field}`)?.focus();
  }, [focusRequest, parcelKey]);

  const update = (name: keyof Typed) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    if (name === 'name') {
      setMatches(null);
      setPicked(null);
      setSavedChoice('');
    }
  };

  const fieldProps = fieldBinding<keyof Typed>({ id, values, errors, update });

  function fail(found: Partial<Record<FieldName, string>>) {
    setErrors(found);
    setStatus('');
    const order: FieldName[] = [
      'name',
      'commodityCode',
      'numberOfUnits',
      'unitValue',
      'unitWeight',
    ];
    setFocusTarget(order.find((f) => found[f]) ?? 'name');
  }

  /**
   * Fills the form with a saved item and picks its commodity code, so Add item adds it at once;
   * it is still checked (prohibited goods, the parcel's weight) like any item.
   */
  function fillFromSaved(savedItemId: string) {
    setSavedChoice(savedItemId);
    const item = saved.find((s) => s.id === savedItemId);
    if (!item) return;
    onAdded('');
    setValues({
      name: item.name,
      numberOfUnits: String(item.numberOfUnits),
      unitValue: (item.unitValuePence / 100).toFixed(2),
      unitWeight: formatKg(item.unitWeightGrams),
    });
    setMatches({
      name: item.name,
      list: [
        { commodityCode: item.commodityCode, commodityDescription: item.commodityDescription },
      ],
    });
    setPicked(item.commodityCode);
    setErrors({});
    setStatus(`Filled in your saved item “${item.name}”: check it, then Add item.`);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    onAdded('');
    const checked = ItemInputSchema.safeParse(values);
    if (!checked.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      fail(found);
      return;
    }
    const refusal = refusalOf({ name: checked.data.name }, toEu);
    if (refusal) {
      fail({ name: refusal.message });
      return;
    }
    setBusy(true);
    try {
      if (!matches || matches.name !== checked.data.name) {
        setStatus('Looking up the item…');
        const found = await callApi(lookupCommodities, { query: { name: checked.data.name } });
        setMatches({ name: checked.data.name, list: found.matches });
        setPicked(null);
        setErrors({});
        setStatus(
          `${found.matches.length} ${found.matches.length === 1 ? 'match' : 'matches'} for “${checked.data.name}”: choose which it is, then Add item.`,
        );
        setFocusTarget('commodityCode');
        return;
      }
      if (!picked) {
        fail({ commodityCode: ITEM_MESSAGES.commodityChoose });
        return;
      }
      const item: AddItemInput = { ...values, commodityCode: picked };
      const problem = check(item);
      if (problem) {
        fail({ [problem.field]: problem.message });
        return;
      }
      setStatus('Adding the item…');
      await onAdd(item);
      setValues(EMPTY);
      setMatches(null);
      setPicked(null);
      setSavedChoice('');
      setErrors({});
      setStatus('');
      onAdded(`Added ${checked.data.name} to ${parcelTitle}.`);
      setFocusTarget('name');
    } catch (error) {
      if (error instanceof ApiClientError) {
        fail({ name: error.message, ...error.fields });
      } else {
        fail({ name: UNEXPECTED_ERROR });
      }
    } finally {
      setBusy(false);
    }
  }

  const matchesId = id('matches');
  return (
    <form
      className="add-item"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Add an item to ${parcelTitle}`}
    >
      {saved.length > 0 && (
        <div className="field add-item__saved">
          <label className="field__label" htmlFor={id('saved')}>
            Use a saved item
          </label>
          <p className="field__hint" id={id('saved-hint')}>
            Fills in the form with an item you saved before
          </p>
          <select
            id={id('saved')}
            className="field__input"
            aria-describedby={id('saved-hint')}
            value={savedChoice}
            onChange={(event) => fillFromSaved(event.target.value)}
          >
            <option value="">Choose a saved item</option>
            {saved.map((item) => (
              <option key={item.id} value={item.id}>
                {describeSavedItem(item)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="add-item__fields">
        <TextField
          {...fieldProps('name')}
          label="Item name"
          hint='What it is, like "wool jumper" or "paperback books"'
          maxLength={100}
          autoComplete="off"
          wide
        />
        <TextField {...fieldProps('numberOfUnits')} label="Number of units" inputMode="numeric" />
        <TextField {...fieldProps('unitValue')} label="Value per unit (£)" inputMode="decimal" />
        <TextField {...fieldProps('unitWeight')} label="Weight per unit (kg)" inputMode="decimal" />
      </div>
      {matches && (
        <fieldset
          className={`add-item__matches${errors.commodityCode ? ' field--error' : ''}`}
          aria-describedby={errors.commodityCode ? `${matchesId}-error` : undefined}
        >
          <legend className="field__label">Which of these is “{matches.name}”?</legend>
          {errors.commodityCode && (
            <p className="field__error" id={`${matchesId}-error`}>
              <span className="visually-hidden">Error: </span>
              {errors.commodityCode}
            </p>
          )}
          {matches.list.map((match, index) => {
            const refusal = refusalOf({ name: '', commodityCode: match.commodityCode }, toEu);
            const inputId = `${matchesId}-${index}`;
            return (
              <div className="choice" key={match.commodityCode}>
                <input
                  type="radio"
                  id={inputId}
                  name={matchesId}
                  value={match.commodityCode}
                  ref={index === 0 ? firstMatch : undefined}
                  disabled={refusal !== undefined}
                  checked={picked === match.commodityCode}
                  onChange={() => {
                    setPicked(match.commodityCode);
                    setErrors((current) => ({ ...current, commodityCode: undefined }));
                  }}
                />
                <label htmlFor={inputId}>
                  {match.commodityDescription} · {match.commodityCode}
                  {refusal && <span className="choice__note"> ({refusal.message})</span>}
                </label>
              </div>
            );
          })}
        </fieldset>
      )}
      <BusyButton
        className="button button--secondary"
        busy={busy}
        busyLabel="Checking the item"
        busyText="Checking…"
      >
        Add item
      </BusyButton>
      <p className="add-item__status" role="status">
        {status || added}
      </p>
    </form>
  );
}
