import { describe, expect, it } from 'vitest';
import { COLLECTION_HOURS } from './collection-calendar.js';
import {
  boxesText,
  COLLECTION_WINDOW_TEXT,
  countryInSentence,
  formatPaidAt,
  purchaseDescription,
} from './receipt.js';

describe('receipt wording', () => {
  it('says the one collection window', () => {
    expect(COLLECTION_WINDOW_TEXT).toBe(
      `between ${COLLECTION_HOURS.from} and ${COLLECTION_HOURS.to}`,
    );
    expect(COLLECTION_WINDOW_TEXT).toBe('between 9:00am and 5:30pm');
  });

  it('counts boxes in words, large first', () => {
    expect(boxesText({ small: 1, large: 0 })).toBe('1 small box');
    expect(boxesText({ small: 0, large: 2 })).toBe('2 large boxes');
    expect(boxesText({ small: 3, large: 1 })).toBe('1 large box and 3 small boxes');
  });

  it('names countries as they read in a sentence', () => {
    expect(countryInSentence(231)).toBe('the United Kingdom'); // a UK collection region
    expect(countryInSentence(154)).toBe('the Netherlands');
    expect(countryInSentence(232)).toBe('the United States');
    expect(countryInSentence(73)).toBe('France');
  });

  it('describes what was paid for', () => {
    expect(
      purchaseDescription({
        service: 'Economy',
        smallBoxes: 2,
        largeBoxes: 1,
        collectionCountryId: 231,
        destinationCountryId: 80,
      }),
    ).toBe(
      'Economy collection of 1 large box and 2 small boxes from the United Kingdom to Germany',
    );
  });

  it('gives the time paid in UK time', () => {
    expect(formatPaidAt('2026-11-23T09:05:00Z')).toBe('23 November 2026, 09:05');
    expect(formatPaidAt(new Date('2026-06-30T23:10:00Z'))).toBe('1 July 2026, 00:10');
  });
});
