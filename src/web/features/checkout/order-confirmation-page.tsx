import { useEffect, useState } from 'react';
import { COLLECTION_DATE_LAPSED, type CheckoutStatus } from '#src/domain/checkout.js';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { formatPence } from '#src/domain/money.js';
import { COLLECTION_WINDOW_TEXT } from '#src/domain/receipt.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { PaymentReceipt } from '../../components/content/payment-receipt.js';
import { PageLoading } from '../../components/ui/spinner.js';
import { BookingProgress } from './booking-progress.js';
import { CourierFacts } from './courier-facts.js';
import { getOrder } from '#src/domain/api/orders.js';
import { waitForOutcome } from './wait-for-outcome.js';
import { DocumentLinks, refreshHeldOrder, setCurrentOrder } from '../orders/index.js';
import { PersonalEffectsDocuments } from '../import-charges/index.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { Link, useNavigate, useSearchParams } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { errorMessage } from '../../lib/error-message.js';
import { SaveAddressesOffer } from '../address-book/index.js';
import './checkout.css';
import '../orders/orders.css';
import { hrefOf } from '#src/domain/site-links.js';

type Load =
  | { state: 'loading'; progress: CheckoutStatus | null }
  | { state: 'ready'; status: CheckoutStatus }
  | { state: 'missing'; message: string };

/**
 * The order result (docs/product-rules.md). What it shows is the order's current state read from
 * the server: the `status` in the query string only says where the customer came from, so an old
 * link (a FAILED result retried since, a SUCCESS link without an order) never misleads.
 */
export function OrderConfirmationPage() {
  usePageTitle(SITE_PAGES.orderConfirmation.title);
  const params = useSearchParams();
  const navigate = useNavigate();
  const orderId = params.get('order');
  const statusParam = params.get('status');
  const [load, setLoad] = useState<Load>(() =>
    orderId ? { state: 'loading', progress: null } : { state: 'missing', message: NO_ORDER },
  );

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    waitForOutcome(
      orderId,
      (progress) => setLoad({ state: 'loading', progress }),
      controller.signal,
    )
      .then((status) => {
        setLoad({ state: 'ready', status });
        void refreshHeldOrder(status.orderId, status.status);
      })
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setLoad({
          state: 'missing',
          message:
            error instanceof ApiClientError && error.status === 404
              ? NOT_FOUND
              : errorMessage(error, String(error)),
        });
      });
    return () => controller.abort();
  }, [orderId]);

  // The address bar follows the order's real outcome, so a copied or bookmarked link is true too.
  const outcome = load.state === 'ready' ? load.status.result : null;
  useEffect(() => {
    if (!orderId || (outcome !== 'SUCCESS' && outcome !== 'FAILED')) return;
    if (statusParam === outcome) return;
    navigate(hrefOf('orderConfirmation', undefined, { status: outcome, order: orderId }), {
      replace: true,
    });
  }, [orderId, outcome, statusParam, navigate]);

  if (load.state === 'loading') {
    return (
      <section className="page container confirmation">
        <h1>Your order</h1>
        {load.progress ? (
          <BookingProgress status={load.progress} />
        ) : (
          <PageLoading label="Loading your order" />
        )}
      </section>
    );
  }
  if (load.state === 'missing') return <Missing message={load.message} />;
  const { status } = load;
  if (status.result === 'SUCCESS') return <Success status={status} />;
  const code = status.error?.code ?? status.payment?.error?.code;
  if (status.result === 'pending' && !code) return <NotPaid status={status} />;
  return <Problem status={status} code={code ?? status.status.toUpperCase()} />;
}

const NO_ORDER =
  'This link does not say which order to show. Find your booking with its reference and email under Manage my booking.';
const NOT_FOUND =
  'We cannot find this order. Check the link, or find your booking with its reference and email under Manage my booking.';

function Missing({ message }: { message: string }) {
  return (
    <section className="page container confirmation">
      <h1>We can&rsquo;t show this order</h1>
      <p className="lead">{message}</p>
      <div className="confirmation__actions">
        <Link to={hrefOf('manageBooking')} className="button button--primary">
          Manage my booking
        </Link>
        <BackHome />
      </div>
    </section>
  );
}

