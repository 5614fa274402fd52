import { useCallback, useEffect, useRef, useState } from 'react';
import { confirmPayment, startPayment } from '#src/domain/api/checkout.js';
import { acceptTerms } from '#src/domain/api/declaration.js';
import {
  ACCEPTANCE_MESSAGES,
  COLLECTION_DATE_LAPSED,
  type CheckoutStatus,
  type PaymentSession,
} from '#src/domain/checkout.js';
import { formatPence } from '#src/domain/money.js';
import type { OrderView } from '#src/domain/order.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { AcceptanceField, PaymentReview } from './payment-review.js';
import { CoverChoice } from './cover-choice.js';
import { billingFor, CardStep, summaryErrors, useCardPayment } from './card-payment.js';
import { BookingProgress } from './booking-progress.js';
import { waitForOutcome } from './wait-for-outcome.js';
import { BackLink, OrderGate, OrderSummary } from '../orders/index.js';
import { ImportChargesEstimate } from '../import-charges/index.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { Link, useNavigate } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import './checkout.css';
import { errorMessage, UNEXPECTED_ERROR } from '../../lib/error-message.js';
import '../orders/orders.css';
import { hrefOf } from '#src/domain/site-links.js';
import { GoBackNotice } from '../../components/ui/go-back-notice.js';

export function PayPage() {
  usePageTitle(SITE_PAGES.pay.title);
  return <OrderGate title="Payment">{(order) => <Payment order={order} />}</OrderGate>;
}

function confirmationUrl(status: CheckoutStatus): string {
  const result = status.result === 'SUCCESS' ? 'SUCCESS' : 'FAILED';
  return hrefOf('orderConfirmation', undefined, { status: result, order: status.orderId });
}

function Payment({ order }: { order: OrderView }) {
  const navigate = useNavigate();
  // The payment session, with the order's price it was asked for: a new price (the cover
  // chosen) makes it stale until the payment for the new price arrives.
  const [held, setHeld] = useState<{ pricePence: number | null; session: PaymentSession } | null>(
    null,
  );
  const session = held && held.pricePence === order.pricePence ? held.session : null;
  const [loadError, setLoadError] = useState<{ message: string; code: string } | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [booking, setBooking] = useState(false);
  const [progress, setProgress] = useState<CheckoutStatus | null>(null);
  const abort = useRef<AbortController | null>(null);
  const ready = order.declaredAt !== null && order.collectionDate !== null;

  const payment = useCardPayment({
    session,
    billing: billingFor(order.collectionAddress),
    otherErrors: () => (accepted ? {} : { 'accept-terms': ACCEPTANCE_MESSAGES.missing }),
    beforeCard: recordAcceptance,
    onAuthorised: checkPayment,
  });
  const { fail, setFieldErrors } = payment;

  /** After authorisation: live progress until the booking is decided. */
  const follow = useCallback(async () => {
    setBooking(true);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      const outcome = await waitForOutcome(order.id, setProgress, controller.signal);
      navigate(confirmationUrl(outcome));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setBooking(false);
      fail(errorMessage(error));
    }
  }, [order.id, navigate, fail]);

  // The payment is for the order's price: a new price (the cover chosen) asks for its payment.
  const pricePence = order.pricePence;
  useEffect(() => {
    if (!ready) return;
    let live = true;
    callApi(startPayment, { params: { id: order.id } })
      .then((s) => {
        if (!live) return;
        setHeld({ pricePence, session: s });
        if (s.status !== 'requires_payment_method' && s.status !== 'requires_action') {
          void follow();
        }
      })
      .catch((error: unknown) => {
        if (!live) return;
        setLoadError(
          error instanceof ApiClientError
            ? { message: error.message, code: error.code }
            : { message: UNEXPECTED_ERROR, code: 'UNKNOWN' },
        );
      });
    return () => {
      live = false;
      abort.current?.abort();
    };
  }, [order.id, ready, follow, pricePence]);

  /** The card is authorised: the server reads the payment, then the booking is followed. */
  async function checkPayment() {
    const checked = await callApi(confirmPayment, { params: { id: order.id } });
    setProgress(checked);
    await follow();
  }

  /**
   * The tick box, checked here and recorded on the server before the card is charged (the server
   * cancels an authorisation without it). False, with the message shown, when it stops here.
   */
  async function recordAcceptance(): Promise<boolean> {
    if (!accepted) {
      setFieldErrors((e) => ({ ...e, 'accept-terms': ACCEPTANCE_MESSAGES.missing }));
      document.getElementById('accept-terms')?.focus();
      return false;
    }
    try {
      await callApi(acceptTerms, { params: { id: order.id }, body: { accepted: true } });
      return true;
    } catch (error) {
      payment.setProviderError(errorMessage(error));
      return false;
    }
  }

  const { busy, fieldErrors } = payment;

  return (
    <section className="page container">
      {/* Not once the booking is under way: the page then follows it until it is decided. */}
      {!booking && <BackLink to={hrefOf('items')}>Back to Declare Items</BackLink>}
      <h1>Payment</h1>
      <div className="with-summary">
        <div className="with-summary__main">
          {!ready ? (
            <GoBackNotice
              text="Please declare the items in each box before you pay."
              to={hrefOf('items')}
              linkText="Declare your items"
            />
          ) : booking ? (
            <BookingProgress status={progress} />
          ) : (
            <>
              <p className="lead">Please provide your payment details below.</p>
              {loadError ? (
                <div className="notice notice--error" role="alert">
                  <p>{loadError.message}</p>
                  {loadError.code === COLLECTION_DATE_LAPSED && (
                    <p>
                      <Link to={hrefOf('booking', undefined, { step: '3' })}>
                        Choose a new collection date
                      </Link>
                    </p>
                  )}
                </div>
              ) : (
                <p className="pay__amount" data-testid="pay-amount">
                  Amount to pay: <strong>{session ? formatPence(session.amountPence) : '…'}</strong>
                  <span className="pay__amount-note">
                    {' '}
                    Your card is charged only once your collection is booked.
                  </span>
                </p>
              )}
              <ErrorSummary errors={summaryErrors(fieldErrors)} />
              {payment.phase !== 'authenticate' && (
                <>
                  <PaymentReview order={order} />
                  <CoverChoice order={order} disabled={busy} />
                  <ImportChargesEstimate order={order} personalEffects={order.personalEffects} />
                  <AcceptanceField
                    checked={accepted}
                    error={fieldErrors['accept-terms']}
                    disabled={busy}
                    onChange={(value) => {
                      setAccepted(value);
                      if (value) {
                        setFieldErrors(({ 'accept-terms': _done, ...rest }) => rest);
                      }
                    }}
                  />
                </>
              )}
              <CardStep payment={payment} />
            </>
          )}
        </div>
        <OrderSummary order={order} />
      </div>
    </section>
  );
}
