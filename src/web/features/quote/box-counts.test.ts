import { describe, expect, it } from 'vitest';
import { addBox, NO_BOXES, removeBox, totalBoxes } from './box-counts.js';

describe('box counters', () => {
  it('plus and minus change one type and the total by one', () => {
    const one = addBox(NO_BOXES, 'small');
    expect(one).toEqual({ small: 1, large: 0 });
    const two = addBox(one, 'large');
    expect(two).toEqual({ small: 1, large: 1 });
    expect(totalBoxes(two)).toBe(2);
    expect(removeBox(two, 'small')).toEqual({ small: 0, large: 1 });
  });

  it('stops at 5 boxes in total', () => {
    let counts = NO_BOXES;
    for (let i = 0; i < 3; i += 1) counts = addBox(counts, 'small');
    for (let i = 0; i < 4; i += 1) counts = addBox(counts, 'large');
    expect(counts).toEqual({ small: 3, large: 2 });
    expect(addBox(counts, 'small')).toBe(counts);
  });

  it('never goes below 0', () => {
    expect(removeBox(NO_BOXES, 'large')).toBe(NO_BOXES);
    expect(removeBox({ small: 2, large: 0 }, 'large')).toEqual({ small: 2, large: 0 });
  });
});
