import { useEffect, useState, type ReactNode } from 'react';
import type { OrderView } from '#src/domain/order.js';
import { PageLoading } from '../../components/ui/spinner.js';
import { Link } from '../../lib/router.js';
import { reloadCurrentOrder, useCurrentOrder } from './current-order.js';
import { hrefOf } from '#src/domain/site-links.js';

/**
 * Renders a step of the order journey once the order in progress is known: loaded from the
 * server after a reload or in another tab, or a way back to the quote form when there is none.
 */
export function OrderGate({
  title,
  children,
}: {
  title: string;
  children: (order: OrderView) => ReactNode;
}) {
  const current = useCurrentOrder();
  // Load once on arrival; a failed load is offered again by the button below.
  const [initial] = useState(current.status);
  useEffect(() => {
    if (initial === 'empty' || initial === 'error') void reloadCurrentOrder();
  }, [initial]);

  if (current.status === 'ready') return <>{children(current.order)}</>;
  return (
    <section className="page container">
      <h1>{title}</h1>
      {current.status === 'loading' ? (
        <PageLoading label="Loading your order" />
      ) : current.status === 'error' ? (
        <div className="notice notice--error" role="alert">
          <p>{current.error.message}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void reloadCurrentOrder()}
          >
            Try again
          </button>
        </div>
      ) : (
        <div className="notice">
          <p>You have no order in progress.</p>
          <p>
            <Link to={hrefOf('home')}>Get an instant quote</Link> to start one.
          </p>
        </div>
      )}
    </section>
  );
}
