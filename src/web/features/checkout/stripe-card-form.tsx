import type {
  Stripe,
  StripeAddressElement,
  StripeCardNumberElement,
  StripeElements,
} from '@stripe/stripe-js';
import type { loadStripe as LoadStripe } from '@stripe/stripe-js';
// The ESM build of the "pure" entry (no script injected on import). Its type file re-exports
// without an extension, which NodeNext resolution cannot follow: typed below instead.
// @ts-expect-error -- see above; `loadStripe` exists at runtime (dist/pure.mjs)
import { loadStripe as untypedLoadStripe } from '@stripe/stripe-js/pure/index.mjs';

const loadStripe = untypedLoadStripe as typeof LoadStripe;
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PaymentSession } from '#src/domain/checkout.js';
import { PaySubmit } from './pay-submit.js';

/**
 * The card fields of the real card provider (PAYMENT_PROVIDER=stripe): Stripe Elements for card
 * number, expiry and security code plus the billing address element, mounted with Stripe.js
 * directly (ESM, no CommonJS helpers in the home chunk). Loaded in its own chunk only when the
 * server says the provider is Stripe; the card never touches our server.
 */
export interface CardFormProps {
  session: PaymentSession;
  busy: boolean;
  error: string | null;
  onSubmitStart(): void;
  /** Checks and records what must come before the card (the tick box); false stops here. */
  beforePay(): Promise<boolean>;
  /** The provider's answer: authorised, or its message. */
  onResult(status: 'authorised' | 'failed', error: string | null): void;
}

let loaded: { key: string; promise: Promise<Stripe | null> } | undefined;

function stripeFor(key: string): Promise<Stripe | null> {
  if (loaded?.key !== key) loaded = { key, promise: loadStripe(key) };
  return loaded.promise;
}

type Part = 'number' | 'expiry' | 'cvc' | 'address';
const STYLE = { base: { fontSize: '16px', color: '#1b2631' } };

export function StripeCardForm({
  session,
  busy,
  error,
  onSubmitStart,
  beforePay,
  onResult,
}: CardFormProps) {
  const numberNode = useRef<HTMLDivElement>(null);
  const expiryNode = useRef<HTMLDivElement>(null);
  const cvcNode = useRef<HTMLDivElement>(null);
  const addressNode = useRef<HTMLDivElement>(null);
  const stripe = useRef<Stripe | null>(null);
  const elements = useRef<StripeElements | null>(null);
  const [ready, setReady] = useState<Record<Part, boolean>>({
    number: false,
    expiry: false,
    cvc: false,
    address: false,
  });
  const [loadError, setLoadError] = useState<string | null>(null);
  const allReady = Object.values(ready).every(Boolean);

  useEffect(() => {
    let live = true;
    const mounted: { destroy(): void }[] = [];
    stripeFor(session.publishableKey ?? '')
      .then((s) => {
        if (!live || !s) return;
        stripe.current = s;
        const group = s.elements({ locale: 'en-GB' });
        elements.current = group;
        const number = group.create('cardNumber', { style: STYLE, showIcon: true });
        const expiry = group.create('cardExpiry', { style: STYLE });
        const cvc = group.create('cardCvc', { style: STYLE });
        const address = group.create('address', { mode: 'billing' });
        const markReady = (part: Part) => () => setReady((r) => ({ ...r, [part]: true }));
        number.on('ready', markReady('number'));
        expiry.on('ready', markReady('expiry'));
        cvc.on('ready', markReady('cvc'));
        address.on('ready', markReady('address'));
        const mount = (
          element: { mount(node: HTMLElement): void; destroy(): void },
          node: HTMLElement | null,
        ) => {
          if (!node) return;
          element.mount(node);
          mounted.push(element);
        };
        mount(number, numberNode.current);
        mount(expiry, expiryNode.current);
        mount(cvc, cvcNode.current);
        mount(address, addressNode.current);
      })
      .catch(() => {
        if (live) setLoadError('The card fields could not be loaded. Please reload the page.');
      });
    return () => {
      live = false;
      mounted.forEach((element) => element.destroy());
    };
    // The fields are mounted once per payment.
  }, [session.publishableKey, session.clientSecret]);

  async function pay(event: FormEvent) {
    event.preventDefault();
    const s = stripe.current;
    const group = elements.current;
    if (!s || !group || busy || !allReady) return;
    const card = group.getElement('cardNumber') as StripeCardNumberElement | null;
    const address = await (group.getElement('address') as StripeAddressElement | null)?.getValue();
    if (!card || !address?.complete) {
      onResult('failed', 'Please complete your billing address.');
      return;
    }
    if (!(await beforePay())) return;
    onSubmitStart();
    const { name, address: a } = address.value;
    const result = await s.confirmCardPayment(session.clientSecret, {
      payment_method: {
        card,
        billing_details: {
          name,
          address: {
            line1: a.line1,
            ...(a.line2 ? { line2: a.line2 } : {}),
            city: a.city,
            state: a.state,
            postal_code: a.postal_code,
            country: a.country,
          },
        },
      },
    });
    if (result.error) onResult('failed', result.error.message ?? 'Your card was declined.');
    else if (result.paymentIntent.status === 'requires_capture') onResult('authorised', null);
    else onResult('failed', 'Your payment was not authorised. Please try again.');
  }

  return (
    <form className="pay-form" aria-label="Payment details" onSubmit={(e) => void pay(e)}>
      {loadError && (
        <div className="notice notice--error" role="alert">
          <p>{loadError}</p>
        </div>
      )}
      <fieldset className="pay-form__group">
        <legend>Billing address</legend>
        <div ref={addressNode} />
      </fieldset>
      <fieldset className="pay-form__group">
        <legend>Card details</legend>
        <div className="form-grid">
          <div className="field field--wide">
            <span className="field__label">Card number</span>
            <div className="field__input stripe-field" ref={numberNode} />
          </div>
          <div className="field">
            <span className="field__label">Expiry date</span>
            <div className="field__input stripe-field" ref={expiryNode} />
          </div>
          <div className="field">
            <span className="field__label">Security code</span>
            <div className="field__input stripe-field" ref={cvcNode} />
          </div>
        </div>
      </fieldset>
      <PaySubmit
        error={error}
        disabled={!allReady || busy}
        busy={busy}
        amountPence={session.amountPence}
      />
    </form>
  );
}
