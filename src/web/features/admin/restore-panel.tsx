import {
  getAdminRestore,
  type AdminRestore,
  type RestoredChange,
  type RestoredRefund,
} from '#src/domain/api/admin/restore.js';
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

const CHANGE_OUTCOME: Record<RestoredChange['outcome'], string> = {
  done: 'done, as the courier or the card provider has it',
  not_made: 'not made, as the courier or the card provider has it',
  to_do: 'nothing of it outside: made by its job',
  needs_attention: 'needs attention',
};

const REFUND_OUTCOME: Record<RestoredRefund['outcome'], string> = {
  succeeded: 'made, as the card provider has it',
  failed: 'refused, as the card provider has it',
  to_send: 'nothing of it at the card provider: sent by its job',
  needs_action: 'needs action: the card provider has refunds this site has no record of',
};

/**
 * The last restore of the site's data and what its reconciliation found (decision 141): shown on
 * the Mail page, where the emails it held are sent or discarded.
 */
export function RestorePanel() {
  const [load] = useLoad((signal) => callApi(getAdminRestore, { signal }), 'restore');
  if (load.state !== 'ready' || !load.data.restore) return null;
  return <RestoreReport restore={load.data.restore} />;
}

/** The restore and, once reconciled, each booking, payment, change and refund it settled. */
export function RestoreReport({ restore }: { restore: AdminRestore }) {
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
            `${outcome.changes?.length ?? 0} booking changes and ${outcome.refunds?.length ?? 0} refunds settled, ` +
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
      {outcome?.changes && outcome.changes.length > 0 && (
        <ul>
          {outcome.changes.map((c) => (
            <li key={c.changeId}>
              <Link to={hrefOf('adminOrder', { id: c.orderId })}>Booking change</Link> ({c.kind},
              was {c.was}): {c.found} — {CHANGE_OUTCOME[c.outcome]}
            </li>
          ))}
        </ul>
      )}
      {outcome?.refunds && outcome.refunds.length > 0 && (
        <ul>
          {outcome.refunds.map((r) => (
            <li key={r.refundId}>
              <Link to={hrefOf('adminOrder', { id: r.orderId })}>Refund</Link>: {r.found} —{' '}
              {REFUND_OUTCOME[r.outcome]}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