/** An order that has not been paid for (no attempt, or none that failed): nothing is booked yet. */
function NotPaid({ status }: { status: CheckoutStatus }) {
  const navigate = useNavigate();
  return (
    <section className="page container confirmation">
      <h1>This order has not been paid for yet</h1>
      <p className="lead">
        Nothing has been booked and your card has not been charged. You can finish your booking and
        pay now.
      </p>
      <dl className="confirmation__facts">
        <dt>Order reference</dt>
        <dd>{status.reference}</dd>
      </dl>
      <div className="confirmation__actions">
        {status.canRetryPayment && <ResumePayment orderId={status.orderId} navigate={navigate} />}
        <BackHome />
      </div>
    </section>
  );
}

function ResumePayment({
  orderId,
  navigate,
  label = 'Continue to payment',
  to = hrefOf('pay'),
}: {
  orderId: string;
  navigate: ReturnType<typeof useNavigate>;
  label?: string;
  /** Where the order is picked up again: the payment, or the step that must change first. */
  to?: string;
}) {
  return (
    <button
      type="button"
      className="button button--primary"
      onClick={() => {
        void callApi(getOrder, { params: { id: orderId } })
          .then((order) => {
            setCurrentOrder(order);
            navigate(to);
          })
          .catch(() => navigate(to));
      }}
    >
      {label}
    </button>
  );
}

function BackHome() {
  return (
    <Link to={hrefOf('home')} className="button button--secondary">
      Back Home
    </Link>
  );
}

function Success({ status }: { status: CheckoutStatus }) {
  const { receipt } = status;
  return (
    <section className="page container confirmation">
      <h1>Thank you for your order</h1>
      <p className="lead">
        Your collection is booked. We have emailed your confirmation, receipt and labels. Print a
        label for each box and attach it before the courier arrives.
      </p>
      <section aria-labelledby="booking-facts-title">
        <h2 id="booking-facts-title">Your booking</h2>
        <dl className="confirmation__facts">
          <dt>Order reference</dt>
          <dd data-testid="order-reference">{status.reference}</dd>
          {receipt && (
            <>
              <dt>Collection</dt>
              <dd>
                {formatCalendarDate(receipt.collectionDate)}, {COLLECTION_WINDOW_TEXT}
              </dd>
              <dt>Service</dt>
              <dd data-testid="service">{receipt.service}</dd>
              <dt>Amount paid</dt>
              <dd data-testid="amount-paid">{formatPence(receipt.amountPence)}</dd>
            </>
          )}
          <CourierFacts status={status} />
        </dl>
      </section>
      <h2>Labels and documents</h2>
      <DocumentLinks documents={status.documents} />
      {status.personalEffectsDestination && (
        <PersonalEffectsDocuments
          countryCode={status.personalEffectsDestination}
          headingLevel={2}
          id="confirmation-personal-effects"
        />
      )}
      <SaveAddressesOffer orderId={status.orderId} />
      {receipt && <PaymentReceipt receipt={receipt} reference={status.reference} />}
      <div className="confirmation__actions">
        <BackHome />
      </div>
    </section>
  );
}

function Problem({ status, code }: { status: CheckoutStatus; code: string }) {
  const navigate = useNavigate();
  return (
    <section className="page container confirmation">
      {status.status === 'needs_attention' ? (
        <>
          <h1>We are checking your booking</h1>
          <p className="lead">
            Nothing for you to do now. If you have a question,{' '}
            <Link to={hrefOf('contact')}>contact us</Link>.
          </p>
        </>
      ) : (
        <>
          <h1>There&rsquo;s been a problem with your order</h1>
          <p className="lead">
            Please try again, or <Link to={hrefOf('contact')}>contact us</Link> and we will help.
          </p>
        </>
      )}
      {status.error?.message && <p>{status.error.message}</p>}
      <dl className="confirmation__facts">
        <dt>Order reference</dt>
        <dd>{status.reference}</dd>
        <dt>Error code</dt>
        <dd data-testid="error-code">{code}</dd>
      </dl>
      {status.notCharged && <p className="notice">Your card has not been charged.</p>}
      <div className="confirmation__actions">
        {status.canRetryPayment &&
          (status.error?.code === COLLECTION_DATE_LAPSED ? (
            <ResumePayment
              orderId={status.orderId}
              navigate={navigate}
              label="Choose a new collection date"
              to={hrefOf('booking', undefined, { step: '3' })}
            />
          ) : (
            <ResumePayment orderId={status.orderId} navigate={navigate} label="Try payment again" />
          ))}
        <BackHome />
      </div>
    </section>
  );
}
