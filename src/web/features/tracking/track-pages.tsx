import { useEffect, useRef, useState } from 'react';
import {
  getTracking,
  lookUpTracking,
  TrackingLookupSchema,
  type TrackingView,
} from '#src/domain/api/tracking.js';
import { formatLondon } from '#src/domain/london-time.js';
import { PageLoading } from '../../components/ui/spinner.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { errorMessage } from '../../lib/error-message.js';
import { Link, navigate, useParams, useSearchParams } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { AccountForm } from '../account/index.js';
import { trackingPath } from './order-tracking.js';
import { RebookCollection } from './rebook-collection.js';
import { TrackedBoxes, TrackingStatusPanel } from './tracking-boxes.js';
import { collectionText, placeText } from './tracking-text.js';
import { expectedDeliveryText } from '#src/domain/delivery-estimate.js';
import '../checkout/checkout.css';
import '../orders/orders.css';
import './tracking.css';
import { hrefOf } from '#src/domain/site-links.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';

/**
 * `/track`: a booking's tracking page found by its order reference and a postcode (the
 * collection's or the delivery's), for anyone, signed in or not.
 */
export function TrackLookupPage() {
  usePageTitle(SITE_PAGES.track.title);
  return (
    <section className="page container tracking-page">
      <h1>Track your boxes</h1>
      <p className="lead">
        Enter your order reference (it starts with BA-, and is in your confirmation email) and the
        postcode the boxes are collected from or going to.
      </p>
      <AccountForm
        id="track"
        schema={TrackingLookupSchema}
        fields={[
          { name: 'reference', label: 'Order reference', autoComplete: 'off' },
          {
            name: 'postcode',
            label: 'Collection or delivery postcode',
            autoComplete: 'postal-code',
          },
        ]}
        submitLabel="Track"
        busyLabel="Finding your booking"
        onSubmit={async (values) => {
          const { token } = await callApi(lookUpTracking, { body: values });
          navigate(trackingPath(token));
        }}
      >
        <p>
          Booked with an account? Your orders are on{' '}
          <Link to={hrefOf('account')}>your account</Link>.
        </p>
      </AccountForm>
    </section>
  );
}

/** A rebooking the courier has not answered yet: what we do about it. */
const REBOOKING_UNCONFIRMED = (collection: string) =>
  `We have asked the courier to collect on ${collection} and are confirming it with the courier. We will email you as soon as it answers: with the new labels if it has taken the day, or to choose again if not. There is nothing to pay.`;

type Load =
  | { state: 'loading' }
  | { state: 'ready'; view: TrackingView }
  | { state: 'error'; invalidLink: boolean; message: string };

/**
 * `/track/:token`: one booking's tracking, opened by the signed token of its page (from
 * `/track` or any of its emails), without signing in: the order's status and next step, each
 * box's history, a new date after a missed collection (`?date=`: the one its email's link
 * named, chosen already). For following the parcel: whoever holds the link (the sender may share
 * it) sees no amounts and no email settings, which are on the order's own pages.
 */
