import { coverExclusionOf, coverExclusionText } from '#src/domain/cover-exclusions.js';
import { useEffect, useState } from 'react';
import { addItem, confirmDeclaration, deleteItem } from '#src/domain/api/declaration.js';
import { listSavedItems, saveItem, type SavedItem } from '#src/domain/api/saved-items.js';
import {
  checkDeclaration,
  checkNewItem,
  destinationRules,
  formatKg,
  ItemInputSchema,
  padCommodityCode,
  toGrams,
  toPence,
  type AddItemInput,
  type DeclaredItem,
} from '#src/domain/items.js';
import { formatPence } from '#src/domain/money.js';
import type { OrderView, ParcelView } from '#src/domain/order.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { BusyButton } from '../../components/ui/busy-button.js';
import { AddItemForm } from './add-item-form.js';
import { PersonalEffectsSwitch } from './personal-effects-switch.js';
import { ImportChargesEstimate } from '../import-charges/index.js';
import {
  BackLink,
  setCurrentOrder,
  OrderGate,
  OrderSummary,
  isReadOnly,
  PaidOrderNotice,
} from '../orders/index.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { Link, useNavigate } from '../../lib/router.js';
import { useSessionState } from '../../lib/session.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { errorMessage, UNEXPECTED_ERROR } from '../../lib/error-message.js';
import '../orders/orders.css';
import { hrefOf } from '#src/domain/site-links.js';
import { RowAction } from '../../components/ui/row-action.js';

/** A refusal of Continue; `checked`: a problem this page's own check finds too. */
interface ContinueError {
  fieldId?: string;
  message: string;
  checked?: boolean;
}

export function ItemsPage() {
  usePageTitle(SITE_PAGES.items.title);
  return <OrderGate title="Declare Items">{(order) => <DeclareItems order={order} />}</OrderGate>;
}

function DeclareItems({ order }: { order: OrderView }) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<ContinueError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const readOnly = isReadOnly(order);
  const saved = useSavedItems(readOnly);
  const check = checkDeclaration(
    order.parcels.map((p) => ({ parcel: p, items: p.items })),
    destinationRules(order.destination.countryCode),
  );
  const problems = new Set(check.errors.map((e) => e.message));
  // A problem this page checks itself (no item in a box, too heavy, not allowed) goes away as
  // soon as the declaration no longer has it, not at the next Continue.
  const shownErrors = errors.filter((e) => !e.checked || problems.has(e.message));

  async function continueToPay() {
    if (busy) return;
    setBusy(true);
    setErrors([]);
    try {
      const result = await callApi(confirmDeclaration, { params: { id: order.id } });
      setCurrentOrder(result.order);
      navigate(hrefOf('pay'));
    } catch (error) {
      if (error instanceof ApiClientError) {
        const listed = Object.entries(error.fields).map(([key, message]) => ({
          fieldId: order.parcels.some((p) => p.key === key) ? `parcel-${key}` : undefined,
          message,
        }));
        setErrors(
          (listed.length > 0 ? listed : [{ message: error.message }]).map((e) => ({
            ...e,
            checked: problems.has(e.message),
          })),
        );
      } else {
        setErrors([{ message: UNEXPECTED_ERROR }]);
      }
      setAttempt((n) => n + 1);
      setBusy(false);
    }
  }

  return (
    <section className="page container">
      <BackLink to={hrefOf('booking', undefined, { step: '3' })}>Back to Collection Time</BackLink>
      <h1>Declare Items</h1>
      <div className="with-summary">
        <div className="with-summary__main">
          {readOnly ? (
            <PaidOrderNotice order={order} />
          ) : (
            <p className="lead">
              List what is in each box. Customs needs a name, how many, the value and the weight of
              each item.
            </p>
          )}
          <ErrorSummary errors={shownErrors} focusKey={attempt} refocusOnChange={false} />
          {order.parcels.map((parcel) => (
            <ParcelSection
              key={parcel.key}
              order={order}
              parcel={parcel}
              readOnly={readOnly}
              saved={saved}
            />
          ))}
          {check.warnings.length > 0 && (
            <div className="notice notice--warning" role="status">
              <h2 className="notice__title">Limits on these items</h2>
              <ul>
                {check.warnings.map((w) => (
                  <li key={`${w.itemId}-${w.message}`}>{w.message}</li>
                ))}
              </ul>
              <p>
                See <Link to={hrefOf('prohibitedItems')}>Prohibited Items</Link>.
              </p>
            </div>
          )}
          <PersonalEffectsSwitch order={order} readOnly={readOnly} />
          <ImportChargesEstimate order={order} personalEffects={order.personalEffects} />
          {!readOnly && (
            <BusyButton
              type="button"
              className="button button--primary"
              onClick={() => void continueToPay()}
              busy={busy}
              busyLabel="Checking your items"
              busyText="Checking…"
            >
              Continue
            </BusyButton>
          )}
        </div>
        <OrderSummary order={order} />
      </div>
    </section>
  );
}

interface SavedItems {
  /** Null for a guest (saving needs an account) and while loading. */
  items: SavedItem[] | null;
  set(items: SavedItem[]): void;
}

/** The signed-in account's saved items, to save declared items to and fill the form from. */
function useSavedItems(readOnly: boolean): SavedItems {
  const userId = useSessionState()?.user?.id ?? null;
  // Kept with the account they were read for: another account (or none) starts with none.
  const [state, setState] = useState<{ userId: string; items: SavedItem[] } | null>(null);
  useEffect(() => {
    if (!userId || readOnly) return;
    const controller = new AbortController();
    callApi(listSavedItems, { signal: controller.signal })
      .then((reply) => setState({ userId, items: reply.items }))
      // Saved items are a help, not a step: without them the form works as for a guest.
      .catch(() => undefined);
    return () => controller.abort();
  }, [userId, readOnly]);
  const items = userId && !readOnly && state?.userId === userId ? state.items : null;
  return {
    items,
    set: (next) => {
      if (userId) setState({ userId, items: next });
    },
  };
}

