import { Link } from '../../lib/router.js';

/**
 * Where a booked order's boxes can be followed, as a description list's term and detail: our
 * tracking page first, and the courier's own second, named as the courier's (docs/tracking.md).
 * Nothing until the order is booked.
 */
export function TrackingLinks({
  page,
  courierUrl,
}: {
  /** Our tracking page of the shipment, a path on this site; null before the booking. */
  page: string | null;
  courierUrl: string | null;
}) {
  if (!page) return null;
  return (
    <>
      <dt>Tracking</dt>
      <dd>
        <Link to={page}>Track your boxes</Link>
        {courierUrl && (
          <>
            {' '}
            (or{' '}
            <a href={courierUrl} target="_blank" rel="noreferrer">
              the courier’s tracking page
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            )
          </>
        )}
      </dd>
    </>
  );
}
