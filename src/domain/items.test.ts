import { describe, expect, it } from 'vitest';
import { parcelsFor } from './boxes.js';
import {
  ItemInputSchema,
  checkDeclaration,
  checkNewItem,
  declaredWeightGrams,
  formatKg,
  padCommodityCode,
  type DeclaredItem,
} from './items.js';

let n = 0;
const item = (
  name: string,
  units: number,
  valuePence: number,
  grams: number,
  commodityCode = '61101100',
): DeclaredItem => ({
  id: `i${++n}`,
  name,
  commodityCode,
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

  it('reads the value as money is read everywhere: no comma for pence, no "1e3"', () => {
    const value = (unitValue: unknown) =>
      ItemInputSchema.safeParse({ name: 'Mug', numberOfUnits: 1, unitValue, unitWeight: 1 });
    expect(value('£1,250.50').data?.unitValue).toBe(1250.5);
    expect(value(12.5).data?.unitValue).toBe(12.5);
    for (const typed of ['1,00', '12,5', '1e3', '0x10', 'Infinity', '', ' ']) {
      expect(
        value(typed).error?.issues.map((i) => i.message),
        typed,
      ).toEqual(['Enter the value of one item in pounds, from £0.01 to £5,000']);
    }
    expect(value('-3').error?.issues[0]?.message).toBe(
      'Enter the value of one item in pounds, from £0.01 to £5,000',
    );
    expect(value('1.005').error?.issues[0]?.message).toBe(
      'Enter the value in pounds and pence, like 12.50',
    );
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

const FRANCE = { toEu: true };
const AUSTRALIA = { toEu: false };

describe('checkDeclaration', () => {
  const [large, small] = parcelsFor(1, 1);

  it('needs an item in every parcel', () => {
    const result = checkDeclaration(
      [
        { parcel: large!, items: [item('Books', 1, 500, 1000)] },
        { parcel: small!, items: [] },
      ],
      FRANCE,
    );
    expect(result.errors).toEqual([
      { message: 'Commodity details cannot be empty in any package.' },
    ]);
  });

  it('names the parcel whose declared weight is over its limit', () => {
    const result = checkDeclaration(
      [
        { parcel: large!, items: [item('Books', 1, 500, 1000)] },
        { parcel: small!, items: [item('Books', 21, 500, 1000)] },
      ],
      FRANCE,
    );
    expect(result.errors).toEqual([
      {
        parcelKey: 'small-1',
        message: "Small Parcel 1: Declared weight 21 kg is over this parcel's 20 kg limit",
      },
    ]);
    expect(
      checkDeclaration([{ parcel: small!, items: [item('Books', 20, 500, 1000)] }], FRANCE).errors,
    ).toEqual([]);
  });

  it('refuses more than 2 electronic devices in a box and shipments over £5,000', () => {
    const result = checkDeclaration(
      [
        {
          parcel: large!,
          items: [item('Laptop', 2, 100_000, 2000), item('Tablet', 1, 40_000, 500)],
        },
        { parcel: small!, items: [item('Camera', 1, 300_000, 800)] },
      ],
      FRANCE,
    );
    expect(result.errors.map((e) => e.message)).toEqual([
      'Large Parcel 1: Electronic devices: At most 2 per box (3 declared).',
      'The declared value of your shipment is £5,400.00; we can carry shipments worth up to £5,000.',
    ]);
  });

  it('refuses prohibited goods by name or code, and EU-only goods outside the EU', () => {
    const parcels = [
      {
        parcel: large!,
        items: [
          item('Perfume bottles', 2, 2000, 300),
          item('Spare cells', 4, 500, 50, '85065000'),
          item('Vitamins', 1, 1000, 400, '29362700'),
          item('Jumper', 1, 1000, 400),
        ],
      },
    ];
    expect(checkDeclaration(parcels, AUSTRALIA).errors.map((e) => e.message)).toEqual([
      'Large Parcel 1: “Perfume bottles”: Flammable Goods cannot be sent.',
      'Large Parcel 1: “Spare cells”: Batteries cannot be sent.',
      'Large Parcel 1: “Vitamins”: Medicines and vitamins can be sent to EU destinations only.',
    ]);
    expect(checkDeclaration(parcels, FRANCE).errors).toHaveLength(2);
  });

  it('shows the limit a declared item is under, without blocking', () => {
    const result = checkDeclaration(
      [{ parcel: large!, items: [item('Gold ring', 1, 90_000, 10, '71131900')] }],
      FRANCE,
    );
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Large Parcel 1: “Gold ring”: Jewellery and watches: Up to £4,000 in total per shipment.',
    ]);
  });
});

describe('checkNewItem', () => {
  const [large, small] = parcelsFor(1, 1);
  const parcels = [
    { parcel: large!, items: [item('Wool jumper', 2, 2500, 600)] },
    { parcel: small!, items: [item('Books', 18, 500, 1000)] },
  ];

  it('refuses the item that takes its parcel over its weight, saying by how much', () => {
    expect(checkNewItem(parcels, 'small-1', item('Mugs', 3, 500, 1000), FRANCE)).toEqual({
      field: 'unitWeight',
      message: 'This would take Small Parcel 1 to 21 kg, 1 kg over its 20 kg limit.',
    });
    expect(checkNewItem(parcels, 'small-1', item('Mugs', 2, 500, 1000), FRANCE)).toBeUndefined();
  });

  it('refuses prohibited goods with the category named', () => {
    expect(
      checkNewItem(parcels, 'large-1', item('aerosol deodorant', 1, 300, 200, '33072000'), FRANCE),
    ).toEqual({ field: 'name', message: 'Aerosols cannot be sent.' });
  });

  it('refuses the item that takes a shipment over a limit, and only that one', () => {
    const withRing = [
      { parcel: large!, items: [item('Gold ring', 1, 300_000, 10, '71131900')] },
      { parcel: small!, items: [] },
    ];
    expect(
      checkNewItem(withRing, 'small-1', item('Necklace', 1, 150_000, 10, '71131900'), FRANCE),
    ).toEqual({
      field: 'name',
      message: 'Jewellery and watches: Up to £4,000 in total per shipment (£4,500 declared).',
    });
    expect(
      checkNewItem(withRing, 'small-1', item('Necklace', 1, 50_000, 10, '71131900'), FRANCE),
    ).toBeUndefined();
  });
});
