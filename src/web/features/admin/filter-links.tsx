import { hrefOf } from '#src/domain/site-links.js';
import { Link, useSearchParams } from '../../lib/router.js';

/** The console's lists that a `?filter=` narrows. */
type FilteredPage = 'adminMail' | 'adminMessages';

/** The list's filter from `?filter=`: one of `filters`, else `all`, the first. */
export function useFilter<F extends string>(filters: readonly [F, ...F[]]): F {
  const value = useSearchParams().get('filter') ?? '';
  return (filters as readonly string[]).includes(value) ? (value as F) : filters[0];
}

/** The links that narrow a console list, the current one marked, each with its count if known. */
export function FilterLinks<F extends string>({
  page,
  label,
  filters,
  labels,
  current,
  countOf,
}: {
  page: FilteredPage;
  /** What the links choose, for a screen reader ("Show emails"). */
  label: string;
  /** The first shows the whole list. */
  filters: readonly [F, ...F[]];
  labels: Record<F, string>;
  current: F;
  /** The count shown after a filter's name, or null for none. */
  countOf: (filter: F) => number | null;
}) {
  return (
    <nav className="filter-links" aria-label={label}>
      <ul>
        {filters.map((f) => {
          const count = countOf(f);
          return (
            <li key={f}>
              <Link
                to={f === filters[0] ? hrefOf(page) : hrefOf(page, undefined, { filter: f })}
                aria-current={f === current ? 'page' : undefined}
              >
                {labels[f]}
                {count === null ? '' : ` (${count})`}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
