import { useEffect, useState } from 'react';
import type { CheckoutStatus } from '../../domain/checkout.js';
import { titleFor } from '../../domain/site-routes.js';
import { Spinner } from '../components/ui/spinner.js';
import { BookingProgress } from '../features/checkout/booking-progress.js';
import { getOrder } from '../../domain/api/orders.js';
import { waitForOutcome } from '../features/checkout/wait-for-outcome.js';
import { setCurrentOrder } from '../features/orders/current-order.js';
import { ApiClientError, callApi } from '../lib/api.js';
import { Link, useNavigate, useSearchParams } from '../lib/router.js';
import { usePageTitle } from '../lib/use-page-title.js';
import '../features/orders/orders.css';
import '../features/checkout/checkout.css';

type Load =
  | { state: 'loading'; progress: CheckoutStatus | null }
  | { state: 'ready'; status: CheckoutStatus }
  | { state: 'error'; message: string };

/** The order result (docs/product-rules.md): SUCCESS shows the booking; anything else the problem page with a code. */
export function OrderConfirmationPage() {
  usePageTitle(titleFor('/order-confirmation'));
  const params = useSearchParams();
  const orderId = params.get('order');
  const statusParam = params.get('status') ?? '';
  const [load, setLoad] = useState<Load>(() =>
    orderId ? { state: 'loading', progress: null } : { state: 'error', message: '' },
  );

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    waitForOutcome(
      orderId,
      (progress) => setLoad({ state: 'loading', progress }),
      controller.signal,
    )
      .then((status) => setLoad({ state: 'ready', status }))
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setLoad({
          state: 'error',
          message: error instanceof ApiClientError ? error.message : String(error),
        });
      });
    return () => controller.abort();
  }, [orderId]);

  if (load.state === 'loading') {
    return (
      <section className="page container confirmation">
        <h1>Your order</h1>
        {load.progress ? (
          <BookingProgress status={load.progress} />
        ) : (
          <div className="page-loading">
            <Spinner label="Loading your order" size="large" />
          </div>
        )}
      </section>
    );
  }
  if (load.state === 'ready' && load.status.result === 'SUCCESS' && statusParam === 'SUCCESS') {
    return <Success status={load.status} />;
  }
  return (
    <Problem
      status={load.state === 'ready' ? load.status : null}
      code={
        load.state === 'ready'
          ? (load.status.error?.code ?? load.status.payment?.error?.code ?? statusParam)
          : statusParam
      }
    />
  );
}

function BackHome() {
  return (
    <Link to="/" className="button button--secondary">
      Back Home
    </Link>
  );
}

function Success({ status }: { status: CheckoutStatus }) {
  const labels = status.documents.filter((d) => d.kind === 'label');
  const documents = status.documents.filter((d) => d.kind === 'document');
  return (
    <section className="page container confirmation">
      <h1>Thank you for your order</h1>
      <p className="lead">
        Your collection is booked. We have emailed your confirmation and labels. Print a label for
        each box and attach it before the courier arrives.
      </p>
      <dl className="confirmation__facts">
        <dt>Order reference</dt>
        <dd data-testid="order-reference">{status.reference}</dd>
        {status.courierReference && (
          <>
            <dt>Courier reference</dt>
            <dd>{status.courierReference}</dd>
          </>
        )}
        {status.trackingUrl && (
          <>
            <dt>Tracking</dt>
            <dd>
              <a href={status.trackingUrl} target="_blank" rel="noreferrer">
                Track your shipment<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </dd>
          </>
        )}
      </dl>
      <h2>Labels and documents</h2>
      <ul className="confirmation__downloads">
        {[...labels, ...documents].map((doc) => (
          <li key={doc.url}>
            <a href={doc.url} download={doc.filename}>
              Download {doc.title}
              <span className="visually-hidden"> (PDF)</span>
            </a>
          </li>
        ))}
      </ul>
      <div className="confirmation__actions">
        <BackHome />
      </div>
    </section>
  );
}

function Problem({ status, code }: { status: CheckoutStatus | null; code: string }) {
  const navigate = useNavigate();
  return (
    <section className="page container confirmation">
      <h1>There&rsquo;s been a problem with your order</h1>
      <p className="lead">
        Please try again, or <Link to="/contact">contact us</Link> and we will help.
      </p>
      {status?.error?.message && <p>{status.error.message}</p>}
      <dl className="confirmation__facts">
        {status && (
          <>
            <dt>Order reference</dt>
            <dd>{status.reference}</dd>
          </>
        )}
        <dt>Error code</dt>
        <dd data-testid="error-code">{code}</dd>
      </dl>
      {status?.notCharged && <p className="notice">Your card has not been charged.</p>}
      <div className="confirmation__actions">
        {status?.canRetryPayment && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              if (!status) return;
              void callApi(getOrder, { params: { id: status.orderId } })
                .then((order) => {
                  setCurrentOrder(order);
                  navigate('/pay');
                })
                .catch(() => navigate('/pay'));
            }}
          >
            Try payment again
          </button>
        )}
        <BackHome />
      </div>
    </section>
  );
}
