import { getAdminDashboard, type Dashboard } from '#src/domain/api/admin/orders.js';
import { formatPence } from '#src/domain/money.js';
import { callApi } from '../../lib/api.js';
import { Link } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { DayChart } from './day-chart.js';
import { OrdersTable } from './orders-table.js';
import { ConsoleNav, StaffOnly } from './staff-only.js';
import { LoadState } from './load-state.js';
import { useLoad } from './use-load.js';
import { formatDayMonth } from '#src/domain/london-time.js';
import { hrefOf } from '#src/domain/site-links.js';
import { DataTable } from '../../components/ui/data-table.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';

/** `/admin`: what needs a person now, then the last 30 days. */
export function AdminDashboardPage() {
  usePageTitle(SITE_PAGES.adminDashboard.title);
  return <StaffOnly>{() => <DashboardView />}</StaffOnly>;
}

function DashboardView() {
  const [load] = useLoad((signal) => callApi(getAdminDashboard, { signal }), 'dashboard');
  return (
    <section className="page container console">
      <ConsoleNav current="dashboard" />
      <h1>Console</h1>
      <LoadState load={load} what="the dashboard" />
      {load.state === 'ready' && <DashboardBody dashboard={load.data} />}
    </section>
  );
}

/** A figure to look at, leading to the list it counts. */
function StatCard({ value, label, to }: { value: number; label: string; to: string }) {
  return (
    <li className="stat-card">
      <Link className="stat-card__link" to={to}>
        <span className="stat-card__value">{value}</span>
        <span className="stat-card__label">{label}</span>
      </Link>
    </li>
  );
}

function DashboardBody({ dashboard }: { dashboard: Dashboard }) {
  const { attention, mail, unreadMessages, days } = dashboard;
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  const totalRevenue = days.reduce((sum, d) => sum + d.revenuePence, 0);
  return (
    <>
      <section aria-labelledby="attention-heading" className="console-section">
        <h2 id="attention-heading">
          Orders needing attention <span className="count-badge">{attention.count}</span>
        </h2>
        {attention.count === 0 ? (
          <p>No order is waiting for a check.</p>
        ) : (
          <>
            <p>
              The courier did not say whether these were booked: check on their side, then record
              what you found on the order’s page.
            </p>
            <OrdersTable orders={attention.orders} caption="Orders needing attention" />
            {attention.count > attention.orders.length && (
              <p>
                <Link to={hrefOf('adminOrders', undefined, { status: 'needs_attention' })}>
                  All {attention.count} orders needing attention
                </Link>
              </p>
            )}
          </>
        )}
      </section>

      <ul className="stat-cards" aria-label="Other things to look at">
        <StatCard
          value={unreadMessages}
          to={hrefOf('adminMessages', undefined, { filter: 'unread' })}
          label={`unread contact ${unreadMessages === 1 ? 'message' : 'messages'}`}
        />
        <StatCard
          value={mail.failed}
          to={hrefOf('adminMail', undefined, { filter: 'failed' })}
          label={`${mail.failed === 1 ? 'email' : 'emails'} that could not be sent`}
        />
        <StatCard
          value={mail.unknown}
          to={hrefOf('adminMail', undefined, { filter: 'unknown' })}
          label={`${mail.unknown === 1 ? 'email' : 'emails'} whose delivery is unknown`}
        />
      </ul>

      <section aria-labelledby="days-heading" className="console-section">
        <h2 id="days-heading">The last 30 days</h2>
        <p>
          {totalOrders} paid {totalOrders === 1 ? 'order' : 'orders'}, {formatPence(totalRevenue)}{' '}
          in all (UK calendar days).
        </p>
        <div className="chart-pair">
          <DayChart
            title="Paid orders per day"
            days={days.map((d) => ({ day: d.day, value: d.orders }))}
            format={(n) => String(n)}
          />
          <DayChart
            title="Revenue per day"
            days={days.map((d) => ({ day: d.day, value: d.revenuePence }))}
            format={formatPence}
          />
        </div>
        <details className="chart-table">
          <summary>Show the figures as a table</summary>
          <DataTable
            caption="Paid orders and revenue per day, last 30 days"
            showCaption
            heads={['Day', 'Orders', 'Revenue']}
          >
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatDayMonth(d.day)}</th>
                <td>{d.orders}</td>
                <td>{formatPence(d.revenuePence)}</td>
              </tr>
            ))}
          </DataTable>
        </details>
      </section>
    </>
  );
}
