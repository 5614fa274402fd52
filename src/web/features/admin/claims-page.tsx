import { getAdminClaims } from '#src/domain/api/claims.js';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { formatLondon } from '#src/domain/london-time.js';
import { formatPence } from '#src/domain/money.js';
import { hrefOf } from '#src/domain/site-links.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { DataTable } from '../../components/ui/data-table.js';
import { callApi } from '../../lib/api.js';
import { Link, useSearchParams } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { LoadState } from './load-state.js';
import { ConsoleNav, StaffOnly } from './staff-only.js';
import { useLoad } from './use-load.js';

const PAYMENT_TEXT = { refund: 'Card refund', bank: 'Bank transfer' } as const;

/** `/admin/claims`: the claims queue, overdue first, then longest in their state (docs/operators.md). */
export function AdminClaimsPage() {
  usePageTitle(SITE_PAGES.adminClaims.title);
  return <StaffOnly>{() => <ClaimsQueue />}</StaffOnly>;
}

function ClaimsQueue() {
  const all = useSearchParams().get('all') === 'true';
  const [load] = useLoad(
    (signal) => callApi(getAdminClaims, { query: all ? { all: 'true' } : {}, signal }),
    String(all),
  );
  const claims = load.state === 'ready' ? load.data.claims : [];
  const overdue = claims.filter((c) => c.overdue).length;
  return (
    <section className="page container console">
      <ConsoleNav current="claims" />
      <h1>Claims</h1>
      <nav className="filter-links" aria-label="Show claims">
        <ul>
          <li>
            <Link to={hrefOf('adminClaims')} aria-current={all ? undefined : 'page'}>
              Open claims
            </Link>
          </li>
          <li>
            <Link
              to={hrefOf('adminClaims', undefined, { all: 'true' })}
              aria-current={all ? 'page' : undefined}
            >
              All claims
            </Link>
          </li>
        </ul>
      </nav>
      <LoadState load={load} what="claims" />
      {load.state === 'ready' &&
        (claims.length === 0 ? (
          <p>{all ? 'No claim has been made yet.' : 'No claim is open.'}</p>
        ) : (
          <>
            <p data-testid="claims-count">
              {claims.length} {claims.length === 1 ? 'claim' : 'claims'}
              {overdue > 0 && `, ${overdue} overdue`}. Overdue first, then the longest in their
              state.
            </p>
            <DataTable
              className="claims-table"
              caption={`${all ? 'Every claim' : 'Open claims'}, overdue first, then oldest first`}
              heads={['Order', 'Claim', 'Status', 'In this state since', 'Due by', 'Pays']}
            >
              {claims.map((c) => (
                <tr key={c.id} className={c.overdue ? 'claims-table__overdue' : undefined}>
                  <th scope="row">
                    <Link to={hrefOf('adminClaim', { claimId: c.id })}>
                      {c.reference}
                      <span className="visually-hidden">: {c.kind} claim</span>
                    </Link>
                  </th>
                  <td>{c.kind === 'lost' ? 'Lost box' : 'Damaged box'}</td>
                  <td>
                    <span className={`status status--claim-${c.state}`}>{c.label}</span>
                    {c.overdue && (
                      <>
                        {' '}
                        <span className="status status--overdue">Overdue</span>
                      </>
                    )}
                  </td>
                  <td>{formatLondon(c.stateEnteredAt, 'short')}</td>
                  <td>{c.dueBy ? formatCalendarDate(c.dueBy) : '—'}</td>
                  <td>
                    {formatPence(c.payablePence)}
                    {c.paymentMethod && (
                      <span className="muted"> ({PAYMENT_TEXT[c.paymentMethod]})</span>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        ))}
    </section>
  );
}
