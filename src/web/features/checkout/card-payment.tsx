import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { sandboxAuthenticate, sandboxConfirmCard } from '#src/domain/api/checkout.js';
import { cardFieldErrors } from '#src/domain/cards.js';
import type { PaymentSession } from '#src/domain/checkout.js';
import { formatPence } from '#src/domain/money.js';
import type { OrderAddress } from '#src/domain/order.js';
import { Spinner } from '../../components/ui/spinner.js';
import { TextField } from '../../components/ui/text-field.js';
import { callApi } from '../../lib/api.js';
import { errorMessage, UNEXPECTED_ERROR } from '../../lib/error-message.js';
import { PaySubmit } from './pay-submit.js';

/** Stripe Elements, in their own chunk: fetched only when the provider is Stripe. */
const StripeCardForm = lazy(() =>
  import('./stripe-card-form.js').then((m) => ({ default: m.StripeCardForm })),
);

export type Billing = {
  name: string;
  line1: string;
  city: string;
  postcode: string;
  country: string;
};
type Card = { number: string; expiry: string; cvc: string };
/** The card step: the fields, the provider confirming the card, the bank's check (3-D Secure). */
export type CardPhase = 'form' | 'paying' | 'authenticate';
export type FieldErrors = Partial<Record<string, string>>;

