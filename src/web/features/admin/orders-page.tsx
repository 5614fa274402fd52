import { useState, type FormEvent } from 'react';
import { listAdminOrders } from '#src/domain/api/admin/orders.js';
import { ORDER_STATUSES, type OrderStatus } from '#src/domain/order-states.js';
import { TextField } from '../../components/ui/text-field.js';
import { callApi } from '../../lib/api.js';
import { Link, navigate, useSearchParams } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { FilterActions, StatusSelect } from './filter-form.js';
import { LoadState } from './load-state.js';
import { OrdersTable } from './orders-table.js';
import { ConsoleNav, StaffOnly } from './staff-only.js';
import { useLoad } from './use-load.js';
import { OPERATOR_STATUS_LABELS, statusLabel } from '../../lib/order-status.js';
import { hrefOf } from '#src/domain/site-links.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';

interface Filters {
  q: string;
  status: string;
  from: string;
  to: string;
}

const FILTER_KEYS = ['q', 'status', 'from', 'to'] as const;

/** The days an order was made between, each a date field of the search form. */
const DATE_FILTERS = [
  { key: 'from', label: 'Made from' },
  { key: 'to', label: 'Made until' },
] as const;

function filtersOf(params: URLSearchParams): Filters {
  return {
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

function urlOf(filters: Filters, after?: string): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  if (after) params.set('after', after);
  const query = params.toString();
  return `${hrefOf('adminOrders')}${query ? `?${query}` : ''}`;
}

/** `/admin/orders`: every order, newest first, searched and filtered; 25 a page. */
export function AdminOrdersPage() {
  usePageTitle(SITE_PAGES.adminOrders.title);
  return <StaffOnly>{() => <OrdersView />}</StaffOnly>;
}

function OrdersView() {
  const params = useSearchParams();
  const applied = filtersOf(params);
  const after = params.get('after') ?? '';
  const key = urlOf(applied, after);
  const [load] = useLoad(
    (signal) =>
      callApi(listAdminOrders, {
        query: {
          q: applied.q || undefined,
          status: (applied.status || undefined) as OrderStatus | undefined,
          from: applied.from || undefined,
          to: applied.to || undefined,
          after: after || undefined,
        },
        signal,
      }),
    key,
  );
  const filtered = FILTER_KEYS.some((k) => applied[k]);

  return (
    <section className="page container console">
      <ConsoleNav current="orders" />
      <h1>Orders</h1>
      <SearchForm key={urlOf(applied)} initial={applied} />
      <div aria-live="polite">
        {load.state === 'ready' && (
          <p className="result-count">
            {load.data.orders.length === 0
              ? filtered
                ? 'No order matches this search.'
                : 'There are no orders yet.'
              : `Showing ${load.data.orders.length} ${load.data.orders.length === 1 ? 'order' : 'orders'}${after ? ' (a later page)' : ''}, newest first.`}
          </p>
        )}
      </div>
      <LoadState load={load} what="orders" />
      {load.state === 'ready' && load.data.orders.length > 0 && (
        <OrdersTable orders={load.data.orders} caption="Orders" />
      )}
      {load.state === 'ready' && (load.data.next || after) && (
        <nav className="pager" aria-label="Pages of orders">
          {after && <Link to={urlOf(applied)}>First page</Link>}
          {load.data.next && <Link to={urlOf(applied, load.data.next)}>Next page (older)</Link>}
        </nav>
      )}
    </section>
  );
}

function SearchForm({ initial }: { initial: Filters }) {
  const [filters, setFilters] = useState(initial);
  const set = (key: keyof Filters) => (value: string) =>
    setFilters((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(urlOf(filters));
  };
  return (
    <form className="order-search" role="search" aria-label="Search orders" onSubmit={submit}>
      <TextField
        id="order-q"
        label="Reference, email or postcode"
        type="search"
        value={filters.q}
        onChange={set('q')}
        maxLength={200}
      />
      <StatusSelect
        id="order-status"
        label="Status"
        value={filters.status}
        statuses={ORDER_STATUSES}
        labelOf={(status) => statusLabel(OPERATOR_STATUS_LABELS, status)}
        onChange={set('status')}
      />
      {DATE_FILTERS.map(({ key, label }) => (
        <TextField
          key={key}
          id={`order-${key}`}
          label={label}
          type="date"
          value={filters[key]}
          onChange={set(key)}
        />
      ))}
      <FilterActions submitLabel="Search" page="adminOrders" />
    </form>
  );
}
