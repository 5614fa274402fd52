import { describe, expect, it } from 'vitest';
import { parseRefundAmount, REFUND_MESSAGES } from './refunds.js';

describe('parseRefundAmount', () => {
  it('reads pounds as typed into pence, up to what is left', () => {
    expect(parseRefundAmount('12.5', 7799)).toEqual({ pence: 1250 });
    expect(parseRefundAmount(' £77.99 ', 7799)).toEqual({ pence: 7799 });
    expect(parseRefundAmount('1,000', 200_000)).toEqual({ pence: 100_000 });
    expect(parseRefundAmount('7', 7799)).toEqual({ pence: 700 });
  });

  it('refuses what is not a positive amount of whole pence within the remainder', () => {
    expect(parseRefundAmount('', 100)).toEqual({ error: REFUND_MESSAGES.notANumber });
    expect(parseRefundAmount('ten', 100)).toEqual({ error: REFUND_MESSAGES.notANumber });
    expect(parseRefundAmount('0.00', 100)).toEqual({ error: REFUND_MESSAGES.notPositive });
    expect(parseRefundAmount('-1', 100)).toEqual({ error: REFUND_MESSAGES.notPositive });
    expect(parseRefundAmount('0.005', 100)).toEqual({ error: REFUND_MESSAGES.tooManyDecimals });
    expect(parseRefundAmount('1.01', 100)).toEqual({
      error: 'At most £1.00 is left to refund on this payment',
    });
    expect(parseRefundAmount('99999999999', 100)).toEqual({ error: REFUND_MESSAGES.tooMuch(100) });
    expect(parseRefundAmount('1', 0)).toEqual({ error: REFUND_MESSAGES.nothingLeft });
  });

  it('never reads a comma as pence: "1,00" is refused, not £100', () => {
    for (const typed of ['1,00', '12,5', '0,99']) {
      expect(parseRefundAmount(typed, 200_000), typed).toEqual({
        error: REFUND_MESSAGES.commaForPence,
      });
    }
    for (const typed of ['1,0000', ',100', '1,,000', '12,50.00', '1 000']) {
      expect(parseRefundAmount(typed, 200_000), typed).toEqual({
        error: REFUND_MESSAGES.notANumber,
      });
    }
    expect(parseRefundAmount('1,250.50', 200_000)).toEqual({ pence: 125_050 });
  });
});
