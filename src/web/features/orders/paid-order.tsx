import { COLLECTION_HOURS, formatCalendarDate } from '#src/domain/collection-calendar.js';
import type { OrderView } from '#src/domain/order.js';
import { isEditable, isOrderStatus } from '#src/domain/order-states.js';
import { Link } from '../../lib/router.js';
import { hrefOf } from '#src/domain/site-links.js';

/**
 * Whether the order can no longer be changed: it has been paid for (authorised, booking, booked,
 * or waiting for a person). The server refuses every edit then; the pages show it read-only.
 */
export function isReadOnly(order: OrderView): boolean {
  return isOrderStatus(order.status) && !isEditable(order.status);
}

/** Where a paid order's outcome is shown (the page reads the state from the server). */
export function confirmationPath(order: OrderView): string {
  return hrefOf('orderConfirmation', undefined, { order: order.id });
}

/** The notice at the top of a step of a paid order: why nothing can be changed, and where to go. */
export function PaidOrderNotice({ order }: { order: OrderView }) {
  return (
    <div className="notice paid-order" role="note" aria-label="This order is paid">
      <p>
        <strong>This order has been paid for and can no longer be changed.</strong> Order{' '}
        {order.reference}.
      </p>
      <p>
        <Link to={confirmationPath(order)}>View your order confirmation</Link>
      </p>
    </div>
  );
}

/** The chosen collection date and window, as a paid order's booking step shows it. */
export function CollectionWhen({ order }: { order: OrderView }) {
  if (!order.collectionDate) return null;
  return (
    <p>
      Collection on {formatCalendarDate(order.collectionDate)}, between {COLLECTION_HOURS.from} and{' '}
      {COLLECTION_HOURS.to}.
    </p>
  );
}
