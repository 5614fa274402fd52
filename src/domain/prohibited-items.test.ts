import { describe, expect, it } from 'vitest';
import {
  GOODS_CATEGORIES,
  categoriesOf,
  checkGoods,
  describeLimit,
  limitsOf,
  refusalOf,
} from './prohibited-items.js';

const ids = (item: { name: string; commodityCode?: string }) => categoriesOf(item).map((c) => c.id);

/** Each category: an item it catches by a keyword of its name, and one by its HS code alone. */
const CASES: Record<string, { keyword: string; code?: { name: string; code: string } }> = {
  cash: { keyword: 'Cash in an envelope', code: { name: 'Notes', code: '49070000' } },
  animals: { keyword: 'Live insects', code: { name: 'Syrian golden', code: '01069000' } },
  aerosols: { keyword: 'aerosol deodorant' },
  'food-and-beverages': {
    keyword: 'Red wine',
    code: { name: 'Marmite jars', code: '21069098' },
  },
  'illegal-drugs': { keyword: 'Cannabis', code: { name: 'Resin', code: '13021100' } },
  'flammable-goods': { keyword: 'Perfume', code: { name: 'Eau de Paris', code: '33030010' } },
  'gold-and-precious-stones': {
    keyword: 'Gold bar',
    code: { name: 'Small ingot', code: '71081300' },
  },
  weapons: { keyword: 'Kitchen knives', code: { name: 'Chef set', code: '82119200' } },
  batteries: { keyword: 'lithium battery', code: { name: 'Spare cells', code: '85065000' } },
  medicines: { keyword: 'Vitamin tablets', code: { name: 'Pills', code: '30049000' } },
  'plants-and-seeds': { keyword: 'Tomato seeds', code: { name: 'Bonsai', code: '06029050' } },
  'electronic-devices': { keyword: 'Laptop', code: { name: 'MacBook', code: '84713000' } },
  'jewellery-and-watches': {
    keyword: 'gold ring',
    code: { name: 'Family heirloom', code: '71131900' },
  },
  'art-and-antiques': { keyword: 'Oil painting', code: { name: 'Canvas', code: '97019100' } },
  collectibles: { keyword: 'Trading cards', code: { name: 'Album', code: '97040000' } },
};

describe('the prohibited-goods table', () => {
  it('has a test case for every category, and every category a rule the public can read', () => {
    expect(Object.keys(CASES).sort()).toEqual(GOODS_CATEGORIES.map((c) => c.id).sort());
    for (const category of GOODS_CATEGORIES) {
      expect(describeLimit(category)).toBeTruthy();
      expect(category.keywords.length).toBeGreaterThan(0);
    }
  });

  for (const category of GOODS_CATEGORIES) {
    const cases = CASES[category.id]!;
    it(`${category.name}: by keyword (“${cases.keyword}”)${cases.code ? ' and by HS code' : ''}`, () => {
      expect(ids({ name: cases.keyword })).toContain(category.id);
      if (cases.code) {
        expect(ids({ name: cases.code.name })).not.toContain(category.id);
        expect(ids({ name: cases.code.name, commodityCode: cases.code.code })).toContain(
          category.id,
        );
      }
    });
  }

  it('refuses aerosol deodorant (33072000) as an aerosol, and a stick deodorant not at all', () => {
    expect(refusalOf({ name: 'aerosol deodorant', commodityCode: '33072000' }, true)).toMatchObject(
      { message: 'Aerosols cannot be sent.' },
    );
    expect(refusalOf({ name: 'Deodorant stick', commodityCode: '33072000' }, true)).toBeUndefined();
  });

  it('refuses a lithium battery (85065000) as a battery', () => {
    expect(refusalOf({ name: 'lithium battery', commodityCode: '85065000' }, true)?.message).toBe(
      'Batteries cannot be sent.',
    );
  });

  it('lets a £900 gold ring (71131900) go, under the £4,000 jewellery limit it shows', () => {
    const ring = { name: 'gold ring', commodityCode: '71131900' };
    expect(refusalOf(ring, false)).toBeUndefined();
    expect(limitsOf(ring)).toEqual(['Jewellery and watches: Up to £4,000 in total per shipment']);
    const parcel = (value: number) => [
      {
        key: 'small-1',
        title: 'Small Parcel 1',
        items: [{ ...ring, numberOfUnits: 1, unitValuePence: value }],
      },
    ];
    expect(checkGoods(parcel(90_000), false)).toEqual([]);
    expect(checkGoods(parcel(400_100), false)).toEqual([
      { message: 'Jewellery and watches: Up to £4,000 in total per shipment (£4,001 declared).' },
    ]);
  });

  it('answers words that name a category, and not the words that merely contain them', () => {
    expect(ids({ name: 'cash' })).toEqual(['cash']);
    expect(ids({ name: 'Cashmere jumper' })).toEqual([]);
    expect(ids({ name: 'knife' })).toEqual(['weapons']);
    expect(ids({ name: 'perfume' })).toEqual(['flammable-goods']);
    expect(ids({ name: 'Oil painting' })).toEqual(['art-and-antiques']);
    expect(ids({ name: 'Smartwatch' })).toEqual(['electronic-devices']);
    expect(ids({ name: 'Light bulbs' })).toEqual([]);
  });

  it('sends EU-only goods to the EU and refuses them elsewhere', () => {
    const vitamins = { name: 'Vitamin D', commodityCode: '29362900' };
    expect(refusalOf(vitamins, true)).toBeUndefined();
    expect(refusalOf(vitamins, false)?.message).toBe(
      'Medicines and vitamins can be sent to EU destinations only.',
    );
  });

  it('counts devices per box and values per item', () => {
    const devices = (units: number) => [
      {
        key: 'large-1',
        title: 'Large Parcel 1',
        items: [{ name: 'Phone', numberOfUnits: units, unitValuePence: 10_000 }],
      },
    ];
    expect(checkGoods(devices(2), true)).toEqual([]);
    expect(checkGoods(devices(3), true)).toEqual([
      {
        parcelKey: 'large-1',
        message: 'Large Parcel 1: Electronic devices: At most 2 per box (3 declared).',
      },
    ]);
    const stamps = [
      {
        key: 'small-1',
        title: 'Small Parcel 1',
        items: [{ name: 'Collectible stamps', numberOfUnits: 1, unitValuePence: 180_100 }],
      },
    ];
    expect(checkGoods(stamps, true)).toEqual([
      {
        parcelKey: 'small-1',
        message: 'Small Parcel 1: “Collectible stamps”: Collectibles: Up to £1,800 each.',
      },
    ]);
  });
});
