import { useCallback, useEffect, useState } from 'react';
import { getAccountOrder, type AccountOrderDetails } from '#src/domain/api/my-orders.js';
import { PageLoading } from '../../components/ui/spinner.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { Link, useParams } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { OrderDetails } from './order-details.js';
import { SignedIn } from './signed-in.js';
import { errorMessage } from '../../lib/error-message.js';
import './account.css';
import '../checkout/checkout.css';
import '../orders/orders.css';
import '../tracking/tracking.css';
import { hrefOf } from '#src/domain/site-links.js';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; details: AccountOrderDetails }
  | { state: 'error'; notFound: boolean; message: string };

/** `/account/orders/:reference`: one of the account's orders. */
export function AccountOrderPage() {
  const { reference = '' } = useParams();
  usePageTitle(`Order ${reference}`);
  return <SignedIn>{() => <AccountOrder reference={reference} />}</SignedIn>;
}

function AccountOrder({ reference }: { reference: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // Bumped after a cancellation or change: the order is read again, the page stays as it is.
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    callApi(getAccountOrder, { params: { reference }, signal: controller.signal })
      .then((details) => setLoad({ state: 'ready', details }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({
          state: 'error',
          notFound: error instanceof ApiClientError && error.status === 404,
          message: errorMessage(error),
        });
      });
    return () => controller.abort();
  }, [reference, version]);

  return (
    <section className="page container confirmation">
      <p className="breadcrumb">
        <Link to={hrefOf('account')}>Your account</Link>
      </p>
      <h1>Order {reference}</h1>
      {load.state === 'loading' && <PageLoading label="Loading your order" />}
      {load.state === 'error' && (
        <div className="notice notice--error" role="alert">
          <p>
            {load.notFound
              ? 'We could not find this order in your account. Check the reference, or use Manage my booking if you booked it as a guest.'
              : load.message}
          </p>
          {load.notFound && (
            <p>
              <Link to={hrefOf('manageBooking')}>Manage my booking</Link>
            </p>
          )}
        </div>
      )}
      {load.state === 'ready' && (
        <OrderDetails
          order={load.details.order}
          checkout={load.details.checkout}
          onChanged={reload}
        />
      )}
    </section>
  );
}