const sameItem = (saved: SavedItem, item: DeclaredItem) =>
  saved.name === item.name &&
  saved.commodityCode === item.commodityCode &&
  saved.numberOfUnits === item.numberOfUnits &&
  saved.unitValuePence === item.unitValuePence &&
  saved.unitWeightGrams === item.unitWeightGrams;

/** The problem an item would bring to the order's declaration, checked before it is sent. */
function checkItem(order: OrderView, parcelKey: string, input: AddItemInput) {
  const typed = ItemInputSchema.safeParse(input);
  if (!typed.success) return undefined;
  return checkNewItem(
    order.parcels.map((p) => ({ parcel: p, items: p.items })),
    parcelKey,
    {
      id: 'new',
      name: typed.data.name,
      commodityCode: padCommodityCode(input.commodityCode),
      commodityDescription: '',
      numberOfUnits: typed.data.numberOfUnits,
      unitValuePence: toPence(typed.data.unitValue),
      unitWeightGrams: toGrams(typed.data.unitWeight),
      countryOfOrigin: 'GB',
    },
    destinationRules(order.destination.countryCode),
  );
}

function ParcelSection({
  order,
  parcel,
  readOnly,
  saved,
}: {
  order: OrderView;
  parcel: ParcelView;
  readOnly: boolean;
  saved: SavedItems;
}) {
  const [deleting, setDeleting] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState('');
  const over = parcel.declaredWeightGrams > parcel.maxWeightKg * 1000;
  const headingId = `parcel-${parcel.key}`;

  async function remove(item: DeclaredItem) {
    if (deleting) return;
    setDeleting(item.id);
    setError(null);
    setAdded('');
    try {
      setCurrentOrder(
        await callApi(deleteItem, {
          params: { id: order.id, parcelKey: parcel.key, itemId: item.id },
        }),
      );
      // The live message says what just happened: never the add of an item now gone.
      setAdded(`Deleted ${item.name} from ${parcel.title}.`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setDeleting(null);
    }
  }

  async function saveForLater(item: DeclaredItem) {
    if (saving) return;
    setSaving(item.id);
    setError(null);
    try {
      const reply = await callApi(saveItem, { body: { orderId: order.id, itemId: item.id } });
      saved.set(reply.items);
      setAdded(`Saved ${item.name} for later. It is on your account page.`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(null);
    }
  }

  return (
    <section className="parcel" aria-labelledby={headingId}>
      <header className="parcel__header">
        <h2 className="parcel__title" id={headingId} tabIndex={-1}>
          {parcel.title}
        </h2>
        <p className="parcel__facts">
          Up to {parcel.maxWeightKg} kg · {parcel.heightCm} × {parcel.widthCm} × {parcel.lengthCm}{' '}
          cm
          <span className="visually-hidden"> (height × width × length)</span>
        </p>
        <p className={`parcel__weight${over ? ' parcel__weight--over' : ''}`}>
          Declared {formatKg(parcel.declaredWeightGrams)} kg of {parcel.maxWeightKg} kg
        </p>
      </header>
      {parcel.items.length === 0 ? (
        <p className="parcel__empty">No items declared yet.</p>
      ) : (
        <table className="items-table">
          <caption className="visually-hidden">Items in {parcel.title}</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Units</th>
              <th scope="col">Value each</th>
              <th scope="col">Weight each</th>
              {!readOnly && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {parcel.items.map((item) => (
              <tr key={item.id}>
                <th scope="row" data-label="Item">
                  {item.name}
                  <span className="items-table__code">
                    {item.commodityDescription} · {item.commodityCode}
                  </span>
                  <CoverNote item={item} />
                </th>
                <td data-label="Units">{item.numberOfUnits}</td>
                <td data-label="Value each">{formatPence(item.unitValuePence)}</td>
                <td data-label="Weight each">{formatKg(item.unitWeightGrams)} kg</td>
                {!readOnly && (
                  <td>
                    <div className="items-table__actions">
                      {saved.items &&
                        (saved.items.some((s) => sameItem(s, item)) ? (
                          <span className="items-table__saved">
                            Saved<span className="visually-hidden"> {item.name} for later</span>
                          </span>
                        ) : (
                          <RowAction
                            action="Save for later"
                            on={item.name}
                            waiting={saving !== null}
                            onClick={() => void saveForLater(item)}
                          />
                        ))}
                      <RowAction
                        action="Delete"
                        on={item.name}
                        waiting={deleting !== null}
                        onClick={() => void remove(item)}
                      />
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {!readOnly && (
        <AddItemForm
          parcelKey={parcel.key}
          parcelTitle={parcel.title}
          toEu={destinationRules(order.destination.countryCode).toEu}
          check={(item) => checkItem(order, parcel.key, item)}
          added={added}
          onAdded={setAdded}
          saved={saved.items ?? undefined}
          onAdd={async (item) =>
            setCurrentOrder(
              await callApi(addItem, {
                params: { id: order.id, parcelKey: parcel.key },
                body: item,
              }),
            )
          }
        />
      )}
    </section>
  );
}

/** What the courier's cover pays for the item when less than its value (decision 111). */
function CoverNote({ item }: { item: { name: string; commodityCode: string } }) {
  const excluded = coverExclusionOf(item);
  if (!excluded) return null;
  return <span className="items-table__cover">{coverExclusionText(excluded)}</span>;
}
