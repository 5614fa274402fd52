import { describe, expect, it } from 'vitest';
import { declaredWeightKg, formatKilograms, labelWeight } from './documents.pdf.js';

const item = (units: number, unitWeightKg: number) => ({
  description: 'Books',
  commodityCode: '490199',
  countryOfOrigin: 'GB',
  units,
  unitValue: 10,
  unitWeightKg,
});
const SMALL_BOX = { weightKg: 20, lengthCm: 46, widthCm: 46, heightCm: 46 };

describe('the weights the simulator prints', () => {
  it('adds up the declared goods to the gram, whatever the floating point does', () => {
    expect(declaredWeightKg({ items: [item(3, 0.1), item(3, 1.67)] })).toBe(5.31);
    expect(formatKilograms(0.1 + 0.2)).toBe('0.3');
    expect(formatKilograms(9.01)).toBe('9.01');
    expect(formatKilograms(20)).toBe('20');
  });

  it('puts the declared goods on a label, and the booked weight only when none are declared', () => {
    expect(labelWeight({ ...SMALL_BOX, items: [item(4, 0.5)] })).toBe('Contents declared: 2 kg');
    expect(labelWeight({ ...SMALL_BOX, items: [] })).toBe('Weight: 20 kg');
  });
});
