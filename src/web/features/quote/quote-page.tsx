import { useEffect, useState } from 'react';
import { Link, useNavigate } from '../../lib/router.js';
import { selectService } from '../../../domain/api/orders.js';
import { formatPence } from '../../../domain/money.js';
import type { OfferedService, OrderView } from '../../../domain/order.js';
import { titleFor } from '../../../domain/site-routes.js';
import { Spinner } from '../../components/ui/spinner.js';
import {
  clearCurrentOrderError,
  currentOrderState,
  reloadCurrentOrder,
  startQuote,
  rememberExpressSelected,
  setCurrentOrder,
  useCurrentOrder,
  OrderSummary,
  isReadOnly,
  PaidOrderNotice,
} from '../orders/index.js';
import { setHomeError, takeQuoteRequest } from './quote-handoff.js';
import { callApi } from '../../lib/api.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { errorMessage } from '../../lib/error-message.js';
import '../orders/orders.css';

export function QuotePage() {
  usePageTitle(titleFor('/quote'));
  const current = useCurrentOrder();
  const navigate = useNavigate();

  // Arriving from Get Quotes: send the request (the spinner shows meanwhile). Arriving any other
  // way (a reload, a new tab): load the stored order from the server.
  useEffect(() => {
    const request = takeQuoteRequest();
    if (request) void startQuote(request);
    else if (currentOrderState().status !== 'ready') void reloadCurrentOrder();
  }, []);

  // A quote that cannot be given returns the customer home, with the message beneath the form.
  useEffect(() => {
    if (current.status === 'error' && current.error.status === 422) {
      setHomeError(current.error.message);
      clearCurrentOrderError();
      navigate('/', { replace: true });
    }
  }, [current, navigate]);

  if (current.status === 'ready') return <QuoteResults order={current.order} />;

  return (
    <section className="page container">
      <h1>Your quote</h1>
      {current.status === 'error' && current.error.status !== 422 ? (
        <div className="notice notice--error" role="alert">
          <p>{current.error.message}</p>
          <p>
            <Link to="/">Back to the quote form</Link>
          </p>
        </div>
      ) : current.status === 'empty' ? (
        <div className="notice">
          <p>You have no quote in progress.</p>
          <p>
            <Link to="/">Get an instant quote</Link>
          </p>
        </div>
      ) : (
        <div className="page-loading">
          <Spinner label="Finding the best prices for your boxes" size="large" />
          <p aria-hidden="true">Finding the best prices for your boxes…</p>
        </div>
      )}
    </section>
  );
}

function QuoteResults({ order }: { order: OrderView }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const readOnly = isReadOnly(order);

  async function choose(service: OfferedService) {
    setPending(service.service);
    setError(null);
    try {
      const updated = await callApi(selectService, {
        params: { id: order.id },
        body: { service: service.service },
      });
      setCurrentOrder(updated);
      rememberExpressSelected(service.service === 'express');
      await navigate('/booking');
    } catch (e) {
      setError(errorMessage(e));
      setPending(null);
    }
  }

  return (
    <section className="page container">
      <h1>Your quote</h1>
      <div className="with-summary">
        <div className="with-summary__main">
          {readOnly && <PaidOrderNotice order={order} />}
          <p className="lead">
            {readOnly ? 'The service you chose' : 'Choose a service'} for your{' '}
            {order.totalBoxes === 1 ? 'box' : `${order.totalBoxes} boxes`} from{' '}
            {order.collection.title} to {order.destination.title}.
            {!readOnly && (
              <>
                {' '}
                {/* The home form shows this quote's values to change (docs/product-rules.md). */}
                <Link to="/">Change quote</Link>
              </>
            )}
          </p>
          {error && (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          )}
          <table className="quote-table">
            <caption className="visually-hidden">Services and prices for your boxes</caption>
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">Detail</th>
                <th scope="col">Collection</th>
                <th scope="col">Insurance</th>
                <th scope="col">Price (£)</th>
                <th scope="col">
                  <span className="visually-hidden">{readOnly ? 'Your choice' : 'Select'}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {order.services.map((service) => (
                <tr key={service.service}>
                  <th scope="row" data-label="Service">
                    {service.name}
                  </th>
                  <td data-label="Detail">
                    <span>
                      {service.detail}
                      {service.transitDays && (
                        <span className="quote-table__transit">
                          Typically {service.transitDays} working days
                        </span>
                      )}
                    </span>
                  </td>
                  <td data-label="Collection">Free</td>
                  <td data-label="Insurance">Cover up to £50, included</td>
                  <td data-label="Price (£)" className="quote-table__price">
                    {formatPence(service.pricePence)}
                  </td>
                  <td>
                    {readOnly ? (
                      order.selectedService === service.service && (
                        <span className="quote-table__chosen">Your choice</span>
                      )
                    ) : (
                      <button
                        type="button"
                        className="button button--primary"
                        aria-label={`Select ${service.name} for ${formatPence(service.pricePence)}`}
                        disabled={pending !== null}
                        onClick={() => void choose(service)}
                      >
                        {pending === service.service ? (
                          <Spinner label="Saving your choice" />
                        ) : (
                          'Select'
                        )}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="note">
            We do not accept backpacks or duffel bags. Any item over the weight or size limits of
            its box is charged extra under our <Link to="/terms">terms</Link>.
          </p>
        </div>
        <OrderSummary order={order} />
      </div>
    </section>
  );
}
