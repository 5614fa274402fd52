import { expect, type Locator, type Page } from '@playwright/test';
import { chooseFirstDate, firstMatch, saveAddresses, startOrder, type TestOrder } from './order.js';

/** One small box unless told; six paperback books in each, at £8.50 each unless told. */
export type BookingOptions = { smallBoxes?: number; unitValue?: number };

/**
 * An order ready to pay (quote, Express, addresses, first date, items declared), made via the API:
 * one small box unless told, each with the same paperback books declared.
 */
export async function readyToPay(page: Page, options: BookingOptions = {}): Promise<TestOrder> {
  const smallBoxes = options.smallBoxes ?? 1;
  const order = await startOrder(page, { smallBoxes, largeBoxes: 0 });
  await saveAddresses(page, order);
  await chooseFirstDate(page, order);
  const commodityCode = await firstMatch(page, 'Paperback books');
  for (let box = 1; box <= smallBoxes; box += 1) {
    const item = await page.request.post(`/api/v1/orders/${order.id}/parcels/small-${box}/items`, {
      data: {
        name: 'Paperback books',
        commodityCode,
        numberOfUnits: 6,
        unitValue: options.unitValue ?? 8.5,
        unitWeight: 0.4,
      },
    });
    expect(item.status()).toBe(201);
  }
  const declared = await page.request.post(`/api/v1/orders/${order.id}/declaration`);
  expect(declared.status()).toBe(200);
  return order;
}

/**
 * Fills the sandbox card fields on /pay (the billing address is prefilled from collection) and
 * ticks the required box accepting the Terms and declaring nothing prohibited inside.
 */
export async function fillCard(page: Page, number: string) {
  await page.getByRole('checkbox', { name: /^I accept the Terms/ }).check();
  await fillCardFields(page, number);
}

/** The sandbox card fields of the "Payment details" form within `scope` (a page or a part of it). */
export async function fillCardFields(scope: Page | Locator, number: string) {
  const form = scope.getByRole('form', { name: 'Payment details' });
  await form.getByRole('textbox', { name: 'Card number' }).fill(number);
  await form.getByRole('textbox', { name: 'Expiry date' }).fill('12 / 34');
  await form.getByRole('textbox', { name: 'Security code' }).fill('123');
}

/** An order paid for and booked through /pay, as a customer does it; ends on its confirmation. */
export async function bookedOrder(page: Page, options: BookingOptions = {}): Promise<TestOrder> {
  const order = await readyToPay(page, options);
  await page.goto('/pay');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?status=SUCCESS&order=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  return order;
}
