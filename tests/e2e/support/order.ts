import { expect, type Locator, type Page } from '@playwright/test';

export interface TestOrder {
  id: string;
  reference: string;
}

/**
 * A new order made through the public API, as Select on /quote makes it, and set as
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
  const quote = {
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
  };
  const started = await page.request.post('/api/v1/orders', {
    data: { quote, service: options.service ?? 'express' },
  });
  expect(started.status()).toBe(201);
  const order = (await started.json()) as TestOrder;
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
  'County (optional)': 'Greater London',
  'Phone number': '020 7946 0958',
  Email: 'ada@example.com',
};

export const DELIVERY_ADDRESS = {
  'First name': 'Marie',
  'Last name': 'Curie',
  'Street address': '11 Rue Pierre et Marie Curie',
  'Town or city': 'Paris',
  'Region (optional)': 'Île-de-France',
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
    state: a['County (optional)'] ?? a['Region (optional)'],
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

/** The code of the commodity lookup's first match for a name (what a customer picking it sends). */
export async function firstMatch(page: Page, name: string): Promise<string> {
  const res = await page.request.get(`/api/v1/commodities?name=${encodeURIComponent(name)}`);
  expect(res.status()).toBe(200);
  const { matches } = (await res.json()) as { matches: { commodityCode: string }[] };
  return matches[0]!.commodityCode;
}

/**
 * Declares an item on /items as a customer does: types it, presses Add item, picks the match
 * (the first unless one is named) and presses Add item again.
 */
export async function addItemInUi(
  region: Locator,
  item: { name: string; units?: string; value: string; weight: string; match?: string | RegExp },
) {
  await region.getByRole('textbox', { name: 'Item name' }).fill(item.name);
  await region.getByRole('textbox', { name: 'Number of units' }).fill(item.units ?? '1');
  await region.getByRole('textbox', { name: 'Value per unit (£)' }).fill(item.value);
  await region.getByRole('textbox', { name: 'Weight per unit (kg)' }).fill(item.weight);
  await region.getByRole('button', { name: 'Add item' }).click();
  const matches = region.getByRole('group', { name: /^Which of these is/ });
  const choice = item.match
    ? matches.getByRole('radio', { name: item.match })
    : matches.getByRole('radio').first();
  await choice.check();
  await region.getByRole('button', { name: 'Add item' }).click();
}
