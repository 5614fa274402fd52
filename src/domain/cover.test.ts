import { describe, expect, it } from 'vitest';
import { coverExclusionOf, coverExclusionText } from './cover-exclusions.js';
import { coverExclusionLine, coverLimits, coverProblem } from './cover.js';
import {
  coverPricePence,
  DEFAULT_COVER_SETTINGS as settings,
  extraCoverText,
  maxCoverFor,
  orderPrice,
} from './pricing.js';
import { coverText, receiptLines } from './receipt.js';

describe('the price of cover', () => {
  it('is 2% of the cover above the included £50', () => {
    expect(coverPricePence(60_000, settings)).toBe(1_100);
    expect(coverPricePence(200_000, settings)).toBe(3_900);
  });

  it('is nothing for the included cover alone', () => {
    expect(coverPricePence(5_000, settings)).toBe(0);
    expect(coverPricePence(0, settings)).toBe(0);
  });

  it('is rounded up to the penny', () => {
    // 2% of £0.01 is 0.02p, of £10.01 is 20.02p: both rounded up.
    expect(coverPricePence(5_001, settings)).toBe(1);
    expect(coverPricePence(6_001, settings)).toBe(21);
    expect(coverPricePence(6_050, settings)).toBe(21);
    // 2.5% of £100.10 is 250.25p.
    expect(coverPricePence(15_010, { ...settings, percentBasisPoints: 250 })).toBe(251);
  });

  it('adds to the service price in the one pricing function', () => {
    expect(orderPrice({ servicePricePence: 9_999, coverPence: 60_000, settings })).toEqual({
      servicePricePence: 9_999,
      coverPricePence: 1_100,
      totalPence: 11_099,
    });
    expect(orderPrice({ servicePricePence: 9_999, coverPence: 5_000, settings }).totalPence).toBe(
      9_999,
    );
  });
});

describe('which cover can be chosen', () => {
  it('is at most the declared value and at most £2,000', () => {
    expect(maxCoverFor(60_000, settings)).toBe(60_000);
    expect(maxCoverFor(500_000, settings)).toBe(200_000);
    expect(maxCoverFor(2_000, settings)).toBe(5_000);
    const worth = (pence: number) => ({ declaredValuePence: pence, coveredValuePence: pence });
    expect(coverProblem(60_000, worth(60_000), settings)).toBeUndefined();
    expect(coverProblem(60_001, worth(60_000), settings)).toMatch(
      /more than the value of the items/,
    );
    expect(coverProblem(200_001, worth(500_000), settings)).toBe(
      'Cover is at most £2,000 per shipment',
    );
    expect(coverProblem(4_999, worth(60_000), settings)).toMatch(/starts at the £50 included/);
  });

  it('always allows the included cover, even for goods worth less', () => {
    expect(
      coverProblem(5_000, { declaredValuePence: 1_000, coveredValuePence: 1_000 }, settings),
    ).toBeUndefined();
    expect(
      coverProblem(5_000, { declaredValuePence: 6_000, coveredValuePence: 0 }, settings),
    ).toBeUndefined();
  });
});

