import { describe, expect, it } from 'vitest';
import { formatPence } from './money.js';

describe('formatPence', () => {
  it('formats integer pence as pounds', () => {
    expect(formatPence(4899)).toBe('£48.99');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(123456)).toBe('£1,234.56');
    expect(formatPence(-250)).toBe('-£2.50');
  });

  it('refuses fractions of a penny', () => {
    expect(() => formatPence(10.5)).toThrow(RangeError);
  });
});
