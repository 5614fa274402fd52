import type { AdminOrderSummary } from '#src/domain/api/admin/orders.js';
import { formatPence } from '#src/domain/money.js';
import { Link } from '../../lib/router.js';
import { formatLondon } from '#src/domain/london-time.js';
import { orderStatusClass, orderStatusText } from '../../lib/order-status.js';
import { hrefOf } from '#src/domain/site-links.js';
import { DataTable } from '../../components/ui/data-table.js';

/** Orders as rows; each reference links to the order's console page. */
export function OrdersTable({
  orders,
  caption,
}: {
  orders: readonly AdminOrderSummary[];
  caption: string;
}) {
  return (
    <DataTable
      className="orders-table"
      caption={caption}
      heads={['Order', 'Status', 'Made', 'Customer', 'Route', 'Price']}
    >
      {orders.map((o) => (
        <tr key={o.id}>
          <th scope="row">
            <Link to={hrefOf('adminOrder', { id: o.id })}>{o.reference}</Link>
          </th>
          <td>
            <span
              className={`status status--${orderStatusClass(o)}`}
              data-status={o.trackingStatus ?? o.status}
            >
              {orderStatusText(o, 'operator')}
            </span>
          </td>
          <td>{formatLondon(o.createdAt, 'short')}</td>
          <td>
            {o.name ?? '—'}
            {o.email && <span className="muted"> {o.email}</span>}
          </td>
          <td>
            {o.collectionPostcode} → {o.destination} {o.destinationPostcode}
            {o.service && <span className="muted"> ({o.service})</span>}
          </td>
          <td>{o.pricePence === null ? '—' : formatPence(o.pricePence)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