describe('the cover a declaration can have: what the cover pays for', () => {
  // A laptop at £450 (covered by the included £50 only), a glass vase at £60 (not covered at
  // all) and two jumpers at £60 each: £630 declared, of which the cover pays for £170.
  const item = (id: string, name: string, units: number, pounds: number) => ({
    id,
    name,
    numberOfUnits: units,
    unitValuePence: pounds * 100,
  });
  const order = [
    item('laptop', 'Laptop', 1, 450),
    item('vase', 'Glass vase', 1, 60),
    item('jumpers', 'Wool jumper', 2, 60),
  ];

  it('suggests the jumpers plus the laptop’s £50, the vase left out', () => {
    const limits = coverLimits(order, settings);
    expect(limits).toEqual({
      declaredValuePence: 63_000,
      coveredValuePence: 17_000,
      maxCoverPence: 17_000,
      exclusions: [
        {
          itemId: 'laptop',
          name: 'Laptop',
          covered: 'included-only',
          group: 'Electronic devices (covered as new goods only)',
          valuePence: 45_000,
          countedPence: 5_000,
        },
        {
          itemId: 'vase',
          name: 'Glass vase',
          covered: 'nothing',
          group: 'Glass',
          valuePence: 6_000,
          countedPence: 0,
        },
      ],
    });
  });

  it('refuses more cover than that, saying why, in one function for the server and the page', () => {
    const limits = coverLimits(order, settings);
    expect(coverProblem(17_000, limits, settings)).toBeUndefined();
    expect(coverProblem(17_001, limits, settings)).toBe(
      'Cover cannot be more than the value of the goods the cover pays for (£170 of the £630 you declared)',
    );
  });

  it('shares the included £50 among the goods it alone covers', () => {
    const limits = coverLimits(
      [item('phone', 'Mobile phone', 1, 30), item('watch', 'Watch', 1, 200), ...order.slice(2)],
      settings,
    );
    // The phone's £30 and £20 of the watch: the included £50 once, not once each.
    expect(limits.exclusions.map((e) => [e.itemId, e.countedPence])).toEqual([
      ['phone', 3_000],
      ['watch', 2_000],
    ]);
    expect(limits.coveredValuePence).toBe(12_000 + 5_000);
  });

  it('never goes below the included cover, nor above the maximum', () => {
    expect(coverLimits([item('vase', 'Glass vase', 1, 60)], settings)).toMatchObject({
      coveredValuePence: 0,
      maxCoverPence: 5_000,
    });
    expect(coverLimits([item('coats', 'Coat', 10, 300)], settings).maxCoverPence).toBe(200_000);
  });

  it('names each item left out, what it is worth and what is counted', () => {
    const [laptop, vase] = coverLimits(order, settings).exclusions;
    expect(coverExclusionLine(laptop!, 5_000)).toBe(
      'Laptop (£450): Covered only by the included £50 (Electronic devices (covered as new goods only)): extra cover does not pay for it; £50 of it counted',
    );
    expect(coverExclusionLine(vase!, 5_000)).toBe(
      'Glass vase (£60): Not covered (Glass): the courier pays nothing if it is lost or damaged',
    );
    expect(coverExclusionLine({ ...laptop!, countedPence: 0 }, 5_000)).toMatch(
      /; not counted \(the included £50 is counted for the items above\)$/,
    );
  });
});

describe('cover on the receipt', () => {
  it('has a line for extra cover, none without', () => {
    const order = { description: 'Express collection', servicePricePence: 9_999 };
    expect(receiptLines({ ...order, coverPence: 60_000, coverPricePence: 1_100 })).toEqual([
      { text: 'Express collection', amountPence: 9_999 },
      { text: 'Extra cover to £600', amountPence: 1_100 },
    ]);
    expect(receiptLines({ ...order, coverPence: 5_000, coverPricePence: 0 })).toHaveLength(1);
    expect(extraCoverText(60_000)).toBe('Extra cover to £600');
    expect(coverText(60_000, 5_000)).toBe('£600 (£50 included, £550 bought)');
    expect(coverText(5_000, 5_000)).toBe('£50, included');
  });
});

describe('goods the cover does not pay for', () => {
  it('names the courier’s "No Compensation" goods: not covered at all', () => {
    expect(coverExclusionOf({ name: 'Drinking glasses' })).toEqual({
      covered: 'nothing',
      group: 'Glass',
    });
    expect(coverExclusionOf({ name: 'Ceramic bowls' })?.covered).toBe('nothing');
    expect(coverExclusionOf({ name: 'Souvenir', commodityCode: '69120000' })?.group).toBe(
      'Pottery, ceramics, tiles and stoneware',
    );
    expect(coverExclusionOf({ name: 'Computer monitor' })?.covered).toBe('nothing');
    expect(coverExclusionOf({ name: 'Face cream' })?.covered).toBe('nothing');
    expect(coverExclusionOf({ name: 'Reading glasses' })).toBeUndefined();
  });

  it('names goods covered only to the included £50', () => {
    expect(coverExclusionOf({ name: 'Gold watch' })).toEqual({
      covered: 'included-only',
      group: 'Jewellery and watches',
    });
    expect(coverExclusionOf({ name: 'Laptop' })?.covered).toBe('included-only');
  });

  it('leaves ordinary goods and flat-packed furniture alone', () => {
    expect(coverExclusionOf({ name: 'Wool jumpers', commodityCode: '61100000' })).toBeUndefined();
    expect(coverExclusionOf({ name: 'Books' })).toBeUndefined();
    expect(coverExclusionOf({ name: 'Flat-pack bookcase' })).toBeUndefined();
    expect(coverExclusionOf({ name: 'Bookcase' })?.covered).toBe('nothing');
  });

  it('says what the item is covered for', () => {
    expect(coverExclusionText({ covered: 'nothing', group: 'Glass' })).toMatch(/^Not covered/);
    expect(coverExclusionText({ covered: 'included-only', group: 'Collectibles' })).toMatch(
      /^Covered only by the included £50/,
    );
  });
});
