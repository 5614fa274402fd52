import { getAdminRestore, type AdminRestore } from '#src/domain/api/admin/restore.js';
import { Link } from '../../lib/router.js';
import { formatLondon } from '#src/domain/london-time.js';
import { hrefOf } from '#src/domain/site-links.js';
import { callApi } from '../../lib/api.js';
import { useLoad } from './use-load.js';

const BOOKING_OUTCOME: Record<
  NonNullable<AdminRestore['outcome']>['bookings'][number]['outcome'],
  string
> = {
  booked: 'booked from what the courier had',
  to_book: 'nothing at the courier: booked by its job',
  needs_attention: 'needs attention',
};

/**
 * The last restore of the site's data and what its reconciliation found (decision 141): shown on
 * the Mail page, where the emails it held are sent or discarded.
 */
export function RestorePanel() {
  const [load] = useLoad((signal) => callApi(getAdminRestore, { signal }), 'restore');
  if (load.state !== 'ready' || !load.data.restore) return null;
  const restore = load.data.restore;
  const outcome = restore.outcome;
  return (
    <section className="restore-panel" aria-labelledby="restore-heading">
      <h2 id="restore-heading">After the restore of {formatLondon(restore.restoredAt, 'short')}</h2>
      <p>
        Backup {restore.backupFile}
        {restore.backupTakenAt
          ? `, taken ${formatLondon(restore.backupTakenAt, 'short')}`
          : ', taken at a time it does not record'}
        .{' '}
        {outcome
          ? `Reconciled ${formatLondon(restore.reconciledAt ?? restore.restoredAt, 'short')}: ` +
            `${outcome.bookings.length} bookings asked about at the courier, ` +
            `${outcome.payments.length} payments at the card provider, ` +
            `${outcome.refundsWaiting} refunds waiting, ${outcome.heldEmails} emails held.`
          : 'Not reconciled yet: bookings, payments and emails wait until the courier and the card provider have answered.'}
      </p>
      {outcome && outcome.bookings.length > 0 && (
        <ul>
          {outcome.bookings.map((b) => (
            <li key={b.orderId}>
              <Link to={hrefOf('adminOrder', { id: b.orderId })}>{b.reference}</Link> (was {b.was}):{' '}
              {b.found.length > 0
                ? `the courier has ${b.found.join(', ')}`
                : 'nothing at the courier'}{' '}
              — {BOOKING_OUTCOME[b.outcome]}
            </li>
          ))}
        </ul>
      )}
      {outcome && outcome.payments.length > 0 && (
        <ul>
          {outcome.payments.map((p) => (
            <li key={p.paymentId}>
              <Link to={hrefOf('adminOrder', { id: p.orderId })}>Payment</Link> (was {p.was}): the
              card provider has it {p.provider}
              {p.outcome === 'unchanged' ? ', left to its job' : `, recorded ${p.outcome}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
