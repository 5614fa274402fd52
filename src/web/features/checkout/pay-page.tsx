import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  confirmPayment,
  sandboxAuthenticate,
  sandboxConfirmCard,
  startPayment,
} from '../../../domain/api/checkout.js';
import { acceptTerms } from '../../../domain/api/declaration.js';
import { cardFieldErrors } from '../../../domain/cards.js';
import {
  ACCEPTANCE_MESSAGES,
  COLLECTION_DATE_LAPSED,
  type CheckoutStatus,
  type PaymentSession,
} from '../../../domain/checkout.js';
import { formatPence } from '../../../domain/money.js';
import type { OrderView } from '../../../domain/order.js';
import { titleFor } from '../../../domain/site-routes.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { Spinner } from '../../components/ui/spinner.js';
import { PaySubmit } from './pay-submit.js';
import { AcceptanceField, PaymentReview } from './payment-review.js';
import { CoverChoice } from './cover-choice.js';
import { TextField } from '../../components/ui/text-field.js';
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

/** Stripe Elements, in their own chunk: fetched only when the provider is Stripe. */
const StripeCardForm = lazy(() =>
  import('./stripe-card-form.js').then((m) => ({ default: m.StripeCardForm })),
);

export function PayPage() {
  usePageTitle(titleFor('/pay'));
  return <OrderGate title="Payment">{(order) => <Payment order={order} />}</OrderGate>;
}

type Billing = { name: string; line1: string; city: string; postcode: string; country: string };
type Card = { number: string; expiry: string; cvc: string };
type Phase = 'form' | 'paying' | 'authenticate' | 'booking';

function initialBilling(order: OrderView): Billing {
  const a = order.collectionAddress;
  return {
    name: a ? `${a.firstName} ${a.lastName}` : '',
    line1: a?.street ?? '',
    city: a?.city ?? '',
    postcode: a?.postcode ?? '',
    country: 'United Kingdom',
  };
}

const BILLING_LABELS: Record<keyof Billing, string> = {
  name: 'Name on card',
  line1: 'Address',
  city: 'Town or city',
  postcode: 'Postcode',
  country: 'Country',
};

