import type { OrderView } from '#src/domain/order.js';
import { hrefOf } from '#src/domain/site-links.js';

/** The page of the booking journey where an unpaid order carries on: the first step not done. */
export function continuePath(order: OrderView): string {
  if (!order.selectedService) return hrefOf('quote');
  if (!order.collectionAddress) return hrefOf('booking');
  if (!order.deliveryAddress) return hrefOf('booking', undefined, { step: '2' });
  if (!order.collectionDate) return hrefOf('booking', undefined, { step: '3' });
  if (!order.declaredAt) return hrefOf('items');
  return hrefOf('pay');
}
