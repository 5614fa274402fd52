import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { OrderViewSchema, type OrderView } from '../../src/domain/order.js';
import { CheckoutStatusSchema, PaymentSessionSchema } from '../../src/domain/checkout.js';

const address = (first: string, last: string, email: string) => ({
  firstName: first,
  lastName: last,
  street: first === 'Ada' ? '12 St James’s Square' : '11 Rue Pierre et Marie Curie',
  city: first === 'Ada' ? 'London' : 'Paris',
  state: first === 'Ada' ? 'Greater London' : 'Île-de-France',
  phoneNumber: first === 'Ada' ? '020 7946 0958' : '06 12 34 56 78',
  email,
});

/**
 * A complete order, ready to pay: quote, Express, both addresses (replaced by `collection` or
 * `delivery` when given), the first date, items declared and the payment step's box ticked
 * (unless `acceptTerms` is false).
 */
export async function readyOrder(
  app: FastifyInstance,
  options: {
    small?: number;
    large?: number;
    acceptTerms?: boolean;
    collection?: object;
    delivery?: object;
  } = {},
): Promise<OrderView> {
  const send = async (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => {
    const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as unknown;
  };
  const order = OrderViewSchema.parse(
    await send('POST', '/api/v1/quotes', {
      collection: { countryId: 231, postcode: 'SW1A 1AA' },
      destination: { countryId: 73, postcode: '75001' },
      smallBoxes: options.small ?? 1,
      largeBoxes: options.large ?? 0,
    }),
  );
  const base = `/api/v1/orders/${order.id}`;
  await send('PUT', `${base}/service`, { service: 'express' });
  await send(
    'PUT',
    `${base}/addresses/collection`,
    options.collection ?? address('Ada', 'Lovelace', 'ada@example.com'),
  );
  await send(
    'PUT',
    `${base}/addresses/delivery`,
    options.delivery ?? address('Marie', 'Curie', 'marie@example.fr'),
  );
  const dates = (await send('GET', `${base}/collection-dates`)) as { earliest: string };
  await send('PUT', `${base}/collection-date`, { date: dates.earliest });
  // The customer picks one of the lookup's matches: here, the first.
  const codeFor = async (name: string) =>
    (
      (await send('GET', `/api/v1/commodities?name=${encodeURIComponent(name)}`)) as {
        matches: { commodityCode: string }[];
      }
    ).matches[0]!.commodityCode;
  const books = await codeFor('Books');
  const jumper = await codeFor('Jumper');
  for (const parcel of OrderViewSchema.parse(await send('GET', base)).parcels) {
    await send('POST', `${base}/parcels/${parcel.key}/items`, {
      name: 'Books',
      commodityCode: books,
      numberOfUnits: 4,
      unitValue: 12.5,
      unitWeight: 0.5,
    });
    await send('POST', `${base}/parcels/${parcel.key}/items`, {
      name: 'Jumper',
      commodityCode: jumper,
      numberOfUnits: 2,
      unitValue: 20,
      unitWeight: 0.4,
    });
  }
  const declared = (await send('POST', `${base}/declaration`)) as { order: unknown };
  if (options.acceptTerms === false) return OrderViewSchema.parse(declared.order);
  // The payment step's tick (Terms accepted, nothing prohibited inside) for this declaration.
  return OrderViewSchema.parse(await send('PUT', `${base}/terms-acceptance`, { accepted: true }));
}

export async function startPayment(app: FastifyInstance, orderId: string, payload?: object) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/payment`,
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return PaymentSessionSchema.parse(res.json());
}

export const BILLING = {
  name: 'Ada Lovelace',
  line1: '12 St James’s Square',
  city: 'London',
  postcode: 'SW1A 1AA',
  country: 'United Kingdom',
};

/** The sandbox card fields' submission, as the /pay page sends it. */
export async function payWithCard(
  app: FastifyInstance,
  clientSecret: string,
  number: string,
  card: { expiry?: string; cvc?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/payment-sandbox/confirm',
    payload: {
      clientSecret,
      number,
      expiry: card.expiry ?? '12 / 30',
      cvc: card.cvc ?? '123',
      billing: BILLING,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { status: string; error: { code: string; message: string } | null };
}

export async function confirm(app: FastifyInstance, orderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/payment/confirm`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutStatusSchema.parse(res.json());
}

export async function checkoutStatus(app: FastifyInstance, orderId: string) {
  const res = await app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}/checkout` });
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutStatusSchema.parse(res.json());
}
