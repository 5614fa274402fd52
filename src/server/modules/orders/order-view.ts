import { parcelsFor } from '#src/domain/boxes.js';
import { declaredWeightGrams, type DeclaredItem } from '#src/domain/items.js';
import { orderPlace as place, type OrderView, type ParcelView } from '#src/domain/order.js';
import type { TrackingStatus } from '#src/domain/tracking.js';
import type { OrderItemRow } from './order-items.repository.js';
import type { OrderRow } from './orders.repository.js';

export function toDeclaredItem(row: OrderItemRow): DeclaredItem {
  return {
    id: row.id,
    name: row.name,
    commodityCode: row.commodityCode,
    commodityDescription: row.commodityDescription,
    numberOfUnits: row.numberOfUnits,
    unitValuePence: row.unitValuePence,
    unitWeightGrams: row.unitWeightGrams,
    countryOfOrigin: 'GB',
  };
}

/** The order's parcels (one per box) with the items declared in each. */
export function parcelViews(row: OrderRow, items: OrderItemRow[]): ParcelView[] {
  return parcelsFor(row.smallBoxes, row.largeBoxes).map((parcel) => {
    const declared = items.filter((i) => i.parcelKey === parcel.key).map(toDeclaredItem);
    return { ...parcel, items: declared, declaredWeightGrams: declaredWeightGrams(declared) };
  });
}

/**
 * What the pages see of an order. `trackingStatus`: where its boxes are, once booked
 * (`OrdersService.trackingStatuses`); the routes that edit a draft have none to give.
 */
export function toOrderView(
  row: OrderRow,
  items: OrderItemRow[] = [],
  trackingStatus: TrackingStatus | null = null,
): OrderView {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    trackingStatus,
    collection: place(row.collectionCountryId, row.collectionPostcode),
    destination: place(row.destinationCountryId, row.destinationPostcode),
    smallBoxes: row.smallBoxes,
    largeBoxes: row.largeBoxes,
    totalBoxes: row.smallBoxes + row.largeBoxes,
    totalWeightKg: row.totalWeightKg,
    services: row.offeredServices,
    selectedService: row.selectedService,
    pricePence: row.pricePence,
    cover: { coverPence: row.coverPence, pricePence: row.coverPricePence },
    collectionAddress: row.collectionAddress,
    deliveryAddress: row.deliveryAddress,
    collectionDate: row.collectionDate,
    parcels: parcelViews(row, items),
    personalEffects: row.personalEffects,
    declaredAt: row.declaredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
