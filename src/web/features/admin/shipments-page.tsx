import { useState, type FormEvent } from 'react';
import { listAdminShipments, type AdminShipment } from '#src/domain/api/tracking.js';
import { formatDayMonth, formatLondon } from '#src/domain/london-time.js';
import { TRACKING_STATUSES, type TrackingStatus } from '#src/domain/tracking.js';
import { callApi } from '../../lib/api.js';
import { Link, navigate, useSearchParams } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { consoleStatusLabel, SHIPMENT_FLAG_TEXT, TrackingBadge } from '../tracking/index.js';
import { FilterActions, StatusSelect } from './filter-form.js';
import { LoadState } from './load-state.js';
import { ConsoleNav, StaffOnly } from './staff-only.js';
import { useLoad } from './use-load.js';
import '../tracking/tracking.css';
import { hrefOf } from '#src/domain/site-links.js';
import { DataTable } from '../../components/ui/data-table.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';

interface Filters {
  /** One tracking status, or '' for any. */
  status: TrackingStatus | '';
  /** Only the shipments that need an operator. */
  flagged: boolean;
}

function filtersOf(params: URLSearchParams): Filters {
  const status = params.get('status') ?? '';
  return {
    status: (TRACKING_STATUSES as readonly string[]).includes(status)
      ? (status as TrackingStatus)
      : '',
    flagged: params.get('flagged') === 'true',
  };
}

function urlOf(filters: Filters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.flagged) params.set('flagged', 'true');
  const query = params.toString();
  return `${hrefOf('adminShipments')}${query ? `?${query}` : ''}`;
}

/** "27 Nov 2026": a calendar date in a dense table. */
function shortDate(date: string): string {
  return `${formatDayMonth(date)} ${date.slice(0, 4)}`;
}

/**
 * `/admin/shipments`: booked shipments by tracking status, those needing an operator first
 * (docs/operators.md); filtered by status and "Needs attention" in the URL.
 */
export function AdminShipmentsPage() {
  usePageTitle(SITE_PAGES.adminShipments.title);
  return <StaffOnly>{() => <ShipmentsView />}</StaffOnly>;
}

function ShipmentsView() {
  const applied = filtersOf(useSearchParams());
  const key = urlOf(applied);
  const [load] = useLoad(
    (signal) =>
      callApi(listAdminShipments, {
        query: {
          status: applied.status || undefined,
          flagged: applied.flagged ? 'true' : undefined,
        },
        signal,
      }),
    key,
  );
  const filtered = applied.status !== '' || applied.flagged;
  const count = load.state === 'ready' ? load.data.shipments.length : 0;

  return (
    <section className="page container console">
      <ConsoleNav current="shipments" />
      <h1>Shipments</h1>
      <p>
        Booked shipments and where their boxes are. Missed collections, customs holds, failed
        deliveries and shipments the courier has said nothing about come first, then the rest by
        collection date, newest first.
      </p>
      <FilterForm key={key} initial={applied} />
      <div aria-live="polite">
        {load.state === 'ready' && (
          <p className="result-count">
            {count === 0
              ? filtered
                ? 'No shipment matches these filters.'
                : 'There are no booked shipments yet.'
              : `Showing ${count} ${count === 1 ? 'shipment' : 'shipments'}.`}
          </p>
        )}
      </div>
      <LoadState load={load} what="the shipments" />
      {load.state === 'ready' && count > 0 && <ShipmentsTable shipments={load.data.shipments} />}
    </section>
  );
}

function FilterForm({ initial }: { initial: Filters }) {
  const [filters, setFilters] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(urlOf(filters));
  };
  return (
    <form className="shipment-filters" aria-label="Filter shipments" onSubmit={submit}>
      <StatusSelect
        id="shipment-status"
        label="Tracking status"
        value={filters.status}
        statuses={TRACKING_STATUSES}
        labelOf={consoleStatusLabel}
        onChange={(value) =>
          setFilters((current) => ({ ...current, status: value as Filters['status'] }))
        }
      />
      <div className="shipment-filters__flagged">
        <input
          id="shipment-flagged"
          type="checkbox"
          checked={filters.flagged}
          onChange={(event) =>
            setFilters((current) => ({ ...current, flagged: event.target.checked }))
          }
        />
        <label htmlFor="shipment-flagged">Needs attention only</label>
      </div>
      <FilterActions submitLabel="Show" page="adminShipments" />
    </form>
  );
}

function ShipmentsTable({ shipments }: { shipments: readonly AdminShipment[] }) {
  return (
    <DataTable
      region="Shipments"
      className="shipments-table"
      caption="Shipments, those needing attention first"
      heads={[
        'Order',
        'Status',
        'Needs attention',
        'Collection',
        'To',
        'Boxes',
        'Latest event',
        'Checked',
      ]}
    >
      {shipments.map((s) => (
        <tr key={s.orderId} className={s.flag ? 'shipments-table__row--flagged' : undefined}>
          <th scope="row">
            <Link to={hrefOf('adminOrder', { id: s.orderId })}>{s.reference}</Link>
          </th>
          <td>
            <TrackingBadge status={s.status} reader="console" />
          </td>
          <td>{s.flag ? <strong>{SHIPMENT_FLAG_TEXT[s.flag]}</strong> : '—'}</td>
          <td>{shortDate(s.collectionDate)}</td>
          <td>{s.destination}</td>
          <td>{s.boxes}</td>
          <td>{s.lastEventAt ? formatLondon(s.lastEventAt, 'short') : 'None yet'}</td>
          <td>
            {s.lastCheckedAt ? formatLondon(s.lastCheckedAt, 'short') : 'Not yet'}
            {s.stoppedAt && (
              <span className="muted"> Stopped {formatLondon(s.stoppedAt, 'short')}</span>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
