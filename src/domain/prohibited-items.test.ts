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

/**
 * Each category: look-alikes a customs broker would not put in it, each with the code the
 * courier's lookup gives it: a word of the category in another thing's name ("phone case"), or a
 * code beside the category's in the same heading (9504 90, board games, beside 9504 50, consoles).
 */
const LOOK_ALIKES: Record<string, { name: string; code: string }[]> = {
  cash: [
    { name: 'Money box', code: '39264000' },
    { name: 'Commemorative crown', code: '71181000' },
    { name: 'Cash register', code: '84705000' },
    { name: 'Play money', code: '95030099' },
  ],
  animals: [
    { name: 'Kitten heels', code: '64039998' },
    { name: 'Hamster cage', code: '73269098' },
    { name: 'Puppy toy', code: '95030099' },
  ],
  aerosols: [
    { name: 'Non aerosol deodorant', code: '33072000' },
    { name: 'Deodorant stick', code: '33072000' },
    { name: 'Spray paint gun', code: '84242000' },
  ],
  'food-and-beverages': [
    { name: 'Wine glasses', code: '70132800' },
    { name: 'Coffee machine', code: '85167100' },
    { name: 'Tea towels', code: '63029100' },
    { name: 'Tea lights', code: '34060000' },
    { name: 'Food processor', code: '85094000' },
    { name: 'Spirit level', code: '90158011' },
  ],
  'illegal-drugs': [
    { name: 'Drug test kit', code: '38220000' },
    { name: 'Caffeine powder', code: '29393000' },
  ],
  'flammable-goods': [
    { name: 'Perfume atomiser', code: '96161000' },
    { name: 'Petroleum jelly', code: '27121090' },
    { name: 'Emulsion paint', code: '32091000' },
    { name: 'Football match programme', code: '49019900' },
    { name: 'Gas mask', code: '90200000' },
  ],
  'gold-and-precious-stones': [
    { name: 'Gemstone ring', code: '71131900' },
    { name: 'Gold coin pendant', code: '71131900' },
    { name: 'Commemorative crown', code: '71181000' },
  ],
  weapons: [
    { name: 'Massage gun', code: '90191010' },
    { name: 'Table knives', code: '82119100' },
    { name: 'Spare part for blender', code: '82083000' },
    { name: 'Glue gun', code: '84248970' },
    { name: 'Water pistol', code: '95030099' },
    { name: 'Palette knife', code: '96034090' },
  ],
  batteries: [
    { name: 'Battery charger', code: '85044095' },
    { name: 'Battery powered toothbrush', code: '85098000' },
    { name: 'Camera with battery', code: '85258900' },
  ],
  medicines: [
    { name: 'Prescription glasses', code: '90049010' },
    { name: 'Medicine ball', code: '95069190' },
    { name: 'Vitamin C serum', code: '33049900' },
  ],
  'plants-and-seeds': [
    { name: 'Seed beads', code: '70181000' },
    { name: 'Artificial houseplant', code: '67029000' },
    { name: 'Soil moisture meter', code: '90258080' },
  ],
  'electronic-devices': [
    { name: 'Board games', code: '95049080' },
    { name: 'Playing cards', code: '95044000' },
    { name: 'Phone case', code: '42023200' },
    { name: 'Vitamin tablets', code: '21069098' },
    { name: 'Computer keyboard', code: '84716060' },
    { name: 'Computer mouse', code: '84716070' },
    { name: 'Console table', code: '94036010' },
  ],
  'jewellery-and-watches': [
    { name: 'Ring binder', code: '48203000' },
    { name: 'Jewellery box', code: '44209000' },
    { name: 'Watch strap', code: '91139000' },
    { name: 'Silver candlesticks', code: '71141100' },
    { name: 'Key ring', code: '73269098' },
    { name: 'Pendant light', code: '94051140' },
  ],
  'art-and-antiques': [
    { name: 'Painting kit', code: '32131000' },
    { name: 'Antique style mirror', code: '70099200' },
    { name: 'Poster', code: '49119100' },
  ],
  collectibles: [
    { name: 'Trading card sleeves', code: '39269097' },
    { name: 'Rubber stamp', code: '96110000' },
  ],
};

describe('the prohibited-goods table', () => {
  it('has a test case for every category, and every category a rule the public can read', () => {
    expect(Object.keys(CASES).sort()).toEqual(GOODS_CATEGORIES.map((c) => c.id).sort());
    expect(Object.keys(LOOK_ALIKES).sort()).toEqual(GOODS_CATEGORIES.map((c) => c.id).sort());
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

  for (const category of GOODS_CATEGORIES) {
    const lookAlikes = LOOK_ALIKES[category.id]!;
    it(`${category.name}: not its look-alikes (${lookAlikes.map((l) => `“${l.name}”`).join(', ')})`, () => {
      for (const item of lookAlikes) {
        expect(ids({ name: item.name }), item.name).not.toContain(category.id);
        expect(ids({ name: item.name, commodityCode: item.code }), item.name).not.toContain(
          category.id,
        );
      }
    });
  }

  it('counts a laptop and three board games in one box as one device; three laptops as three', () => {
    const box = (items: { name: string; commodityCode: string; numberOfUnits: number }[]) => [
      {
        key: 'small-1',
        title: 'Small Parcel 1',
        items: items.map((item) => ({ ...item, unitValuePence: 5_000 })),
      },
    ];
    const laptop = { name: 'Laptop', commodityCode: '84713000' };
    expect(
      checkGoods(
        box([
          { ...laptop, numberOfUnits: 1 },
          { name: 'Board games', commodityCode: '95049000', numberOfUnits: 3 },
        ]),
        true,
      ),
    ).toEqual([]);
    expect(checkGoods(box([{ ...laptop, numberOfUnits: 3 }]), true)).toEqual([
      {
        parcelKey: 'small-1',
        message: 'Small Parcel 1: Electronic devices: At most 2 per box (3 declared).',
      },
    ]);
    expect(
      checkGoods(
        box([
          { ...laptop, numberOfUnits: 1 },
          { name: 'Games console', commodityCode: '95045000', numberOfUnits: 2 },
        ]),
        true,
      ),
    ).toEqual([
      {
        parcelKey: 'small-1',
        message: 'Small Parcel 1: Electronic devices: At most 2 per box (3 declared).',
      },
    ]);
  });

  it('finds a device by any of its codes, and a heading-only code in every category of the heading', () => {
    for (const code of ['84713000', '84714100', '85171300', '85176200', '85183000', '85258900']) {
      expect(ids({ name: 'Item', commodityCode: code }), code).toEqual(['electronic-devices']);
    }
    for (const code of ['85287200', '85285200', '95045000', '88062200', '84433210']) {
      expect(ids({ name: 'Item', commodityCode: code }), code).toEqual(['electronic-devices']);
    }
    expect(ids({ name: 'Item', commodityCode: '95040000' })).toEqual(['electronic-devices']);
    expect(ids({ name: 'Item', commodityCode: '9504' })).toEqual(['electronic-devices']);
    expect(ids({ name: 'Item', commodityCode: '95030000' })).toEqual([]);
  });

  it('reads a keyword outside its look-alike, even in the same name', () => {
    expect(ids({ name: 'Phone and phone case' })).toEqual(['electronic-devices']);
    expect(ids({ name: 'Camera with spare battery' })).toEqual(['batteries', 'electronic-devices']);
    expect(refusalOf({ name: 'Camera with spare battery' }, true)?.message).toBe(
      'Batteries cannot be sent.',
    );
    expect(ids({ name: 'Gold ring' })).toEqual(['jewellery-and-watches']);
  });

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
