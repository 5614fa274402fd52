import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router.js';
import { getQuotes, selectService } from '#src/domain/api/orders.js';
import { formatPence } from '#src/domain/money.js';
import {
  quoteViewOf,
  type OfferedService,
  type OrderView,
  type QuoteView,
} from '#src/domain/order.js';
import type { QuoteRequestInput } from '#src/domain/quote-rules.js';
import {
  quoteQueryOf,
  quoteRequestFromSearch,
  quoteSearchOf,
  sameQuoteQuestion,
} from '#src/domain/quote-question.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { hrefOf } from '#src/domain/site-links.js';
import { Spinner } from '../../components/ui/spinner.js';
import {
  currentOrderState,
  reloadCurrentOrder,
  rememberExpressSelected,
  setCurrentOrder,
  startOrder,
  useCurrentOrder,
  OrderSummary,
  isReadOnly,
  PaidOrderNotice,
} from '../orders/index.js';
import { GiftAllowanceLine } from '../import-charges/index.js';
import { setHomeError } from './quote-handoff.js';
import { rememberQuestion } from './quote-in-progress.js';
import { callApi, type ApiClientError } from '../../lib/api.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { asApiError, errorMessage } from '../../lib/error-message.js';
import '../orders/orders.css';
import { GoBackNotice } from '../../components/ui/go-back-notice.js';

/** The answer to one asking of a question (`key`: the question and the attempt). */
type QuoteAnswer =
  | { key: string; status: 'ready'; quote: QuoteView }
  | { key: string; status: 'error'; error: ApiClientError };

/** The question an order answered. */
function questionOf(order: OrderView): QuoteRequestInput {
  return {
    collection: { countryId: order.collection.countryId, postcode: order.collection.postcode },
    destination: { countryId: order.destination.countryId, postcode: order.destination.postcode },
    smallBoxes: order.smallBoxes,
    largeBoxes: order.largeBoxes,
  };
}

/**
 * /quote: the address carries the question (`/quote?collection=…`), so a reload, Back, a second
 * tab and a shared link show the same prices; asking creates nothing. Select starts the order
 * (or changes the service of this tab's unpaid order for the same question). Without a question
 * in the address, this tab's order shows its own (read-only once paid).
 */
export function QuotePage() {
  usePageTitle(SITE_PAGES.quote.title);
  const search = useSearchParams();
  const searchKey = search.toString();
  const question = useMemo(
    () => quoteRequestFromSearch(new URLSearchParams(searchKey)),
    [searchKey],
  );
  const current = useCurrentOrder();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const key = `${searchKey}#${attempt}`;
  const [latest, setLatest] = useState<QuoteAnswer | null>(null);
  // Until the answer to this question arrives, the spinner shows.
  const answer = latest?.key === key ? latest : null;

  // No question in the address: this tab's order, loaded from the server after a reload.
  useEffect(() => {
    if (!question && currentOrderState().status !== 'ready') void reloadCurrentOrder();
  }, [question]);

  // This tab's unpaid order: its question goes into the address, so its prices are asked afresh.
  const held = current.status === 'ready' ? current.order : null;
  useEffect(() => {
    if (!question && held && !isReadOnly(held)) {
      void navigate(`${hrefOf('quote')}?${quoteSearchOf(questionOf(held))}`, { replace: true });
    }
  }, [question, held, navigate]);

  useEffect(() => {
    if (!question) return;
    const controller = new AbortController();
    callApi(getQuotes, {
      query: quoteQueryOf(question),
      signal: controller.signal,
    }).then(
      (quote) => {
        rememberQuestion(question);
        setLatest({ key, status: 'ready', quote: quoteViewOf(quote) });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const apiError = asApiError(error);
        // A question that cannot be priced goes back to the form, with its message beneath it.
        if (apiError.status === 422) {
          setHomeError(apiError.message, question);
          void navigate(hrefOf('home'), { replace: true });
        } else setLatest({ key, status: 'error', error: apiError });
      },
    );
    return () => controller.abort();
  }, [question, navigate, key]);

  if (!question && held && isReadOnly(held)) {
    return <QuoteResults quote={held} question={questionOf(held)} order={held} />;
  }
  if (question && answer?.status === 'ready') {
    const matching = held && sameQuoteQuestion(questionOf(held), question) ? held : null;
    return <QuoteResults quote={answer.quote} question={question} order={matching} />;
  }

  const noQuestion = !question && current.status !== 'loading' && !held;
  return (
    <section className="page container">
      <h1>Your quote</h1>
      {question && answer?.status === 'error' ? (
        <div className="notice notice--error" role="alert">
          <p>{answer.error.message}</p>
          <p>
            {answer.error.status !== 429 && (
              <>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setAttempt((n) => n + 1)}
                >
                  Try again
                </button>{' '}
              </>
            )}
            <Link to={hrefOf('home')}>Back to the quote form</Link>
          </p>
        </div>
      ) : noQuestion ? (
        <GoBackNotice
          text="You have no quote in progress."
          to={hrefOf('home')}
          linkText="Get an instant quote"
        />
      ) : (
        <div className="page-loading">
          <Spinner label="Finding the best prices for your boxes" size="large" />
          <p aria-hidden="true">Finding the best prices for your boxes…</p>
        </div>
      )}
    </section>
  );
}

function QuoteResults({
  quote,
  question,
  order,
}: {
  quote: QuoteView;
  question: QuoteRequestInput;
  /** This tab's order for the same question, if it has one. */
  order: OrderView | null;
}) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const readOnly = order !== null && isReadOnly(order);

  async function choose(service: OfferedService) {
    setPending(service.service);
    setError(null);
    try {
      if (order) {
        // The same question's unpaid order: the choice changes, its addresses stay.
        setCurrentOrder(
          await callApi(selectService, {
            params: { id: order.id },
            body: { service: service.service },
          }),
        );
      } else {
        await startOrder(question, service.service);
      }
      rememberExpressSelected(service.service === 'express');
      await navigate(hrefOf('booking'));
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
            {quote.totalBoxes === 1 ? 'box' : `${quote.totalBoxes} boxes`} from{' '}
            {quote.collection.title} to {quote.destination.title}.
            {!readOnly && (
              <>
                {' '}
                {/* The home form shows this quote's values to change (docs/product-rules.md). */}
                <Link to={hrefOf('home')}>Change quote</Link>
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
              {quote.services.map((service) => (
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
                  <td data-label="Insurance">£50</td>
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
          <GiftAllowanceLine countryCode={quote.destination.countryCode} />
          <p className="note">
            We do not accept backpacks or duffel bags. Any item over the weight or size limits of
            its box is charged extra under our <Link to={hrefOf('terms')}>terms</Link>.
          </p>
        </div>
        <OrderSummary
          order={order && !readOnly ? { ...order, services: quote.services } : (order ?? quote)}
        />
      </div>
    </section>
  );
}
