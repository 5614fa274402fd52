import { expect, type Page } from '@playwright/test';

export interface TestOrder {
  id: string;
  reference: string;
}

/**
 * A new order made through the public API, as Get Quotes and Select would make it, and set as
 * this tab's order in progress. Each call makes its own order: tests never share one.
 */
export async function startOrder(
  page: Page,
  options: {
    collectionCountryId?: number;
    collectionPostcode?: string;
    destinationCountryId?: number;
    destinationPostcode?: string;
    smallBoxes?: number;
    largeBoxes?: number;
    service?: 'express' | 'economy';
  } = {},
): Promise<TestOrder> {
  const quote = await page.request.post('/api/v1/quotes', {
    data: {
      collection: {
        countryId: options.collectionCountryId ?? 231,
        postcode: options.collectionPostcode ?? 'SW1A 1AA',
      },
      destination: {
        countryId: options.destinationCountryId ?? 73,
        postcode: options.destinationPostcode ?? '75001',
      },
      smallBoxes: options.smallBoxes ?? 1,
      largeBoxes: options.largeBoxes ?? 1,
    },
  });
  expect(quote.status()).toBe(201);
  const order = (await quote.json()) as TestOrder;
  const service = await page.request.put(`/api/v1/orders/${order.id}/service`, {
    data: { service: options.service ?? 'express' },
  });
  expect(service.status()).toBe(200);
  await page.goto('/');
  // The order in progress belongs to this tab (session storage); the API requests above set
  // this browser's guest-session cookie, which owns the order.
  await page.evaluate((id) => window.sessionStorage.setItem('boxabroad.orderId', id), order.id);
  return order;
}

export const COLLECTION_ADDRESS = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Street address': '12 St James’s Square',
  'Town or city': 'London',
  'County, state or region': 'Greater London',
  'Phone number': '020 7946 0958',
  Email: 'ada@example.com',
};

export const DELIVERY_ADDRESS = {
  'First name': 'Marie',
  'Last name': 'Curie',
  'Street address': '11 Rue Pierre et Marie Curie',
  'Town or city': 'Paris',
  'County, state or region': 'Île-de-France',
  'Phone number': '06 12 34 56 78',
  Email: 'marie@example.fr',
};

export async function fillAddress(page: Page, address: Record<string, string>) {
  for (const [label, value] of Object.entries(address)) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
}

/** Saves both addresses through the API (for specs about later steps). */
export async function saveAddresses(page: Page, order: TestOrder) {
  const toBody = (a: Record<string, string>) => ({
    firstName: a['First name'],
    lastName: a['Last name'],
    street: a['Street address'],
    city: a['Town or city'],
    state: a['County, state or region'],
    phoneNumber: a['Phone number'],
    email: a.Email,
  });
  for (const [role, address] of [
    ['collection', COLLECTION_ADDRESS],
    ['delivery', DELIVERY_ADDRESS],
  ] as const) {
    const res = await page.request.put(`/api/v1/orders/${order.id}/addresses/${role}`, {
      data: toBody(address),
    });
    expect(res.status()).toBe(200);
  }
}

/** The first date the order's collection can be booked for, chosen through the API. */
export async function chooseFirstDate(page: Page, order: TestOrder) {
  const dates = (await (
    await page.request.get(`/api/v1/orders/${order.id}/collection-dates`)
  ).json()) as {
    earliest: string;
  };
  const res = await page.request.put(`/api/v1/orders/${order.id}/collection-date`, {
    data: { date: dates.earliest },
  });
  expect(res.status()).toBe(200);
}
