import { getAdminOrderTracking, type AdminTracking } from '#src/domain/api/tracking.js';
import { emailKindText } from '#src/domain/email-kinds.js';
import { formatLondon } from '#src/domain/london-time.js';
import { callApi } from '../../lib/api.js';
import { Link } from '../../lib/router.js';
import {
  collectionDayText,
  collectionText,
  SHIPMENT_FLAG_TEXT,
  TrackedBoxes,
  TrackingBadge,
  trackingPath,
} from '../tracking/index.js';
import { LoadState } from './load-state.js';
import { useLoad } from './use-load.js';
import { Fact } from './fact.js';
import { DataTable } from '../../components/ui/data-table.js';

const when = (at: string | null, none: string) => (at ? formatLondon(at, 'short') : none);

/** A tracking email's delivery, as the outbox says it (mail-page.tsx's words and colours). */
const EMAIL_STATUS_TEXT: Readonly<Record<string, string>> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unknown: 'Unknown',
};

/**
 * The order page's "Tracking" (a booked order): the boxes' histories as the customer sees them,
 * how the polling of the courier stands (last and next check, the last error, why it needs an
 * operator, rebookings) and the tracking emails sent.
 */
export function OrderTracking({ orderId }: { orderId: string }) {
  const [load] = useLoad(
    (signal) => callApi(getAdminOrderTracking, { params: { id: orderId }, signal }),
    orderId,
  );
  return (
    <section aria-labelledby="tracking-heading" className="console-section">
      <h2 id="tracking-heading">Tracking</h2>
      <LoadState load={load} what="the tracking" />
      {load.state === 'ready' && <TrackingBody data={load.data} />}
    </section>
  );
}

function TrackingBody({ data }: { data: AdminTracking }) {
  const { tracking, polling, emails } = data;
  return (
    <>
      {tracking ? (
        <>
          <dl className="facts">
            <Fact term="Tracking status">
              <TrackingBadge status={tracking.status} reader="console" />
            </Fact>
            <Fact term="Collection">
              {collectionText(tracking.collectionDate, tracking.collectionWindow)}
            </Fact>
            {tracking.missedCollection && (
              <Fact term="New dates offered">
                {tracking.missedCollection.newDates.map(collectionDayText).join('; ') || 'None'}
              </Fact>
            )}
            {data.emailChoice && (
              <Fact term="Optional emails">
                Reminder {data.emailChoice.reminder ? 'on' : 'off'}, updates{' '}
                {data.emailChoice.updates ? 'on' : 'off'}
              </Fact>
            )}
          </dl>
          <p>
            <Link to={trackingPath(tracking.token)}>Open the customer’s tracking page</Link>
            {tracking.courierTrackingUrl && (
              <>
                {' · '}
                <a href={tracking.courierTrackingUrl} rel="noreferrer noopener" target="_blank">
                  Track with the courier
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </>
            )}
          </p>
        </>
      ) : (
        <p>No tracking yet: it starts once the courier has the booking.</p>
      )}

      {polling && (
        <>
          <h3>Checks with the courier</h3>
          <dl className="facts" data-testid="tracking-polling">
            <Fact term="Last checked">{when(polling.lastPolledAt, 'Not yet')}</Fact>
            <Fact term="Next check">
              {polling.stoppedAt
                ? `Stopped ${formatLondon(polling.stoppedAt, 'short')}`
                : when(polling.nextPollAt, 'None planned')}
            </Fact>
            <Fact term="Checks so far">{polling.polls}</Fact>
            <Fact term="Needs attention">
              {polling.flag ? <strong>{SHIPMENT_FLAG_TEXT[polling.flag]}</strong> : 'No'}
            </Fact>
            <Fact term="Rebookings">{polling.rebookings}</Fact>
            <Fact term="Last error">{polling.lastError ?? 'None'}</Fact>
          </dl>
        </>
      )}

      {tracking && <TrackedBoxes boxes={tracking.boxes} />}

      <h3>Tracking emails</h3>
      {emails.length === 0 ? (
        <p>None sent yet.</p>
      ) : (
        <DataTable
          region="Tracking emails"
          caption="Tracking emails, oldest first"
          heads={['Email', 'To', 'When', 'Status']}
        >
          {emails.map((email, index) => (
            <tr key={`${email.kind}-${email.to}-${email.at}-${index}`}>
              <th scope="row">{emailKindText(email.kind)}</th>
              <td>{email.to}</td>
              <td>{formatLondon(email.at, 'short')}</td>
              <td>
                <span className={`status status--mail-${email.status}`}>
                  {Object.hasOwn(EMAIL_STATUS_TEXT, email.status)
                    ? EMAIL_STATUS_TEXT[email.status]
                    : email.status}
                </span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
