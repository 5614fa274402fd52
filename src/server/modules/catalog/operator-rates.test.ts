import { describe, expect, it } from 'vitest';
import { useSignedInAdmin } from '#tests/support/operators.js';
import { useTestApp } from '#tests/support/test-app.js';
import { penceToPounds, RATE_MESSAGES } from '#src/domain/rates.js';
import { checkoutStatus, confirm, payWithCard, startPayment } from '#tests/support/checkout.js';
import { quoteQuery, readyOrder } from '#tests/support/factories/orders.js';
import { call } from '#tests/support/call.js';
import { listAuditLog } from '#src/domain/api/admin/audit-log.js';
import {
  exportRatesCsv,
  getAdminRates,
  listRateVersions,
  previewRatesImport,
  restoreRateVersion,
  saveAdminRates,
  type SaveRatesInput,
} from '#src/domain/api/admin/rates.js';
import { getQuotes } from '#src/domain/api/orders.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';

const t = useTestApp();
const operator = useSignedInAdmin(t);

interface Price {
  service: 'economy' | 'express';
  destinationCountryId: number;
  weightKg: number;
  pricePence: number;
}
const FRANCE = 73;

/** Saves the grid with its note, as edited on the version the page was opened on. */
const saveRates = (
  note: string,
  basedOnVersionId: number | null,
  prices: SaveRatesInput['prices'],
) => call(operator.browser, saveAdminRates, { body: { note, basedOnVersionId, prices } });

async function ratesNow() {
  const res = await call(operator.browser, getAdminRates);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    prices: Price[];
    weightsKg: number[];
    destinations: { countryId: number }[];
    currentVersion: { id: number } | null;
    warnings: string[];
  };
}
const asInput = (prices: Price[]) =>
  prices.map(({ pricePence, ...cell }) => ({ ...cell, price: penceToPounds(pricePence) }));
const priceIn = (prices: Price[], service: string, weightKg: number, id = FRANCE) =>
  prices.find(
    (p) => p.service === service && p.destinationCountryId === id && p.weightKg === weightKg,
  )?.pricePence;

