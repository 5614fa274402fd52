import { COLLECTION_READY_FROM } from '#src/domain/collection-calendar.js';
import { findCountry } from '#src/domain/countries.js';
import { packageSizeOf, parcelsFor } from '#src/domain/boxes.js';
import type { OrderAddress } from '#src/domain/order.js';
import type { BookingAddress, ShipmentBooking } from '../../providers/courier/courier-provider.js';
import type { OrderItemRow, OrderRow } from '../orders/index.js';

/**
 * The fixed booking values (docs/product-rules.md, "Fixed booking values"); the cover is the
 * included cover unless the customer chose more (docs/cover-and-import-charges.md, "Cover").
 */
export const FIXED_BOOKING_VALUES = {
  readyFrom: COLLECTION_READY_FROM,
  insurance: { coverPence: 5_000, excessPence: 0, goodsAreNew: true, goodsAreFragile: false },
} as const;

/** The courier's limit on ConsignmentSummary is unknown; we keep it short. */
const SUMMARY_MAX = 100;

/** What the goods description starts with when they are the recipient's own used belongings. */
export const PERSONAL_EFFECTS_SUMMARY_PREFIX = 'Used personal effects: ';

/**
 * "Clothes, Books, Shoes": the declared item names, each once, in declaration order; for
 * personal effects "Used personal effects: Clothes, Books, Shoes". At most 100 characters.
 */
export function consignmentSummary(
  items: readonly { name: string }[],
  personalEffects = false,
): string {
  const names: string[] = [];
  for (const item of items) {
    const name = item.name.trim();
    if (name && !names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  const summary = (personalEffects ? PERSONAL_EFFECTS_SUMMARY_PREFIX : '') + names.join(', ');
  return summary.length <= SUMMARY_MAX ? summary : `${summary.slice(0, SUMMARY_MAX - 1)}…`;
}

function bookingAddress(address: OrderAddress, countryId: number): BookingAddress {
  return {
    forename: address.firstName,
    surname: address.lastName,
    ...(address.company ? { companyName: address.company } : {}),
    emailAddress: address.email,
    telephoneNumber: address.phone,
    addressLineOne: address.street,
    ...(address.street2 ? { addressLineTwo: address.street2 } : {}),
    city: address.city,
    ...(address.state ? { county: address.state } : {}),
    postcode: address.postcode,
    countryId,
    countryCode: findCountry(countryId)?.countryCode ?? 'GB',
  };
}

/**
 * BookShipment for a paid order: our order reference as YourReference, the declared items'
 * total as ConsignmentValue and their names as ConsignmentSummary (said to be used personal
 * effects when the declaration's switch is on, with that ReasonForExport; a gift otherwise),
 * the cover chosen as
 * Insurance.CoverValue, the courier service and
 * collection option resolved just before booking, and the fixed booking values.
 */
export function shipmentBookingFor(
  order: OrderRow,
  items: readonly OrderItemRow[],
  courier: { serviceId: number; collectionOptionId: number },
): ShipmentBooking {
  if (!order.collectionAddress || !order.deliveryAddress || !order.collectionDate) {
    throw new Error(`Order ${order.id} is not complete`);
  }
  const packages = parcelsFor(order.smallBoxes, order.largeBoxes).map((parcel) => ({
    ...packageSizeOf(parcel),
    commodities: items
      .filter((item) => item.parcelKey === parcel.key)
      .map((item) => ({
        commodityCode: item.commodityCode,
        commodityDescription: item.commodityDescription,
        numberOfUnits: item.numberOfUnits,
        unitValuePence: item.unitValuePence,
        unitWeightKg: item.unitWeightGrams / 1000,
        countryOfOriginCode: item.countryOfOrigin,
      })),
  }));
  const instructions = order.collectionAddress.instructions;
  return {
    reference: order.reference,
    serviceId: courier.serviceId,
    collectionOptionId: courier.collectionOptionId,
    collectionDate: order.collectionDate,
    readyFrom: FIXED_BOOKING_VALUES.readyFrom,
    // The declaration's switch: a gift, or the recipient's own used belongings (decision 112).
    consignmentSummary: consignmentSummary(items, order.personalEffects),
    customsReason: order.personalEffects ? 'personal-effects' : 'gift',
    consignmentValuePence: items.reduce((sum, i) => sum + i.unitValuePence * i.numberOfUnits, 0),
    // The cover the customer chose and paid for (Insurance.CoverValue), else the included cover.
    insurance: {
      ...FIXED_BOOKING_VALUES.insurance,
      ...(order.coverPence !== null ? { coverPence: order.coverPence } : {}),
    },
    ...(instructions ? { deliveryInstructions: instructions } : {}),
    collection: bookingAddress(order.collectionAddress, order.collectionCountryId),
    delivery: bookingAddress(order.deliveryAddress, order.destinationCountryId),
    packages,
  };
}
