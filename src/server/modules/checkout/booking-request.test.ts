import { describe, expect, it } from 'vitest';
import { consignmentSummary } from './booking-request.js';

describe('consignmentSummary', () => {
  it('names each declared item once, in declaration order', () => {
    expect(
      consignmentSummary([
        { name: 'Books' },
        { name: ' Jumper ' },
        { name: 'books' },
        { name: 'Mug' },
      ]),
    ).toBe('Books, Jumper, Mug');
  });

  it('stays within 100 characters', () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ name: `Item number ${i}` }));
    const summary = consignmentSummary(items);
    expect(summary).toHaveLength(100);
    expect(summary.endsWith('…')).toBe(true);
  });
});