export function TrackingPage() {
  const { token = '' } = useParams();
  // A missed collection's email links each new date here, as `?date=`.
  const linkedDate = useSearchParams().get('date');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [rebooked, setRebooked] = useState<string | null>(null);
  // Asked again after a failure that was not a bad link (the network, a server error).
  const [round, setRound] = useState(0);
  const rebookedRef = useRef<HTMLDivElement>(null);
  const reference = load.state === 'ready' ? load.view.reference : null;
  usePageTitle(reference ? `Tracking ${reference}` : 'Tracking');

  useEffect(() => {
    const controller = new AbortController();
    callApi(getTracking, { params: { token }, signal: controller.signal })
      .then((view) => setLoad({ state: 'ready', view }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({
          state: 'error',
          // A link we did not sign (404) or one that has expired (410): trying again is no use.
          invalidLink:
            error instanceof ApiClientError && (error.status === 404 || error.status === 410),
          message: errorMessage(error),
        });
      });
    return () => controller.abort();
  }, [token, round]);

  // The rebooking's form is gone once it is done: the confirmation takes the focus.
  useEffect(() => {
    if (rebooked) rebookedRef.current?.focus();
  }, [rebooked]);

  if (load.state !== 'ready') {
    return (
      <section className="page container tracking-page">
        <h1>Track your boxes</h1>
        {load.state === 'loading' ? (
          <PageLoading label="Loading your tracking" />
        ) : (
          <>
            <div className="notice notice--error" role="alert">
              <p>{load.message}</p>
            </div>
            <p className="tracking-page__actions">
              <Link to={hrefOf('track')} className="button button--primary">
                Find your booking
              </Link>
              {!load.invalidLink && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    setLoad({ state: 'loading' });
                    setRound((n) => n + 1);
                  }}
                >
                  Try again
                </button>
              )}
            </p>
          </>
        )}
      </section>
    );
  }

  const { view } = load;
  return (
    <section className="page container tracking-page">
      <h1>
        Tracking order <span className="tracking-page__reference">{view.reference}</span>
      </h1>
      <div aria-live="polite">
        {rebooked && (
          <div
            className="notice tracking-notice--success"
            ref={rebookedRef}
            tabIndex={-1}
            data-testid="rebooked"
          >
            <p>{rebooked}</p>
          </div>
        )}
      </div>
      {view.rebookingUnconfirmed && !rebooked && (
        <div className="notice" data-testid="rebooking-unconfirmed">
          <p>{REBOOKING_UNCONFIRMED(collectionText(view.collectionDate, view.collectionWindow))}</p>
        </div>
      )}
      <TrackingStatusPanel
        view={view}
        id="tracking-status-title"
        collection={collectionText(view.collectionDate, view.collectionWindow)}
      />

      {view.missedCollection && (
        <RebookCollection
          token={token}
          view={view}
          newDates={view.missedCollection.newDates}
          linkedDate={linkedDate}
          onRebooked={(next) => {
            setLoad({ state: 'ready', view: next });
            setRebooked(
              next.rebookingUnconfirmed
                ? REBOOKING_UNCONFIRMED(collectionText(next.collectionDate, next.collectionWindow))
                : `Your collection is rebooked for ${collectionText(next.collectionDate, next.collectionWindow)}. There is nothing to pay. We are emailing you new labels showing the new day: print those.`,
            );
          }}
        />
      )}

      <section aria-labelledby="booking-title" className="tracking-section">
        <h2 id="booking-title">Your booking</h2>
        <dl className="confirmation__facts">
          <dt>Order reference</dt>
          <dd data-testid="order-reference">{view.reference}</dd>
          <dt>Service</dt>
          <dd>{view.serviceName}</dd>
          <dt>Collection</dt>
          <dd data-testid="collection">
            {view.status === 'cancelled'
              ? 'None: the booking is cancelled'
              : collectionText(view.collectionDate, view.collectionWindow)}
            {view.status === 'collection_missed' && ' (missed)'}
          </dd>
          <dt>From</dt>
          <dd>{placeText(view.from)}</dd>
          <dt>To</dt>
          <dd>{placeText(view.to)}</dd>
          {view.expectedDelivery && (
            <>
              <dt>Expected delivery</dt>
              <dd data-testid="expected-delivery">{expectedDeliveryText(view.expectedDelivery)}</dd>
            </>
          )}
          {view.courierTrackingUrl && (
            <>
              <dt>Courier</dt>
              <dd>
                <a href={view.courierTrackingUrl} target="_blank" rel="noreferrer">
                  Track with the courier
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </dd>
            </>
          )}
        </dl>
        {(view.status === 'booked' || view.status === 'collection_missed') && (
          <p data-testid="manage-link">
            Need to cancel, or to change the collection day or contact? You can, free of charge,
            until the courier collects your boxes:{' '}
            <Link to={hrefOf('manageBooking')}>cancel or change this booking</Link>.
          </p>
        )}
      </section>

      <section aria-labelledby="boxes-title" className="tracking-section">
        <h2 id="boxes-title">
          {view.boxes.length === 1 ? 'Your box' : `Your ${view.boxes.length} boxes`}
        </h2>
        <TrackedBoxes boxes={view.boxes} />
        <p className="tracking-checked" data-testid="last-checked">
          {view.lastCheckedAt
            ? `Last checked with the courier: ${formatLondon(view.lastCheckedAt, 'long')}`
            : 'Not checked with the courier yet.'}
        </p>
      </section>

      <section aria-labelledby="help-title" className="tracking-section tracking-help">
        <h2 id="help-title">Need help?</h2>
        <p>
          Many questions are answered in our <Link to={hrefOf('faq')}>FAQ</Link>. If yours is not,{' '}
          <Link to={hrefOf('contact')}>contact us</Link> with your order reference, {view.reference}
          : we reply between 9am and 5:30pm, Monday to Friday.
        </p>
        <p>
          Which emails you get about this booking is set on its own pages: your account, Manage my
          booking, or the link at the foot of any progress email.
        </p>
        <p>
          <Link to={hrefOf('track')}>Track another booking</Link>
        </p>
      </section>
    </section>
  );
}