/** The billing address a card form starts with: the collection address's. */
export function billingFor(address: OrderAddress | null): Billing {
  return {
    name: address ? `${address.firstName} ${address.lastName}` : '',
    line1: address?.street ?? '',
    city: address?.city ?? '',
    postcode: address?.postcode ?? '',
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

const BILLING_AUTOCOMPLETE: Record<keyof Billing, string> = {
  name: 'cc-name',
  line1: 'billing address-line1',
  city: 'billing address-level2',
  postcode: 'billing postal-code',
  country: 'billing country-name',
};

export interface CardPaymentOptions {
  /** The payment to confirm the card for; null until it is there (nothing can be paid). */
  session: PaymentSession | null;
  /** The billing address the fields start with. */
  billing: Billing;
  /** Problems outside the card form, checked with its fields (the pay step's tick box). */
  otherErrors?(): FieldErrors;
  /** What must be done before the card is confirmed (the pay step records the tick box). */
  beforeCard?(): Promise<boolean>;
  /** The card provider authorised the payment: what follows. What it throws is shown. */
  onAuthorised(): Promise<void>;
}

/**
 * One card payment as every card form takes it (the pay step, a cover raise): the sandbox's
 * fields and their checks, the provider's answer, the bank's check when the card asks for it,
 * and the provider's message when the card is refused, the form left to try again.
 */
export function useCardPayment(options: CardPaymentOptions) {
  const { session } = options;
  const [billing, setBilling] = useState<Billing>(options.billing);
  const [card, setCard] = useState<Card>({ number: '', expiry: '', cvc: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [providerError, setProviderError] = useState<string | null>(null);
  const [phase, setPhase] = useState<CardPhase>('form');

  /** Back to the form, with the message shown by the Pay button. */
  const fail = useCallback((message: string) => {
    setProviderError(message);
    setPhase('form');
  }, []);

  async function afterCard(status: string, error: { message: string } | null) {
    if (error) {
      fail(error.message);
      return;
    }
    if (status === 'requires_action') {
      setPhase('authenticate');
      return;
    }
    await options.onAuthorised();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!session || phase !== 'form') return;
    const errors: FieldErrors = {};
    for (const key of ['name', 'line1', 'postcode'] as const) {
      if (!billing[key].trim()) errors[`billing-${key}`] = 'Required field is missing.';
    }
    const cardErrors = cardFieldErrors(card, new Date());
    if (cardErrors.number) errors['card-number'] = cardErrors.number;
    if (cardErrors.expiry) errors['card-expiry'] = cardErrors.expiry;
    if (cardErrors.cvc) errors['card-cvc'] = cardErrors.cvc;
    Object.assign(errors, options.otherErrors?.());
    setFieldErrors(errors);
    setProviderError(null);
    if (Object.keys(errors).length > 0) return;
    setPhase('paying');
    if (options.beforeCard && !(await options.beforeCard())) {
      setPhase('form');
      return;
    }
    try {
      const result = await callApi(sandboxConfirmCard, {
        body: { clientSecret: session.clientSecret, ...card, billing },
      });
      await afterCard(result.status, result.error);
    } catch (error) {
      fail(errorMessage(error));
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
      fail(errorMessage(error));
    }
  }

  /** Stripe's card form: its own fields and its own bank check; the same answers after. */
  const stripe = {
    beforePay: options.beforeCard ?? (() => Promise.resolve(true)),
    onSubmitStart() {
      setProviderError(null);
      setPhase('paying');
    },
    onResult(status: 'authorised' | 'failed', error: string | null) {
      void afterCard(
        status === 'failed' ? 'requires_payment_method' : status,
        error ? { message: error } : null,
      ).catch(() => fail(UNEXPECTED_ERROR));
    },
  };

  return {
    session,
    phase,
    busy: phase === 'paying',
    billing,
    setBilling,
    card,
    setCard,
    fieldErrors,
    setFieldErrors,
    providerError,
    setProviderError,
    fail,
    submit,
    authenticate,
    stripe,
  };
}

export type CardPayment = ReturnType<typeof useCardPayment>;

/** The field problems as the error summary lists them, each linked to its field. */
export function summaryErrors(errors: FieldErrors): { fieldId: string; message: string }[] {
  return Object.entries(errors).map(([fieldId, message]) => ({ fieldId, message: message ?? '' }));
}

/**
 * The card step where a page shows it: the bank's check while it asks (3-D Secure), else the
 * provider's card form (Stripe Elements, or the card sandbox's fields).
 */
export function CardStep({ payment }: { payment: CardPayment }) {
  const { session } = payment;
  if (payment.phase === 'authenticate') return <CardAuthentication payment={payment} />;
  if (session?.provider === 'stripe') {
    return (
      <Suspense fallback={<Spinner label="Loading the card fields" size="large" />}>
        <StripeCardForm
          session={session}
          busy={payment.busy}
          error={payment.providerError}
          {...payment.stripe}
        />
      </Suspense>
    );
  }
  return <SandboxCardForm payment={payment} />;
}

/** The card sandbox's stand-in for the bank's own check (the 3-D Secure test card). */
function CardAuthentication({ payment }: { payment: CardPayment }) {
  const { session } = payment;
  return (
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
        {session ? formatPence(session.amountPence) : ''}. (Sandbox: this stands in for your
        bank&rsquo;s own check.)
      </p>
      <div className="pay__authenticate-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void payment.authenticate(true)}
        >
          Complete authentication
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void payment.authenticate(false)}
        >
          Fail authentication
        </button>
      </div>
    </div>
  );
}

/**
 * The card sandbox's fields (docs/providers.md, "The card sandbox"): the billing address, the
 * card's number, expiry date and security code, the test card to use, and the Pay button.
 */
function SandboxCardForm({ payment }: { payment: CardPayment }) {
  const { session, card, setCard, fieldErrors } = payment;
  return (
    <form
      className="pay-form"
      aria-label="Payment details"
      onSubmit={(event) => void payment.submit(event)}
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
              value={payment.billing[key]}
              wide={key === 'name' || key === 'line1'}
              autoComplete={BILLING_AUTOCOMPLETE[key]}
              error={fieldErrors[`billing-${key}`]}
              onChange={(value) => payment.setBilling((b) => ({ ...b, [key]: value }))}
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
          Test mode: pay with 4242 4242 4242 4242, any future expiry date and any security code.
        </p>
      </fieldset>
      <PaySubmit
        error={payment.providerError}
        disabled={session === null || payment.busy}
        busy={payment.busy}
        amountPence={session?.amountPence ?? null}
      />
    </form>
  );
}
