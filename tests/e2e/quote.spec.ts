import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { expectNoHorizontalScroll, watchCspViolations } from './support/site.js';

const form = (page: Page) => page.getByRole('form', { name: 'Get an instant quote' });

async function fillQuote(
  page: Page,
  options: {
    from?: string;
    collection?: string;
    to?: string;
    destination?: string;
    small?: number;
    large?: number;
  },
) {
  const f = form(page);
  if (options.from) await f.getByLabel('Collection country').selectOption({ label: options.from });
  if (options.collection !== undefined)
    await f.getByLabel('Collection post code').fill(options.collection);
  if (options.to) await f.getByLabel('Destination country').selectOption({ label: options.to });
  if (options.destination !== undefined)
    await f.getByLabel('Destination post code').fill(options.destination);
  for (let i = 0; i < (options.small ?? 0); i += 1)
    await f.getByRole('button', { name: 'Add a Small Box' }).click();
  for (let i = 0; i < (options.large ?? 0); i += 1)
    await f.getByRole('button', { name: 'Add a Large box' }).click();
}

const getQuotes = (page: Page) => form(page).getByRole('button', { name: 'Get Quotes' }).click();
const formError = (page: Page) => page.getByTestId('quote-form-error');

async function tablePrice(
  page: Page,
  service: 'economy' | 'express',
  countryId: number,
  weightKg: number,
) {
  const rates = (await (await page.request.get('/api/v1/rates')).json()) as {
    services: Record<
      string,
      { destinations: { countryId: number; prices: { weightKg: number; pricePence: number }[] }[] }
    >;
  };
  const pence = rates.services[service]!.destinations.find(
    (d) => d.countryId === countryId,
  )!.prices.find((p) => p.weightKg === weightKg)!.pricePence;
  return `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
}

test.describe('the quote form', () => {
  test('shows each validation message in the product’s order, beneath the form', async ({
    page,
  }) => {
    await page.goto('/');
    await getQuotes(page);
    await expect(formError(page)).toHaveText('Please enter collection post code');
    await expectNoAxeViolations(page, 'with a form error');
    await fillQuote(page, { collection: 'SW1A 1AA' });
    await getQuotes(page);
    await expect(formError(page)).toHaveText('Please enter destination post code');
    await fillQuote(page, { to: 'France', destination: '75001' });
    await getQuotes(page);
    await expect(formError(page)).toHaveText('Please select amount of boxes');
    await expect(page).toHaveURL('/');
  });

  test('checks post codes, and offers the right region for a Northern Ireland post code', async ({
    page,
  }) => {
    await page.goto('/');
    await fillQuote(page, { collection: 'BT1 1AA', to: 'France', destination: '7500', small: 1 });
    await getQuotes(page);
    await expect(formError(page)).toContainText('BT1 1AA is in United Kingdom (Northern Ireland)');
    await form(page)
      .getByRole('button', { name: 'Switch to United Kingdom (Northern Ireland)' })
      .click();
    await expect(form(page).getByLabel('Collection country')).toHaveValue('247');
    await getQuotes(page);
    await expect(formError(page)).toHaveText(
      'Please enter a valid post code for France: 5 digits, like 75001',
    );
  });

  test('counters stop at 5 boxes in total and at 0', async ({ page }) => {
    await page.goto('/');
    const f = form(page);
    await expect(f.getByRole('button', { name: 'Remove a Small Box' })).toBeDisabled();
    await fillQuote(page, { small: 3, large: 2 });
    await expect(f.getByRole('button', { name: 'Add a Small Box' })).toBeDisabled();
    await expect(f.getByRole('button', { name: 'Add a Large box' })).toBeDisabled();
  });
});

test('the home page shows each destination’s Economy from-price from the rate table', async ({
  page,
}) => {
  await page.goto('/');
  const list = page.getByRole('region', { name: 'Where we deliver' }).getByRole('listitem');
  await expect(list).toHaveCount(12);
  await expect(list.filter({ hasText: 'France' })).toContainText(
    `from ${await tablePrice(page, 'economy', 73, 20)}`,
  );
  await expect(list.filter({ hasText: 'Australia' })).toContainText(
    `from ${await tablePrice(page, 'economy', 13, 20)}`,
  );
});

test.describe('quotes', () => {
  test('a quote shows rows priced from the rate table and creates nothing; Select starts one order @layout', async ({
    page,
  }) => {
    const cspViolations = await watchCspViolations(page);
    // Every order this browser starts is a POST to /api/v1/orders: counted for the whole test.
    const started: string[] = [];
    page.context().on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/orders') {
        started.push(request.url());
      }
    });
    await page.goto('/');
    await fillQuote(page, {
      collection: 'sw1a 1aa',
      to: 'France',
      destination: '75001',
      small: 1,
      large: 2,
    });
    await getQuotes(page);
    await expect(page).toHaveURL(/\/quote\?/);
    const table = page.getByRole('table', { name: 'Services and prices for your boxes' });
    await expect(table).toBeVisible();
    for (const header of ['Service', 'Detail', 'Collection', 'Insurance', 'Price (£)']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeAttached();
    }
    const express = table.getByRole('row', { name: /Express/ });
    const economy = table.getByRole('row', { name: /Economy/ });
    const expressPrice = await tablePrice(page, 'express', 73, 80);
    const economyPrice = await tablePrice(page, 'economy', 73, 80);
    await expect(express).toContainText(expressPrice);
    await expect(economy).toContainText(economyPrice);
    await expect(express).toContainText('Free');
    await expect(express).toContainText('£50');
    await expect(page.getByText('We do not accept backpacks or duffel bags.')).toBeVisible();

    const panel = page.getByRole('complementary', { name: 'Order details' });
    await expect(panel).toContainText('United Kingdom (Mainland)');
    await expect(panel).toContainText('France');
    await expect(panel).toContainText('80 kg');
    await expectNoAxeViolations(page, 'on the quote');
    await expectNoHorizontalScroll(page);

    // The address carries the question: a reload shows the same prices, and nothing was created.
    const quoteUrl = page.url();
    await page.reload();
    await expect(express).toContainText(expressPrice);
    await expect(economy).toContainText(economyPrice);
    expect(started).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('boxabroad.orderId'))).toBeNull();

    await express.getByRole('button', { name: /^Select Express/ }).click();
    await expect(page).toHaveURL(/\/booking/);
    const bookingPanel = page.getByRole('complementary', { name: 'Order details' });
    await expect(bookingPanel).toContainText(expressPrice);
    expect(started).toHaveLength(1);
    const orderId = await page.evaluate(() => sessionStorage.getItem('boxabroad.orderId'));
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.evaluate(() => window.localStorage.getItem('expressSelected'))).toBe('true');

    // A second tab with the same address shows the same prices, without this tab's booking.
    const second = await page.context().newPage();
    await second.goto(quoteUrl);
    const secondTable = second.getByRole('table', { name: 'Services and prices for your boxes' });
    await expect(secondTable.getByRole('row', { name: /Express/ })).toContainText(expressPrice);
    await expect(second.getByRole('complementary', { name: 'Order details' })).not.toContainText(
      'Order reference',
    );
    expect(await second.evaluate(() => sessionStorage.getItem('boxabroad.orderId'))).toBeNull();
    // Without a question, a tab with no booking of its own has nothing to show.
    await second.goto('/quote');
    await expect(second.getByText('You have no quote in progress.')).toBeVisible();
    // Its home page offers to carry on the booking this browser has in progress, if asked to.
    await second.goto('/');
    await second.getByRole('link', { name: 'Continue your booking' }).click();
    await expect(second).toHaveURL(/\/booking/);
    await expect(second.getByRole('complementary', { name: 'Order details' })).toContainText(
      expressPrice,
    );
    expect(await second.evaluate(() => sessionStorage.getItem('boxabroad.orderId'))).toBe(orderId);
    await second.close();

    // Back in the first tab, /quote shows its own order's question and prices, still one order.
    await page.goto('/quote');
    await expect(page).toHaveURL(/\/quote\?/);
    await expect(page.getByRole('complementary', { name: 'Order details' })).toContainText('80 kg');
    await expect(page.getByRole('row', { name: /Express/ })).toContainText(expressPrice);
    expect(await page.evaluate(() => sessionStorage.getItem('boxabroad.orderId'))).toBe(orderId);
    expect(started).toHaveLength(1);
    // No order id is kept in local storage.
    expect(await page.evaluate(() => window.localStorage.getItem('boxabroad.orderId'))).toBeNull();
    expect(cspViolations).toEqual([]);
  });
});
