import { findCountry } from '../../../domain/countries.js';
import type { OrderPlace, OrderView } from '../../../domain/order.js';
import type { OrderRow } from './orders.repository.js';

function place(countryId: number, postcode: string): OrderPlace {
  const country = findCountry(countryId);
  return {
    countryId,
    title: country?.title ?? `Country ${countryId}`,
    countryCode: country?.countryCode ?? '',
    flagPath: country?.flagPath ?? '',
    postcode,
  };
}

/** What the pages see of an order. */
export function toOrderView(row: OrderRow): OrderView {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    collection: place(row.collectionCountryId, row.collectionPostcode),
    destination: place(row.destinationCountryId, row.destinationPostcode),
    smallBoxes: row.smallBoxes,
    largeBoxes: row.largeBoxes,
    totalBoxes: row.smallBoxes + row.largeBoxes,
    totalWeightKg: row.totalWeightKg,
    services: row.offeredServices,
    selectedService: row.selectedService,
    pricePence: row.pricePence,
    collectionAddress: row.collectionAddress,
    deliveryAddress: row.deliveryAddress,
    createdAt: row.createdAt.toISOString(),
  };
}
