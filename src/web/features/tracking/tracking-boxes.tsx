import type { TrackedBox, TrackingView } from '#src/domain/api/tracking.js';
import { formatLondon } from '#src/domain/london-time.js';
import {
  orderStatusSentence,
  TRACKING_STATUS_REGISTRY,
  type TrackingStatus,
} from '#src/domain/tracking.js';
import { boxTitle, newestFirst, statusLabel, statusReasons } from './tracking-text.js';

/**
 * What every page that shows tracking shows the same way (docs/tracking.md): the tracking page,
 * the account's and Manage my booking's order page and the console's order page.
 */

/**
 * A status's short name in a badge coloured by its tone (progress, attention, done): the
 * customer's name, or the console's (`reader="console"`), both the registry's.
 */
export function TrackingBadge({
  status,
  reader = 'customer',
}: {
  status: TrackingStatus;
  reader?: 'customer' | 'console';
}) {
  const { label, consoleLabel, tone } = TRACKING_STATUS_REGISTRY[status];
  return (
    <span className={`tracking-badge tracking-badge--${tone}`} data-status={status}>
      {reader === 'console' ? consoleLabel : label}
    </span>
  );
}

/**
 * The order's status: its name as a heading, what has happened, why (each box's reason at that
 * status, e.g. what customs are asking for) and what to do now; while booked, when the courier
 * comes (`collection`, e.g. "Friday 27 November, 9:00–17:30").
 */
export function TrackingStatusPanel({
  view,
  heading: Heading = 'h2',
  id,
  collection,
}: {
  view: Pick<TrackingView, 'status' | 'boxes'>;
  heading?: 'h2' | 'h3';
  id: string;
  collection?: string;
}) {
  const text = TRACKING_STATUS_REGISTRY[view.status];
  const reasons = statusReasons(view);
  return (
    <section
      className={`tracking-status tracking-status--${text.tone}`}
      aria-labelledby={id}
      data-testid="tracking-status"
      data-status={view.status}
    >
      <Heading id={id} className="tracking-status__title">
        <span className="visually-hidden">Status: </span>
        {text.label}
      </Heading>
      <p>
        {orderStatusSentence(
          view.status,
          view.boxes.map((box) => box.status),
        )}
      </p>
      {collection && view.status === 'booked' && (
        <p className="tracking-status__collection">Collection on {collection}</p>
      )}
      {reasons.length === 1 && (
        <p>
          <strong>Reason given:</strong> {reasons[0]}
        </p>
      )}
      {reasons.length > 1 && (
        <>
          <p>
            <strong>Reasons given:</strong>
          </p>
          <ul>
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      )}
      {text.nextStep && (
        <p className="tracking-status__next">
          <strong>What to do now:</strong> {text.nextStep}
        </p>
      )}
    </section>
  );
}

/** Every box of the order, each with its tracking number, status and history. */
export function TrackedBoxes({ boxes }: { boxes: readonly TrackedBox[] }) {
  return (
    <ol className="tracked-boxes">
      {boxes.map((box) => (
        <li key={box.number}>
          <BoxTracking box={box} total={boxes.length} />
        </li>
      ))}
    </ol>
  );
}

function BoxTracking({ box, total }: { box: TrackedBox; total: number }) {
  const title = boxTitle(box.number, total);
  const events = newestFirst(box.events);
  return (
    <div className="tracked-box" data-testid="tracked-box">
      <div className="tracked-box__head">
        <h3 className="tracked-box__title">{title}</h3>
        <TrackingBadge status={box.status} />
      </div>
      <dl className="tracked-box__facts">
        <div>
          <dt>Tracking number</dt>
          <dd className="tracked-box__number">{box.trackingNumber}</dd>
        </div>
      </dl>
      {events.length === 0 ? (
        <p className="tracked-box__empty">No news from the courier about this box yet.</p>
      ) : (
        <ol
          className="tracking-timeline"
          aria-label={`History of ${title.toLowerCase()}, latest first`}
        >
          {events.map((event, index) => (
            <li
              key={`${event.at}-${index}`}
              className={`tracking-timeline__event tracking-timeline__event--${TRACKING_STATUS_REGISTRY[event.status].tone}`}
            >
              <p className="tracking-timeline__when">
                <time dateTime={event.at}>{formatLondon(event.at, 'short')}</time>
              </p>
              <p className="tracking-timeline__what">{event.description}</p>
              <p className="tracking-timeline__where">
                {[event.location, statusLabel(event.status)].filter(Boolean).join(' · ')}
              </p>
              {event.reason && <p className="tracking-timeline__reason">{event.reason}</p>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
