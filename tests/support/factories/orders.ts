import { expect } from 'vitest';
import {
  confirmDeclaration,
  lookupCommodities,
  addItem,
  acceptTerms,
} from '#src/domain/api/declaration.js';
import { getCollectionDates, saveAddress, setCollectionDate } from '#src/domain/api/booking.js';
import { createOrder, getOrder } from '#src/domain/api/orders.js';
import type { OrderView } from '#src/domain/order.js';
import type { z } from '#src/domain/zod.js';
import { quoteQueryOf, type QuoteQuerySchema, type QuoteRequestShape } from '#src/domain/quote.js';
import { ok, type Caller } from '../call.js';

/** What a quote request holds (Get Quotes' form). */
export type QuoteBody = z.input<typeof QuoteRequestShape>;

/**
 * A valid quote request: London SW1A 1AA to Paris 75001, one small box; `overrides` replace whole
 * fields (a test about a refusal may pass values the schema refuses).
 */
export function quoteBody<O extends Record<string, unknown> = Partial<QuoteBody>>(
  overrides: O = {} as O,
): QuoteBody & O {
  return {
    collection: { countryId: 231, postcode: 'SW1A 1AA' },
    destination: { countryId: 73, postcode: '75001' },
    smallBoxes: 1,
    largeBoxes: 0,
    ...overrides,
  } as QuoteBody & O;
}

/**
 * `GET /api/v1/quotes`' query for a quote request (quoteBody's, with `overrides`), as the
 * `/quote` page sends it.
 */
export function quoteQuery(
  overrides: Record<string, unknown> = {},
): z.input<typeof QuoteQuerySchema> {
  return quoteQueryOf(quoteBody(overrides));
}

/** The sender's address readyOrder uses; its email is the one the booking is confirmed to. */
export const COLLECTION_ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  street: '12 St James’s Square',
  city: 'London',
  state: 'Greater London',
  phoneNumber: '020 7946 0958',
  email: 'ada@example.com',
};

/** The recipient's address readyOrder uses. */
export const DELIVERY_ADDRESS = {
  firstName: 'Marie',
  lastName: 'Curie',
  street: '11 Rue Pierre et Marie Curie',
  city: 'Paris',
  state: 'Île-de-France',
  phoneNumber: '06 12 34 56 78',
  email: 'marie@example.fr',
};

export interface NewOrderOptions {
  /** Fields of the quote request (quoteBody's defaults otherwise). */
  quote?: Partial<QuoteBody>;
  /** The service chosen (Express unless told). */
  service?: 'express' | 'economy';
}

/**
 * A draft order as the customer has it once they chose a service from their quotes (Express
 * unless told), made the way the site makes it. Tests get their orders here, not from the quote
 * route, so that where the order is created is known in one place.
 */
export async function newOrder(on: Caller, options: NewOrderOptions = {}): Promise<OrderView> {
  return ok(on, createOrder, {
    body: { quote: quoteBody(options.quote), service: options.service ?? 'express' },
  });
}

/** Saves both addresses of an order (readyOrder's unless given). */
export async function withAddresses(
  on: Caller,
  order: { id: string },
  addresses: { collection?: object; delivery?: object } = {},
): Promise<OrderView> {
  await ok(on, saveAddress, {
    params: { id: order.id, role: 'collection' },
    body: (addresses.collection ?? COLLECTION_ADDRESS) as never,
  });
  return ok(on, saveAddress, {
    params: { id: order.id, role: 'delivery' },
    body: (addresses.delivery ?? DELIVERY_ADDRESS) as never,
  });
}

/** Sets the order's collection date to the earliest one offered. */
export async function withEarliestDate(on: Caller, order: { id: string }): Promise<OrderView> {
  const dates = await ok(on, getCollectionDates, { params: { id: order.id } });
  return ok(on, setCollectionDate, { params: { id: order.id }, body: { date: dates.earliest } });
}

/** The commodity code of the lookup's first match for `name`, as a customer would pick it. */
export async function commodityCode(on: Caller, name: string): Promise<string> {
  const found = await ok(on, lookupCommodities, { query: { name } });
  expect(found.matches.length, `no commodity matches ${name}`).toBeGreaterThan(0);
  return found.matches[0]!.commodityCode;
}

/** An item as the add-item form declares it, without its commodity code. */
export interface ItemToDeclare {
  name: string;
  numberOfUnits: number;
  unitValue: number;
  unitWeight: number;
}

/**
 * Declares one item in a parcel (the first small one unless told), with the commodity code of
 * the lookup's first match for `lookUp` (the item's name unless told).
 */
export async function withItem(
  on: Caller,
  order: { id: string },
  item: ItemToDeclare,
  { parcelKey = 'small-1', lookUp = item.name }: { parcelKey?: string; lookUp?: string } = {},
): Promise<OrderView> {
  return ok(on, addItem, {
    params: { id: order.id, parcelKey },
    body: { ...item, commodityCode: await commodityCode(on, lookUp) },
  });
}

/** Declares four books and two jumpers in every parcel of the order. */
export async function withItems(on: Caller, order: { id: string }): Promise<OrderView> {
  const books = await commodityCode(on, 'Books');
  const jumper = await commodityCode(on, 'Jumper');
  let current = await ok(on, getOrder, { params: { id: order.id } });
  for (const parcel of current.parcels) {
    const params = { id: order.id, parcelKey: parcel.key };
    await ok(on, addItem, {
      params,
      body: {
        name: 'Books',
        commodityCode: books,
        numberOfUnits: 4,
        unitValue: 12.5,
        unitWeight: 0.5,
      },
    });
    current = await ok(on, addItem, {
      params,
      body: {
        name: 'Jumper',
        commodityCode: jumper,
        numberOfUnits: 2,
        unitValue: 20,
        unitWeight: 0.4,
      },
    });
  }
  return current;
}

export interface ReadyOrderOptions {
  small?: number;
  large?: number;
  /** Other fields of the quote request (its destination: give `delivery` an address there). */
  quote?: Partial<QuoteBody>;
  /** False stops before the payment step's box is ticked. */
  acceptTerms?: boolean;
  collection?: object;
  delivery?: object;
}

/**
 * A complete order, ready to pay: quote, Express, both addresses (replaced by `collection` or
 * `delivery` when given), the first date, items declared and the payment step's box ticked
 * (unless `acceptTerms` is false).
 */
export async function readyOrder(on: Caller, options: ReadyOrderOptions = {}): Promise<OrderView> {
  const order = await newOrder(on, {
    quote: { ...options.quote, smallBoxes: options.small ?? 1, largeBoxes: options.large ?? 0 },
  });
  await withAddresses(on, order, options);
  await withEarliestDate(on, order);
  await withItems(on, order);
  const declared = await ok(on, confirmDeclaration, { params: { id: order.id } });
  if (options.acceptTerms === false) return declared.order;
  // The payment step's tick (Terms accepted, nothing prohibited inside) for this declaration.
  return ok(on, acceptTerms, { params: { id: order.id }, body: { accepted: true } });
}

/** Reads an order back as its owner sees it. */
export async function readOrder(on: Caller, id: string): Promise<OrderView> {
  return ok(on, getOrder, { params: { id } });
}
