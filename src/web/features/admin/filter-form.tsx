import { hrefOf } from '#src/domain/site-links.js';
import { Link } from '../../lib/router.js';

/** A console search form's status filter: any status first, then each by its label. */
export function StatusSelect<S extends string>({
  id,
  label,
  value,
  statuses,
  labelOf,
  onChange,
}: {
  id: string;
  label: string;
  /** One of `statuses`, or '' for any. */
  value: string;
  statuses: readonly S[];
  labelOf: (status: S) => string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Any status</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {labelOf(status)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A console search form's buttons: apply the filters, or clear them (the list unfiltered). */
export function FilterActions({
  submitLabel,
  page,
}: {
  submitLabel: string;
  page: 'adminOrders' | 'adminShipments';
}) {
  return (
    <div className="order-search__actions">
      <button type="submit" className="button button--primary">
        {submitLabel}
      </button>
      <Link to={hrefOf(page)} className="button button--secondary">
        Clear
      </Link>
    </div>
  );
}
