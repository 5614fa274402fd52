import { describe, expect, it } from 'vitest';
import { DESTINATIONS } from './countries.js';
import {
  DESTINATION_POSTCODE_FORMATS,
  isValidDestinationPostcode,
  normaliseDestinationPostcode,
} from './destination-postcodes.js';

describe('destination post codes', () => {
  it('know a format for every destination, whose example is valid', () => {
    for (const d of DESTINATIONS) {
      const format = DESTINATION_POSTCODE_FORMATS[d.countryCode];
      expect(format, d.title).toBeDefined();
      for (const example of format!.example.split(' or ')) {
        expect(isValidDestinationPostcode(d.countryCode, example), `${d.title} ${example}`).toBe(
          true,
        );
      }
    }
  });

  const cases: [string, string[], string[]][] = [
    ['FR', ['75001', '13008'], ['7500', '750011', 'ABCDE']],
    ['DE', ['10115'], ['1011']],
    ['AU', ['2000'], ['200', '20000']],
    ['NZ', ['6011'], ['601']],
    ['ZA', ['8001'], ['80011']],
    ['BE', ['1000'], ['100']],
    ['IT', ['00184'], ['0018']],
    ['ES', ['28013', '01001', '52001'], ['53001', '00001', '2801']],
    ['US', ['10001', '10001-1234', '100011234'], ['1000', '10001-12', 'ABCDE']],
    ['CA', ['K1A 0B1', 'k1a0b1', 'M5V 3L9'], ['K1A 0B', 'D1A 0B1', '12345']],
    ['PT', ['1100-148', '1100148'], ['1100', '1100-14']],
    ['NL', ['1012 AB', '1012ab'], ['0123 AB', '1012 SA', '1012']],
  ];
  for (const [code, valid, invalid] of cases) {
    it(`check ${code}`, () => {
      for (const v of valid) expect(isValidDestinationPostcode(code, v), v).toBe(true);
      for (const v of invalid) expect(isValidDestinationPostcode(code, v), v).toBe(false);
    });
  }

  it('normalise for display', () => {
    expect(normaliseDestinationPostcode('CA', 'k1a0b1')).toBe('K1A 0B1');
    expect(normaliseDestinationPostcode('NL', '1012ab')).toBe('1012 AB');
    expect(normaliseDestinationPostcode('PT', '1100148')).toBe('1100-148');
    expect(normaliseDestinationPostcode('US', '100011234')).toBe('10001-1234');
    expect(normaliseDestinationPostcode('FR', ' 75001 ')).toBe('75001');
  });
});
