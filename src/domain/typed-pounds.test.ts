import { describe, expect, it } from 'vitest';
import { readPounds } from './typed-pounds.js';

describe('readPounds', () => {
  it.each([
    ['12.50', 1250],
    ['£7', 700],
    [' £ 1,250 ', 125_000],
    ['12,345,678.9', 1_234_567_890],
    ['.5', 50],
    ['3.', 300],
    ['0.01', 1],
  ])('reads "%s" as %i pence', (typed, pence) => expect(readPounds(typed)).toEqual({ pence }));

  it.each([
    ['1,00', 'commaForPence'],
    ['12,5', 'commaForPence'],
    ['1,0000', 'notANumber'],
    ['1,2,3', 'notANumber'],
    ['', 'notANumber'],
    ['.', 'notANumber'],
    ['1e3', 'notANumber'],
    ['0x10', 'notANumber'],
    ['12.345', 'tooManyDecimals'],
    ['0', 'notPositive'],
    ['-4', 'notPositive'],
    ['1234567890', 'tooLarge'],
  ])('refuses "%s" (%s)', (typed, problem) => expect(readPounds(typed)).toEqual({ problem }));
});
