import { useEffect, useId, useState, type ReactNode } from 'react';
import { chooseCover, getCoverOptions, type CoverOptions } from '#src/domain/api/cover.js';
import { coverLimitWords, limitedByExclusions } from '#src/domain/cover.js';
import { formatPence } from '#src/domain/money.js';
import type { OrderView } from '#src/domain/order.js';
import { coverPricePence, formatPercent, formatWholePounds } from '#src/domain/pricing.js';
import { callApi } from '../../lib/api.js';
import { errorMessage } from '../../lib/error-message.js';
import { setCurrentOrder } from '../orders/index.js';
import { CoverExclusionsList } from './cover-exclusions-list.js';

type Option = 'included' | 'full' | 'other';

function optionOf(options: CoverOptions): Option {
  if (options.coverPence <= options.settings.includedPence) return 'included';
  return options.coverPence === options.suggestedPence ? 'full' : 'other';
}

/** Pounds as a field shows them for editing: "600" or "600.50". */
export function poundsText(pence: number): string {
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);
}

/** What extra cover costs and up to what: the value of the goods the cover pays for. */
export function CoverHint({ id, options }: { id: string; options: CoverOptions }) {
  const { settings } = options;
  const upTo = limitedByExclusions(options)
    ? coverLimitWords(options)
    : `the value of your items (${formatWholePounds(options.declaredValuePence)})`;
  return (
    <p className="cover-choice__hint" id={id}>
      Every shipment is covered to {formatWholePounds(settings.includedPence)} for free. Extra cover
      costs {formatPercent(settings.percentBasisPoints)} of the cover above{' '}
      {formatWholePounds(settings.includedPence)}, up to {upTo}, at most{' '}
      {formatWholePounds(settings.maxCoverPence)} per shipment.
    </p>
  );
}

/** One level of cover: a radio card, its words and price beside it. */
function CoverOption({
  name,
  checked,
  disabled,
  describedBy,
  onChoose,
  children,
}: {
  name: string;
  checked: boolean;
  disabled: boolean;
  describedBy?: string;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <label className="cover-choice__option option-card">
      <input
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={onChoose}
      />
      <span>{children}</span>
    </label>
  );
}

/**
 * The suggested level, full cover to the value of the goods the cover pays for, with the items
 * it leaves out named beside it (the list alone when no cover can be bought).
 */
export function FullCover({
  name,
  options,
  checked,
  disabled,
  onChoose,
}: {
  name: string;
  options: CoverOptions;
  checked: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const { settings } = options;
  const listId = `${name}-exclusions`;
  const list = options.exclusions.length > 0;
  return (
    <>
      {options.maxCoverPence > settings.includedPence && (
        <CoverOption
          name={name}
          checked={checked}
          disabled={disabled}
          describedBy={list ? listId : undefined}
          onChoose={onChoose}
        >
          Full cover to {formatWholePounds(options.suggestedPence)}{' '}
          <span className="cover-choice__price">
            + {formatPence(coverPricePence(options.suggestedPence, settings))}
          </span>{' '}
          <span className="cover-choice__suggested">
            {limitedByExclusions(options)
              ? 'Suggested: the value of the goods the cover pays for'
              : 'Suggested: the value you declared'}
          </span>
        </CoverOption>
      )}
      <CoverExclusionsList
        id={listId}
        exclusions={options.exclusions}
        includedPence={settings.includedPence}
      />
    </>
  );
}

/**
 * The payment step's cover choice (docs/cover-and-import-charges.md, "Cover"): the included £50,
 * full cover to the value of the goods the cover pays for (suggested, the items it leaves out
 * named beside it) or another amount, each with its price as the server will charge it. A choice
 * is saved on the server, which prices the order again; the payment follows the new price.
 */
export function CoverChoice({ order, disabled }: { order: OrderView; disabled: boolean }) {
  const [options, setOptions] = useState<CoverOptions | null>(null);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** The option being saved: shown chosen at once, until the server's answer is loaded. */
  const [pending, setPending] = useState<Option | null>(null);
  const id = useId();
  const orderId = order.id;
  const coverPence = order.cover.coverPence;
  const declaredAt = order.declaredAt;

  useEffect(() => {
    let live = true;
    callApi(getCoverOptions, { params: { id: orderId } })
      .then((loaded) => {
        if (!live) return;
        setOptions(loaded);
        setPending(null);
        // "Another amount" starts at the cover bought, else at the suggested level.
        setOther(
          (typed) =>
            typed ||
            poundsText(
              loaded.coverPence > loaded.settings.includedPence
                ? loaded.coverPence
                : loaded.suggestedPence,
            ),
        );
      })
      .catch((e: unknown) => {
        if (live) setError(errorMessage(e));
      });
    return () => {
      live = false;
    };
  }, [orderId, coverPence, declaredAt]);

  if (!options) {
    return error ? (
      <p className="notice notice--error" role="alert">
        {error}
      </p>
    ) : null;
  }

  const { settings } = options;
  const chosen = pending ?? optionOf(options);
  const canBuy = options.maxCoverPence > settings.includedPence;

  async function choose(option: Option, pounds: string) {
    setSaving(true);
    setError(null);
    setPending(option);
    try {
      const updated = await callApi(chooseCover, {
        params: { id: orderId },
        body: { cover: pounds },
      });
      // The options are loaded again for the new cover (and `pending` cleared then).
      if (updated.cover.coverPence === coverPence) setPending(null);
      setCurrentOrder(updated);
    } catch (e) {
      setPending(null);
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  }

  const busy = disabled || saving;
  /** A level's radio card: one group, the level chosen checked. */
  const level = (which: Option) => ({
    name: `${id}-cover`,
    checked: chosen === which,
    disabled: busy,
  });

  return (
    <fieldset className="cover-choice" aria-describedby={`${id}-hint`}>
      <legend className="cover-choice__legend">Cover for your shipment</legend>
      <CoverHint id={`${id}-hint`} options={options} />
      <div className="cover-choice__options">
        <CoverOption
          {...level('included')}
          onChoose={() => void choose('included', poundsText(settings.includedPence))}
        >
          {formatWholePounds(settings.includedPence)} included{' '}
          <span className="cover-choice__price">Free</span>
        </CoverOption>
        <FullCover
          {...level('full')}
          options={options}
          onChoose={() => void choose('full', poundsText(options.suggestedPence))}
        />
        {canBuy && (
          <div className="cover-choice__other">
            <CoverOption {...level('other')} onChoose={() => void choose('other', other)}>
              Another amount{' '}
              {chosen === 'other' && (
                <span className="cover-choice__price">
                  to {formatWholePounds(options.coverPence)} +{' '}
                  {formatPence(options.coverPricePence)}
                </span>
              )}
            </CoverOption>
            <span className="cover-choice__amount">
              <label htmlFor={`${id}-amount`} className="visually-hidden">
                Cover wanted in pounds
              </label>
              <span aria-hidden="true">£</span>
              <input
                id={`${id}-amount`}
                className="cover-choice__input"
                inputMode="decimal"
                value={other}
                disabled={busy}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => setOther(event.target.value)}
              />
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void choose('other', other)}
              >
                Use this cover
              </button>
            </span>
          </div>
        )}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
    </fieldset>
  );
}
