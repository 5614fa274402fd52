import { describe, expect, it } from 'vitest';
import {
  ItemInputSchema,
  checkDeclaration,
  declaredWeightGrams,
  formatKg,
  padCommodityCode,
  parcelsFor,
  type DeclaredItem,
} from './items.js';

let n = 0;
const item = (name: string, units: number, valuePence: number, grams: number): DeclaredItem => ({
  id: `i${++n}`,
  name,
  commodityCode: '61101100',
  commodityDescription: name,
  numberOfUnits: units,
  unitValuePence: valuePence,
  unitWeightGrams: grams,
  countryOfOrigin: 'GB',
});

describe('parcelsFor', () => {
  it('makes one parcel per large box then per small box, with titles and limits', () => {
    expect(
      parcelsFor(2, 1).map((p) => [
        p.key,
        p.title,
        p.maxWeightKg,
        `${p.heightCm}x${p.widthCm}x${p.lengthCm}`,
      ]),
    ).toEqual([
      ['large-1', 'Large Parcel 1', 30, '60x50x50'],
      ['small-1', 'Small Parcel 1', 20, '46x46x46'],
      ['small-2', 'Small Parcel 2', 20, '46x46x46'],
    ]);
  });
});

describe('ItemInputSchema', () => {
  it('accepts typed numbers and refuses out-of-range ones with clear messages', () => {
    expect(
      ItemInputSchema.parse({
        name: ' Wool jumper ',
        numberOfUnits: '3',
        unitValue: '12.50',
        unitWeight: '0.4',
      }),
    ).toEqual({
      name: 'Wool jumper',
      numberOfUnits: 3,
      unitValue: 12.5,
      unitWeight: 0.4,
    });
    const bad = ItemInputSchema.safeParse({
      name: '',
      numberOfUnits: '1.5',
      unitValue: '0',
      unitWeight: '31',
    });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['name', 'Enter what the item is, like "wool jumper"'],
      ['numberOfUnits', 'Enter how many, as a whole number from 1 to 999'],
      ['unitValue', 'Enter the value of one item in pounds, from £0.01 to £5,000'],
      ['unitWeight', 'Enter the weight of one item in kg, from 0.01 to 30'],
    ]);
    expect(
      ItemInputSchema.safeParse({
        name: 'Mug',
        numberOfUnits: 1,
        unitValue: '1.005',
        unitWeight: 1,
      }).success,
    ).toBe(false);
  });
});

describe('weights and codes', () => {
  it('sums unit weight × units exactly', () => {
    expect(declaredWeightGrams([item('Books', 3, 500, 1250), item('Mug', 2, 300, 400)])).toBe(4550);
    expect(formatKg(4550)).toBe('4.55');
    expect(formatKg(20000)).toBe('20');
  });

  it('pads commodity codes with zeros to 8 characters', () => {
    expect(padCommodityCode('4902')).toBe('49020000');
    expect(padCommodityCode('611011')).toBe('61101100');
    expect(padCommodityCode('8471300000')).toBe('8471300000');
  });
});

describe('checkDeclaration', () => {
  const [large, small] = parcelsFor(1, 1);

  it('needs an item in every parcel', () => {
    const result = checkDeclaration([
      { parcel: large!, items: [item('Books', 1, 500, 1000)] },
      { parcel: small!, items: [] },
    ]);
    expect(result.errors).toEqual([
      { message: 'Commodity details cannot be empty in any package.' },
    ]);
  });

  it('names the parcel whose declared weight is over its limit', () => {
    const result = checkDeclaration([
      { parcel: large!, items: [item('Books', 1, 500, 1000)] },
      { parcel: small!, items: [item('Books', 21, 500, 1000)] },
    ]);
    expect(result.errors).toEqual([
      {
        parcelKey: 'small-1',
        message: "Small Parcel 1: Declared weight 21 kg is over this parcel's 20 kg limit",
      },
    ]);
    expect(
      checkDeclaration([{ parcel: small!, items: [item('Books', 20, 500, 1000)] }]).errors,
    ).toEqual([]);
  });

  it('refuses more than 2 electronic devices in a box and shipments over £5,000', () => {
    const result = checkDeclaration([
      { parcel: large!, items: [item('Laptop', 2, 100_000, 2000), item('Tablet', 1, 40_000, 500)] },
      { parcel: small!, items: [item('Camera', 1, 300_000, 800)] },
    ]);
    expect(result.errors.map((e) => e.message)).toEqual([
      'Large Parcel 1: at most 2 electronic devices are allowed per box (3 declared)',
      'The declared value of your shipment is £5,400.00; we can carry shipments worth up to £5,000.',
    ]);
  });

  it('warns about prohibited or restricted items without blocking', () => {
    const result = checkDeclaration([
      {
        parcel: large!,
        items: [
          item('Perfume bottles', 2, 2000, 300),
          item('Lithium batteries', 4, 500, 50),
          item('Jumper', 1, 1000, 400),
        ],
      },
    ]);
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Large Parcel 1: “Perfume bottles” looks like perfume (flammable), which we cannot carry or carry only within limits. Please check our prohibited items before paying.',
      'Large Parcel 1: “Lithium batteries” looks like batteries, which we cannot carry or carry only within limits. Please check our prohibited items before paying.',
    ]);
  });
});
