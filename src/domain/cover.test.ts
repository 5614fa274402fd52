import { describe, expect, it } from 'vitest';
import { coverExclusionOf, coverExclusionText } from './cover-exclusions.js';
import {
  coverPricePence,
  coverProblem,
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
    expect(coverProblem(60_000, 60_000, settings)).toBeUndefined();
    expect(coverProblem(60_001, 60_000, settings)).toMatch(/more than the value of the items/);
    expect(coverProblem(200_001, 500_000, settings)).toBe('Cover is at most £2,000 per shipment');
    expect(coverProblem(4_999, 60_000, settings)).toMatch(/starts at the £50 included/);
  });

  it('always allows the included cover, even for goods worth less', () => {
    expect(coverProblem(5_000, 1_000, settings)).toBeUndefined();
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