async function quoteFrance(smallBoxes = 1) {
  const res = await call(t.app, getQuotes, {
    query: quoteQuery({ destination: { countryId: FRANCE, postcode: '75001' }, smallBoxes }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('rate tables in the console', () => {
  it('shows both tables as a grid of every destination and weight', async () => {
    const rates = await ratesNow();
    expect(rates.destinations).toHaveLength(12);
    expect(rates.weightsKg[0]).toBe(20);
    expect(rates.weightsKg.at(-1)).toBe(150);
    expect(rates.prices).toHaveLength(2 * 12 * rates.weightsKg.length);
    expect(rates.warnings).toEqual([]);
  });

  it('saves a version that the next quote uses at once, while a paid order keeps its price', async () => {
    // An order paid for before the change.
    const paid = await readyOrder(t.app);
    const session = await startPayment(t.app, paid.id);
    await payWithCard(t.app, session.clientSecret, '4242 4242 4242 4242');
    await confirm(t.app, paid.id);
    const paidPrice = paid.pricePence;

    const before = await ratesNow();
    const quoteBefore = await quoteFrance();
    expect(quoteBefore.services.find((s) => s.service === 'express')?.pricePence).toBe(
      priceIn(before.prices, 'express', 20),
    );

    const edited = before.prices.map((p) =>
      p.destinationCountryId === FRANCE && p.weightKg === 20 && p.service === 'express'
        ? { ...p, pricePence: 12_345 }
        : p,
    );
    const save = await saveRates(
      'France express up',
      before.currentVersion?.id ?? null,
      asInput(edited),
    );
    expect(save.statusCode, save.body).toBe(201);
    expect(save.json()).toMatchObject({
      version: { note: 'France express up', adminEmail: operator.email },
      changes: 1,
    });

    const quoteAfter = await quoteFrance();
    expect(quoteAfter.services.find((s) => s.service === 'express')?.pricePence).toBe(12_345);
    // The paid order's amount is unchanged.
    expect((await checkoutStatus(t.app, paid.id)).amountPence).toBe(paidPrice);
    expect(paidPrice).not.toBe(12_345);

    // The history: the prices before the first save, then this one with its difference.
    const history = (await call(operator.browser, listRateVersions)).json().versions;
    expect(history[0]).toMatchObject({
      note: 'France express up',
      adminEmail: operator.email,
      changes: [
        {
          service: 'express',
          destinationCountryId: FRANCE,
          weightKg: 20,
          beforePence: priceIn(before.prices, 'express', 20),
          afterPence: 12_345,
        },
      ],
    });
    expect(history[1]).toMatchObject({ adminEmail: '(before the console)', changes: [] });

    // The audit log has who, when and what.
    const log = (await call(operator.browser, listAuditLog, { query: { subject: 'rates' } })).json()
      .entries;
    expect(log[0]).toMatchObject({
      action: 'rates.save',
      subject: 'rates',
      adminEmail: operator.email,
      at: t.clock.now().toISOString(),
      details: { versionId: save.json().version.id, note: 'France express up', changedPrices: 1 },
    });
  });

  it('refuses bad prices cell by cell, saving nothing, and warns about odd but valid ones', async () => {
    const before = await ratesNow();
    const input = asInput(before.prices);
    const at = (service: string, weightKg: number) =>
      input.findIndex(
        (p) =>
          p.service === service && p.destinationCountryId === FRANCE && p.weightKg === weightKg,
      );
    const bad = input.map((p) => ({ ...p }));
    bad[at('economy', 20)]!.price = '0';
    bad[at('economy', 30)]!.price = '12.345';
    bad[at('economy', 40)]!.price = 'abc';
    bad[at('economy', 50)]!.price = '-5';
    const res = await saveRates('typos', before.currentVersion!.id, [
      ...bad,
      { service: 'economy', destinationCountryId: 999, weightKg: 20, price: '1' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json<ApiErrorBody>().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: '5 prices need correcting.',
      fields: {
        'economy.73.20': RATE_MESSAGES.notPositive,
        'economy.73.30': RATE_MESSAGES.tooManyDecimals,
        'economy.73.40': RATE_MESSAGES.notANumber,
        'economy.73.50': RATE_MESSAGES.notPositive,
        'economy.999.20': 'Not a destination and weight of the rate tables',
      },
    });
    const noNote = await saveRates('  ', before.currentVersion!.id, input);
    expect(noNote.statusCode).toBe(422);
    expect(Object.keys(noNote.json<ApiErrorBody>().error.fields!)).toEqual(['note']);
    expect((await ratesNow()).currentVersion!.id).toBe(before.currentVersion!.id);

    // Valid but odd: cheaper at 30 kg than at 20 kg, and Express below Economy.
    const odd = input.map((p) => ({ ...p }));
    odd[at('economy', 30)]!.price = '1.50';
    odd[at('express', 40)]!.price = '2.00';
    const saved = await saveRates('odd', before.currentVersion!.id, odd);
    expect(saved.statusCode).toBe(201);
    expect(saved.json().warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Economy to France: £1\.50 at 30 kg is less than £\d+\.\d\d at 20 kg\.$/,
        ),
        expect.stringMatching(
          /^France at 40 kg: Express £2\.00 is cheaper than Economy £\d+\.\d\d\.$/,
        ),
      ]),
    );
  });

  it('refuses a save based on a version that is no longer the latest', async () => {
    const before = await ratesNow();
    const stale = await saveRates('stale', before.currentVersion!.id - 1, asInput(before.prices));
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ApiErrorBody>().error.code).toBe('RATES_CHANGED');
  });

  it('restores an earlier version as a new one', async () => {
    const history = (await call(operator.browser, listRateVersions)).json().versions as {
      id: number;
    }[];
    const original = history.at(-1)!;
    const now = await ratesNow();
    const res = await call(operator.browser, restoreRateVersion, {
      params: { id: original.id },
      body: {
        basedOnVersionId: now.currentVersion!.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().version.note).toMatch(new RegExp(`^Restored version ${original.id} `));
    const restored = await ratesNow();
    expect(priceIn(restored.prices, 'express', 20)).not.toBe(12_345);
    expect(restored.warnings).toEqual([]);
    const log = (await call(operator.browser, listAuditLog, { query: { subject: 'rates' } })).json()
      .entries;
    expect(log[0]).toMatchObject({
      action: 'rates.restore',
      details: { restoredVersionId: original.id },
    });
    const missing = await call(operator.browser, restoreRateVersion, {
      params: { id: '99999' },
      body: {
        basedOnVersionId: restored.currentVersion!.id,
      },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('CSV export and import', () => {
  it('exports, and the file imported back changes nothing', async () => {
    const res = await call(operator.browser, exportRatesCsv);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="boxabroad-rates.csv"/,
    );
    const csv = res.body;
    expect(csv.split('\n')[0]).toBe('service,destination_id,destination,weight_kg,price_gbp');
    expect(csv).toMatch(/\neconomy,73,France,20,\d+\.\d\d\n/);

    const preview = await call(operator.browser, previewRatesImport, { body: { csv } });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().changes).toEqual([]);
    const before = await ratesNow();
    expect(preview.json().prices).toEqual(before.prices);

    // Saving the previewed prices is a version with no change.
    const saved = await saveRates(
      'Imported boxabroad-rates.csv',
      before.currentVersion!.id,
      asInput(preview.json().prices),
    );
    expect(saved.json().changes).toBe(0);
    expect((await ratesNow()).prices).toEqual(before.prices);
  });

  it('previews a changed price without saving it', async () => {
    const csv = (await call(operator.browser, exportRatesCsv)).body.replace(
      /\neconomy,73,France,20,[\d.]+\n/,
      '\neconomy,73,France,20,10.00\n',
    );
    const before = await ratesNow();
    const preview = await call(operator.browser, previewRatesImport, { body: { csv } });
    expect(preview.json().changes).toEqual([
      {
        service: 'economy',
        destinationCountryId: FRANCE,
        weightKg: 20,
        beforePence: priceIn(before.prices, 'economy', 20),
        afterPence: 1000,
      },
    ]);
    expect((await ratesNow()).prices).toEqual(before.prices);
  });

  it.each([
    ['a wrong header', 'service,price\n', 1, 'The first line must be the header'],
    [
      'a price with 3 decimals',
      'service,destination_id,destination,weight_kg,price_gbp\neconomy,73,France,20,1.00\neconomy,73,France,30,1.005\n',
      3,
      'Price "1.005": Use at most 2 decimal places',
    ],
    [
      'a missing field',
      'service,destination_id,destination,weight_kg,price_gbp\neconomy,73,France,20\n',
      2,
      'Expected 5 fields',
    ],
    [
      'an unknown service',
      'service,destination_id,destination,weight_kg,price_gbp\novernight,73,France,20,1.00\n',
      2,
      'Unknown service "overnight"',
    ],
    [
      'a weight outside the grid',
      'service,destination_id,destination,weight_kg,price_gbp\neconomy,73,France,25,1.00\n',
      2,
      'Weight "25" is not one of',
    ],
    [
      'a price given twice',
      'service,destination_id,destination,weight_kg,price_gbp\neconomy,73,France,20,1.00\neconomy,73,France,20,2.00\n',
      3,
      'The same price is already given on line 2',
    ],
  ])('refuses %s, naming its line', async (_name, csv, line, reason) => {
    const res = await call(operator.browser, previewRatesImport, { body: { csv } });
    expect(res.statusCode).toBe(422);
    expect(res.json<ApiErrorBody>().error.code).toBe('CSV_INVALID');
    expect(res.json<ApiErrorBody>().error.message).toContain(`Line ${line}: ${reason}`);
  });
});
