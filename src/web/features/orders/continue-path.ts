import type { OrderView } from '#src/domain/order.js';

/** The page of the booking journey where an unpaid order carries on: the first step not done. */
export function continuePath(order: OrderView): string {
  if (!order.selectedService) return '/quote';
  if (!order.collectionAddress) return '/booking';
  if (!order.deliveryAddress) return '/booking?step=2';
  if (!order.collectionDate) return '/booking?step=3';
  if (!order.declaredAt) return '/items';
  return '/pay';
}
