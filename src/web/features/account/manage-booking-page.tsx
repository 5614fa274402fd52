import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES } from '#src/domain/accounts.js';
import { getCheckoutStatus } from '#src/domain/api/checkout.js';
import {
  BookingLinkRequestSchema,
  openBookingLink,
  requestBookingLink,
} from '#src/domain/api/my-orders.js';
import { getOrder } from '#src/domain/api/orders.js';
import type { CheckoutStatus } from '#src/domain/checkout.js';
import type { OrderView } from '#src/domain/order.js';
import { PageLoading } from '../../components/ui/spinner.js';
import { callApi } from '../../lib/api.js';
import { Link, navigate, useSearchParams } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { AccountForm, emailField } from './account-form.js';
import { OrderDetails } from './order-details.js';
import { errorMessage } from '../../lib/error-message.js';
import './account.css';
import '../checkout/checkout.css';
import '../orders/orders.css';
import '../tracking/tracking.css';
import { hrefOf } from '#src/domain/site-links.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';

type Load =
  | { state: 'form'; problem: string | null }
  | { state: 'loading' }
  | { state: 'ready'; order: OrderView; checkout: CheckoutStatus };

/**
 * `/manage-booking`: a guest finds an order again. The form emails a link to the order's email;
 * the link (`?token=`) gives this browser the order once, then the page shows it
 * (`?order=<id>`, which only a browser holding the order can open).
 */
export function ManageBookingPage() {
  usePageTitle(SITE_PAGES.manageBooking.title);
  const params = useSearchParams();
  const token = params.get('token');
  const orderId = params.get('order');
  const [load, setLoad] = useState<Load>(() =>
    token || orderId ? { state: 'loading' } : { state: 'form', problem: null },
  );

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    callApi(openBookingLink, { body: { token }, signal: controller.signal })
      .then(({ orderId: opened }) => {
        navigate(hrefOf('manageBooking', undefined, { order: opened }), { replace: true });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'form', problem: errorMessage(error) });
      });
    return () => controller.abort();
  }, [token]);

  // Bumped after a cancellation or change: the order is read again, the page stays as it is.
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    if (token || !orderId) return;
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([
      callApi(getOrder, { params: { id: orderId }, signal }),
      callApi(getCheckoutStatus, { params: { id: orderId }, signal }),
    ])
      .then(([order, checkout]) => setLoad({ state: 'ready', order, checkout }))
      .catch((error: unknown) => {
        if (!signal.aborted) setLoad({ state: 'form', problem: errorMessage(error) });
      });
    return () => controller.abort();
  }, [token, orderId, version]);

  if (load.state === 'ready') {
    return (
      <section className="page container confirmation">
        <h1>Your booking {load.order.reference}</h1>
        <OrderDetails order={load.order} checkout={load.checkout} onChanged={reload} />
      </section>
    );
  }
  return (
    <section className="page container">
      <h1>Manage my booking</h1>
      {load.state === 'loading' ? (
        <PageLoading label="Opening your booking" />
      ) : (
        <RequestLink problem={load.problem} />
      )}
    </section>
  );
}

function RequestLink({ problem }: { problem: string | null }) {
  const [sent, setSent] = useState<string | null>(null);
  if (sent) {
    return (
      <div className="notice" role="status">
        <p>{sent}</p>
      </div>
    );
  }
  return (
    <>
      {problem && (
        <div className="notice notice--error" role="alert">
          <p>{problem}</p>
        </div>
      )}
      <p>
        Enter your order reference (it starts with BA-) and the email you booked with. We will email
        you a link that opens your booking in this browser.
      </p>
      <AccountForm
        id="manage-booking"
        schema={BookingLinkRequestSchema}
        fields={[
          { name: 'reference', label: 'Order reference', autoComplete: 'off' },
          emailField('email'),
        ]}
        submitLabel="Email me a link"
        busyLabel="Sending"
        onSubmit={async (values) => {
          await callApi(requestBookingLink, { body: values });
          setSent(ACCOUNT_MESSAGES.manageSent);
        }}
      >
        <p>
          Have an account?{' '}
          <Link to={hrefOf('login', undefined, { next: hrefOf('account') })}>Sign in</Link> to see
          all your orders.
        </p>
      </AccountForm>
    </>
  );
}
