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
      {outcome && (
        <SettledList
          entries={[
            ...outcome.bookings.map((b) => ({
              key: b.orderId,
              orderId: b.orderId,
              link: b.reference,
              text:
                ` (was ${b.was}): ` +
                (b.found.length > 0
                  ? `the courier has ${b.found.join(', ')}`
                  : 'nothing at the courier') +
                ` — ${BOOKING_OUTCOME[b.outcome]}`,
            })),
            ...outcome.payments.map((p) => ({
              key: p.paymentId,
              orderId: p.orderId,
              link: 'Payment',
              text:
                ` (was ${p.was}): the card provider has it ${p.provider}` +
                (p.outcome === 'unchanged' ? ', left to its job' : `, recorded ${p.outcome}`),
            })),
            ...(outcome.changes ?? []).map((c) => ({
              key: c.changeId,
              orderId: c.orderId,
              link: 'Booking change',
              text: ` (${c.kind}, was ${c.was}): ${c.found} — ${CHANGE_OUTCOME[c.outcome]}`,
            })),
            ...(outcome.refunds ?? []).map((r) => ({
              key: r.refundId,
              orderId: r.orderId,
              link: 'Refund',
              text: `: ${r.found} — ${REFUND_OUTCOME[r.outcome]}`,
            })),
          ]}
        />
      )}
    </section>
  );
}

/** What the reconciliation settled, one line each, its order linked. */
function SettledList({
  entries,
}: {
  entries: { key: string; orderId: string; link: string; text: string }[];
}) {
  if (entries.length === 0) return null;
  return (
    <ul>
      {entries.map((entry) => (
        <li key={entry.key}>
          <Link to={hrefOf('adminOrder', { id: entry.orderId })}>{entry.link}</Link>
          {entry.text}
        </li>
      ))}
    </ul>
  );
}
