import { expect, type Browser, type Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import { signInAsAdminAt } from './admin.js';
import { fillCard } from './checkout.js';
import { chooseFirstDate, firstMatch, saveAddresses, startOrder, type TestOrder } from './order.js';

/**
 * Claims as the sandbox-clock project's specs drive them (docs/claims.md): an order with the
 * items and cover a claim is about, booked through /pay, and the evidence files a customer sends.
 */

export interface DeclaredItem {
  name: string;
  units: number;
  /** Pounds per unit. */
  value: number;
  /** Kilograms per unit. */
  weight: number;
}

const CANADA = 38;
const LONDON = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  street: '12 St James’s Square',
  city: 'London',
  state: 'Greater London',
  phoneNumber: '020 7946 0958',
  email: 'ada@example.com',
};
const TORONTO = {
  firstName: 'Jean',
  lastName: 'Tremblay',
  street: '290 Bremner Blvd',
  city: 'Toronto',
  state: 'Ontario',
  phoneNumber: '416 979 1234',
  email: 'jean@example.ca',
};

/**
 * A booked order (through the API, then paid by card on /pay): one box of `size` per list of
 * items, to Paris, or to Toronto (a dearer service: a card payment above a claim's amount), with
 * the cover chosen (pounds, as typed). The customer's journey up to the claim adds nothing here.
 */
export async function coveredOrder(
  page: Page,
  options: {
    boxes: readonly (readonly DeclaredItem[])[];
    cover: string;
    size: 'small' | 'large';
    to: 'Paris' | 'Toronto';
  },
): Promise<TestOrder> {
  const count = options.boxes.length;
  const order = await startOrder(page, {
    smallBoxes: options.size === 'small' ? count : 0,
    largeBoxes: options.size === 'large' ? count : 0,
    ...(options.to === 'Toronto'
      ? { destinationCountryId: CANADA, destinationPostcode: 'M5V 2T6' }
      : {}),
  });
  if (options.to === 'Toronto') {
    for (const [role, data] of [
      ['collection', LONDON],
      ['delivery', TORONTO],
    ] as const) {
      const res = await page.request.put(`/api/v1/orders/${order.id}/addresses/${role}`, { data });
      expect(res.status(), await res.text()).toBe(200);
    }
  } else {
    await saveAddresses(page, order);
  }
  await chooseFirstDate(page, order);
  for (const [index, items] of options.boxes.entries()) {
    for (const item of items) {
      const res = await page.request.post(
        `/api/v1/orders/${order.id}/parcels/${options.size}-${index + 1}/items`,
        {
          data: {
            name: item.name,
            commodityCode: await firstMatch(page, item.name),
            numberOfUnits: item.units,
            unitValue: item.value,
            unitWeight: item.weight,
          },
        },
      );
      expect(res.status(), await res.text()).toBe(201);
    }
  }
  const declared = await page.request.post(`/api/v1/orders/${order.id}/declaration`);
  expect(declared.status(), await declared.text()).toBe(200);
  const covered = await page.request.put(`/api/v1/orders/${order.id}/cover`, {
    data: { cover: options.cover },
  });
  expect(covered.status(), await covered.text()).toBe(200);
  await page.goto('/pay');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?status=SUCCESS&order=/, { timeout: 15_000 });
  return order;
}

/** The token of the order's tracking page, found by its reference and collection postcode. */
export async function trackingTokenOf(page: Page, order: TestOrder): Promise<string> {
  const res = await page.request.post('/api/v1/tracking/lookups', {
    data: { reference: order.reference, postcode: 'SW1A 1AA' },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** What the customer paid by card for the order, in pence. */
export async function paidPence(page: Page, order: TestOrder): Promise<number> {
  const res = await page.request.get(`/api/v1/orders/${order.id}`);
  return ((await res.json()) as { pricePence: number }).pricePence;
}

/** A real (small) JPEG photo, as a phone's camera would send one. */
export function photo(name: string): { name: string; mimeType: string; buffer: Buffer } {
  const width = 32;
  const height = 24;
  const data = Buffer.alloc(width * height * 4, 0x80);
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: Buffer.from(jpeg.encode({ data, width, height }, 80).data),
  };
}

/** A one-page receipt as a PDF. */
export function receiptPdf(name: string): { name: string; mimeType: string; buffer: Buffer } {
  const text = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(text) };
}

/** The operator, in a browser of their own (the customer stays signed in in theirs). */
export async function operatorAt(
  browser: Browser,
  baseURL: string | undefined,
  path: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const operator = await context.newPage();
  await signInAsAdminAt(operator, path);
  return operator;
}
