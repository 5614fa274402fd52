import { describe, expect, it } from 'vitest';
import { DESTINATIONS } from './countries.js';
import {
  parsePounds,
  parseRatesCsv,
  penceToPounds,
  RATE_MESSAGES,
  RATE_SERVICES,
  RATE_WEIGHTS_KG,
  rateWarnings,
  ratesToCsv,
} from './rates.js';

describe('parsePounds', () => {
  it.each([
    ['49.99', 4999],
    ['£49.9', 4990],
    ['50', 5000],
    [' 1,234.5 ', 123450],
    ['0.01', 1],
  ])('%s is %i pence', (text, pence) => expect(parsePounds(text)).toEqual({ pence }));

  it.each([
    ['', RATE_MESSAGES.notANumber],
    ['abc', RATE_MESSAGES.notANumber],
    ['1.2.3', RATE_MESSAGES.notANumber],
    ['0', RATE_MESSAGES.notPositive],
    ['0.00', RATE_MESSAGES.notPositive],
    ['-3', RATE_MESSAGES.notPositive],
    ['1.005', RATE_MESSAGES.tooManyDecimals],
    ['100000', RATE_MESSAGES.tooLarge],
    ['99999999999999', RATE_MESSAGES.tooLarge],
    ['49,99', RATE_MESSAGES.commaForPence],
    ['1,00', RATE_MESSAGES.commaForPence],
    ['1,0000', RATE_MESSAGES.notANumber],
  ])('refuses "%s"', (text, error) => expect(parsePounds(text)).toEqual({ error }));

  it('writes pence back as pounds for editing', () => {
    expect(penceToPounds(4999)).toBe('49.99');
    expect(penceToPounds(5)).toBe('0.05');
  });
});

describe('rates CSV', () => {
  it('round-trips, quoting a destination name with a comma', () => {
    const prices = [
      { service: 'express' as const, destinationCountryId: 73, weightKg: 30, pricePence: 9999 },
      { service: 'economy' as const, destinationCountryId: 73, weightKg: 20, pricePence: 4999 },
    ];
    const csv = ratesToCsv(prices);
    expect(csv).toBe(
      'service,destination_id,destination,weight_kg,price_gbp\neconomy,73,France,20,49.99\nexpress,73,France,30,99.99\n',
    );
    expect(parseRatesCsv(csv)).toEqual({ ok: true, prices: [prices[1], prices[0]] });
    expect(
      parseRatesCsv(
        'service,destination_id,destination,weight_kg,price_gbp\r\neconomy,73,"France, mainland",20,49.99\r\n',
      ),
    ).toMatchObject({ ok: true, prices: [{ pricePence: 4999 }] });
  });

  it('refuses an unclosed quote and an empty file with their lines', () => {
    expect(
      parseRatesCsv(
        'service,destination_id,destination,weight_kg,price_gbp\neconomy,73,"France,20,1\n',
      ),
    ).toEqual({ ok: false, line: 2, reason: 'A quoted field is not closed' });
    expect(parseRatesCsv('service,destination_id,destination,weight_kg,price_gbp\n')).toEqual({
      ok: false,
      line: 2,
      reason: 'The file has no prices',
    });
  });
});

describe('rateWarnings', () => {
  const full = () =>
    RATE_SERVICES.flatMap((service) =>
      DESTINATIONS.flatMap((d) =>
        RATE_WEIGHTS_KG.map((weightKg) => ({
          service,
          destinationCountryId: d.countryId,
          weightKg,
          pricePence: weightKg * 100 + (service === 'express' ? 1_000 : 0),
        })),
      ),
    );

  it('says nothing of a full, rising grid', () => {
    expect(rateWarnings(full())).toEqual([]);
  });

  it('names a destination whose table has a gap at a weight a quote can reach', () => {
    const italy = DESTINATIONS.find((d) => d.title === 'Italy')!.countryId;
    const gappy = full().filter((p) => !(p.destinationCountryId === italy && p.weightKg === 20));
    expect(rateWarnings(gappy)).toEqual([
      'Economy to Italy: no price at 20 kg, so quotes of that weight do not offer Economy.',
      'Express to Italy: no price at 20 kg, so quotes of that weight do not offer Express.',
    ]);
    const none = full().filter(
      (p) => !(p.destinationCountryId === italy && p.service === 'economy'),
    );
    expect(rateWarnings(none)).toEqual([
      'Economy to Italy: no prices at all, so Economy is never offered there.',
    ]);
  });
});