function confirmationUrl(status: CheckoutStatus): string {
  const result = status.result === 'SUCCESS' ? 'SUCCESS' : 'FAILED';
  return `/order-confirmation?status=${result}&order=${encodeURIComponent(status.orderId)}`;
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
  const [billing, setBilling] = useState<Billing>(() => initialBilling(order));
  const [card, setCard] = useState<Card>({ number: '', expiry: '', cvc: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const [providerError, setProviderError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('form');
  const [accepted, setAccepted] = useState(false);
  const [progress, setProgress] = useState<CheckoutStatus | null>(null);
  const abort = useRef<AbortController | null>(null);
  const ready = order.declaredAt !== null && order.collectionDate !== null;

  /** After authorisation: live progress until the booking is decided. */
  const follow = useCallback(async () => {
    setPhase('booking');
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      const outcome = await waitForOutcome(order.id, setProgress, controller.signal);
      navigate(confirmationUrl(outcome));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setPhase('form');
      setProviderError(errorMessage(error));
    }
  }, [order.id, navigate]);

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

  async function afterCard(status: string, error: { message: string } | null) {
    if (error) {
      setProviderError(error.message);
      setPhase('form');
      return;
    }
    if (status === 'requires_action') {
      setPhase('authenticate');
      return;
    }
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
      setProviderError(errorMessage(error));
      return false;
    }
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!session || phase !== 'form') return;
    const errors: Partial<Record<string, string>> = {};
    for (const key of ['name', 'line1', 'postcode'] as const) {
      if (!billing[key].trim()) errors[`billing-${key}`] = 'Required field is missing.';
    }
    const cardErrors = cardFieldErrors(card, new Date());
    if (cardErrors.number) errors['card-number'] = cardErrors.number;
    if (cardErrors.expiry) errors['card-expiry'] = cardErrors.expiry;
    if (cardErrors.cvc) errors['card-cvc'] = cardErrors.cvc;
    if (!accepted) errors['accept-terms'] = ACCEPTANCE_MESSAGES.missing;
    setFieldErrors(errors);
    setProviderError(null);
    if (Object.keys(errors).length > 0) return;
    setPhase('paying');
    if (!(await recordAcceptance())) {
      setPhase('form');
      return;
    }
    try {
      const result = await callApi(sandboxConfirmCard, {
        body: { clientSecret: session.clientSecret, ...card, billing },
      });
      await afterCard(result.status, result.error);
    } catch (error) {
      setProviderError(errorMessage(error));
      setPhase('form');
    }
  }

  async function authenticate(approve: boolean) {
    if (!session) return;
    setPhase('paying');
    try {
      const result = await callApi(sandboxAuthenticate, {
        body: { clientSecret: session.clientSecret, approve },
      });
      await afterCard(result.status, result.error);
    } catch (error) {
      setProviderError(errorMessage(error));
      setPhase('form');
    }
  }

  const summaryErrors = Object.entries(fieldErrors).map(([fieldId, message]) => ({
    fieldId,
    message: message ?? '',
  }));
  const busy = phase === 'paying';
  const canPay = session !== null && !busy;

  return (
    <section className="page container">
      {/* Not once the booking is under way: the page then follows it until it is decided. */}
      {phase !== 'booking' && <BackLink to="/items">Back to Declare Items</BackLink>}
      <h1>Payment</h1>
      <div className="with-summary">
        <div className="with-summary__main">
          {!ready ? (
            <div className="notice">
              <p>Please declare the items in each box before you pay.</p>
              <p>
                <Link to="/items">Declare your items</Link>
              </p>
            </div>
          ) : phase === 'booking' ? (
            <BookingProgress status={progress} />
          ) : (
            <>
              <p className="lead">Please provide your payment details below.</p>
              {loadError ? (
                <div className="notice notice--error" role="alert">
                  <p>{loadError.message}</p>
                  {loadError.code === COLLECTION_DATE_LAPSED && (
                    <p>
                      <Link to="/booking?step=3">Choose a new collection date</Link>
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
              <ErrorSummary errors={summaryErrors} />
              {phase !== 'authenticate' && (
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
              {phase === 'authenticate' ? (
                <div className="pay__authenticate" role="dialog" aria-labelledby="auth-title">
                  <h2
                    id="auth-title"
                    tabIndex={-1}
                    ref={(node) => node?.focus()}
                    className="booking-progress__title"
                  >
                    Confirm your payment
                  </h2>
                  <p>
                    Your bank asks you to confirm this payment of{' '}
                    {session ? formatPence(session.amountPence) : ''}. (Sandbox: this stands in for
                    your bank&rsquo;s own check.)
                  </p>
                  <div className="pay__authenticate-actions">
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => void authenticate(true)}
                    >
                      Complete authentication
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void authenticate(false)}
                    >
                      Fail authentication
                    </button>
                  </div>
                </div>
              ) : session?.provider === 'stripe' ? (
                <Suspense fallback={<Spinner label="Loading the card fields" size="large" />}>
                  <StripeCardForm
                    session={session}
                    busy={busy}
                    error={providerError}
                    beforePay={recordAcceptance}
                    onSubmitStart={() => {
                      setProviderError(null);
                      setPhase('paying');
                    }}
                    onResult={(status, error) => {
                      void afterCard(
                        status === 'failed' ? 'requires_payment_method' : status,
                        error ? { message: error } : null,
                      ).catch(() => {
                        setPhase('form');
                        setProviderError(UNEXPECTED_ERROR);
                      });
                    }}
                  />
                </Suspense>
              ) : (
                <form
                  className="pay-form"
                  aria-label="Payment details"
                  onSubmit={(event) => void pay(event)}
                  noValidate
                >
                  <fieldset className="pay-form__group">
                    <legend>Billing address</legend>
                    <div className="form-grid">
                      {(Object.keys(BILLING_LABELS) as (keyof Billing)[]).map((key) => (
                        <TextField
                          key={key}
                          id={`billing-${key}`}
                          label={BILLING_LABELS[key]}
                          value={billing[key]}
                          wide={key === 'name' || key === 'line1'}
                          autoComplete={
                            {
                              name: 'cc-name',
                              line1: 'billing address-line1',
                              city: 'billing address-level2',
                              postcode: 'billing postal-code',
                              country: 'billing country-name',
                            }[key]
                          }
                          error={fieldErrors[`billing-${key}`]}
                          onChange={(value) => setBilling((b) => ({ ...b, [key]: value }))}
                        />
                      ))}
                    </div>
                  </fieldset>
                  <fieldset className="pay-form__group">
                    <legend>Card details</legend>
                    <div className="form-grid">
                      <TextField
                        id="card-number"
                        label="Card number"
                        value={card.number}
                        wide
                        inputMode="numeric"
                        autoComplete="cc-number"
                        placeholder="1234 1234 1234 1234"
                        error={fieldErrors['card-number']}
                        onChange={(number) => setCard((c) => ({ ...c, number }))}
                      />
                      <TextField
                        id="card-expiry"
                        label="Expiry date"
                        hint="MM / YY"
                        value={card.expiry}
                        inputMode="numeric"
                        autoComplete="cc-exp"
                        error={fieldErrors['card-expiry']}
                        onChange={(expiry) => setCard((c) => ({ ...c, expiry }))}
                      />
                      <TextField
                        id="card-cvc"
                        label="Security code"
                        hint="3 or 4 digits on the back"
                        value={card.cvc}
                        inputMode="numeric"
                        autoComplete="cc-csc"
                        error={fieldErrors['card-cvc']}
                        onChange={(cvc) => setCard((c) => ({ ...c, cvc }))}
                      />
                    </div>
                    <p className="pay__sandbox-note">
                      Test mode: pay with 4242 4242 4242 4242, any future expiry date and any
                      security code.
                    </p>
                  </fieldset>
                  <PaySubmit
                    error={providerError}
                    disabled={!canPay}
                    busy={busy}
                    amountPence={session?.amountPence ?? null}
                  />
                </form>
              )}
            </>
          )}
        </div>
        <OrderSummary order={order} />
      </div>
    </section>
  );
}
