import { useEffect, useRef } from 'react';
import type { AddressInputValue } from '#src/domain/address.js';
import { saveAddress, setCollectionDate } from '#src/domain/api/booking.js';
import { saveOrderAddresses, useSavedAddress } from '#src/domain/api/saved-addresses.js';
import { keepGuestContact, useBookingContact } from '../address-book/index.js';
import { useSessionState } from '../../lib/session.js';
import type { OrderView } from '#src/domain/order.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { AddressForm } from './address-form.js';
import { CollectionDateStep } from './collection-date-step.js';
import {
  setCurrentOrder,
  OrderGate,
  OrderSummary,
  CollectionWhen,
  isReadOnly,
  PaidOrderNotice,
} from '../orders/index.js';
import { callApi } from '../../lib/api.js';
import { useNavigate, useSearchParams } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import '../orders/orders.css';
import { hrefOf } from '#src/domain/site-links.js';
import { GoBackNotice } from '../../components/ui/go-back-notice.js';

const STEPS = [
  { number: 1, label: 'Collection Address' },
  { number: 2, label: 'Delivery Address' },
  { number: 3, label: 'Collection Time' },
] as const;

type StepNumber = 1 | 2 | 3;

function stepDone(order: OrderView, step: StepNumber): boolean {
  if (step === 1) return order.collectionAddress !== null;
  if (step === 2) return order.deliveryAddress !== null;
  return order.collectionDate !== null;
}

export function BookingPage() {
  usePageTitle(SITE_PAGES.booking.title);
  return (
    <OrderGate title="Book your collection">{(order) => <BookingWizard order={order} />}</OrderGate>
  );
}

function BookingWizard({ order }: { order: OrderView }) {
  const navigate = useNavigate();
  const params = useSearchParams();
  const requested = Number(params.get('step'));
  const step: StepNumber = requested === 2 || requested === 3 ? requested : 1;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const signedIn = Boolean(useSessionState()?.user);
  const contact = useBookingContact();

  // Moving between steps puts focus on the step's heading, so keyboard and screen-reader users
  // start at the top of the new step.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const goTo = (next: StepNumber) => navigate(hrefOf('booking', undefined, { step: String(next) }));

  if (!order.selectedService) {
    return (
      <section className="page container">
        <h1>Book your collection</h1>
        <GoBackNotice
          text="Please choose Express or Economy first."
          to={hrefOf('quote')}
          linkText="Back to your quote"
        />
      </section>
    );
  }

  if (isReadOnly(order)) {
    return (
      <section className="page container">
        <h1>Book your collection</h1>
        <div className="with-summary">
          <div className="with-summary__main">
            <PaidOrderNotice order={order} />
            <h2>Your collection</h2>
            <CollectionWhen order={order} />
            <p>The collection and delivery addresses are in the order details.</p>
          </div>
          <OrderSummary order={order} />
        </div>
      </section>
    );
  }

  async function save(
    role: 'collection' | 'delivery',
    address: AddressInputValue,
    next: StepNumber,
    remember: boolean,
  ) {
    setCurrentOrder(await callApi(saveAddress, { params: { id: order.id, role }, body: address }));
    if (role === 'collection' && !signedIn) keepGuestContact(address);
    if (remember) {
      await callApi(saveOrderAddresses, { body: { orderId: order.id, roles: [role] } });
    }
    goTo(next);
  }

  async function applySaved(savedAddressId: string, next: StepNumber) {
    setCurrentOrder(
      await callApi(useSavedAddress, {
        params: { savedAddressId },
        body: { orderId: order.id },
      }),
    );
    goTo(next);
  }

  /** An address step's form: where the boxes go from or to; saving it moves on to `next`. */
  const addressStep = (role: 'collection' | 'delivery', next: StepNumber) => {
    const collection = role === 'collection';
    return (
      <AddressForm
        key={`${role}-${order.id}`}
        orderId={order.id}
        role={role}
        place={collection ? order.collection : order.destination}
        saved={collection ? order.collectionAddress : order.deliveryAddress}
        submitLabel="Save and continue"
        signedIn={signedIn}
        prefill={collection ? contact : null}
        onSave={(address, remember) => save(role, address, next, remember)}
        onUseSaved={(savedId) => applySaved(savedId, next)}
      />
    );
  };

  const missing = !order.collectionAddress
    ? 'Please complete step 1, the collection address, first.'
    : !order.deliveryAddress
      ? 'Please complete step 2, the delivery address, first.'
      : null;

  return (
    <section className="page container">
      <h1>Book your collection</h1>
      <div className="with-summary">
        <div className="with-summary__main">
          <nav aria-label="Booking steps">
            <ol className="stepper">
              {STEPS.map((s) => {
                const done = stepDone(order, s.number);
                return (
                  <li key={s.number} className="stepper__item">
                    <button
                      type="button"
                      className={`stepper__button${step === s.number ? ' stepper__button--current' : ''}${done ? ' stepper__button--done' : ''}`}
                      aria-current={step === s.number ? 'step' : undefined}
                      onClick={() => goTo(s.number)}
                    >
                      <span className="stepper__number" aria-hidden="true">
                        {done ? '✓' : s.number}
                      </span>
                      <span>
                        <span className="visually-hidden">Step {s.number} </span>
                        {s.label}
                        {done && <span className="visually-hidden"> (completed)</span>}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </nav>
          <h2 className="step-title" ref={headingRef} tabIndex={-1}>
            {STEPS[step - 1]?.label}
          </h2>
          {step === 1 && addressStep('collection', 2)}
          {step === 2 && addressStep('delivery', 3)}
          {step === 3 && (
            <CollectionDateStep
              order={order}
              blocker={missing}
              onConfirm={async (date) => {
                setCurrentOrder(
                  await callApi(setCollectionDate, { params: { id: order.id }, body: { date } }),
                );
                navigate(hrefOf('items'));
              }}
            />
          )}
        </div>
        <OrderSummary order={order} />
      </div>
    </section>
  );
}
