import { describe, expect, it } from 'vitest';
import {
  parseRefundAmount,
  REFUND_MESSAGES,
  refundEmailParagraphs,
  refundedPence,
  refundLeftPence,
  refundStateWords,
  summarisePayment,
} from './refunds.js';

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

describe('what is left, and what came back', () => {
  const refunds = [
    { status: 'succeeded', amountPence: 1000 },
    { status: 'pending', amountPence: 200 },
    { status: 'needs_action', amountPence: 300 },
    { status: 'refunded_outside', amountPence: 400 },
    { status: 'failed', amountPence: 5000 },
  ] as const;

  it('counts every refund whose money may have gone against what is left; a failed one gives it back', () => {
    expect(refundLeftPence(14_999, refunds)).toBe(14_999 - 1900);
    expect(refundLeftPence(1000, refunds)).toBe(0);
  });

  it('counts only refunds sent or made by other means as refunded', () => {
    expect(refundedPence(refunds)).toBe(1400);
  });
});

describe('refundStateWords', () => {
  const settledAt = '2026-11-26T15:00:00Z';
  it('says each state in the customer’s words, with the card ending when given', () => {
    expect(refundStateWords({ status: 'succeeded', settledAt }, '4242')).toBe(
      'Refund sent to your card ending 4242 on 26 Nov; banks take up to 5 working days to show it',
    );
    expect(refundStateWords({ status: 'succeeded', settledAt }, null)).toBe(
      'Refund sent to your card on 26 Nov; banks take up to 5 working days to show it',
    );
    expect(refundStateWords({ status: 'pending', settledAt: null }, '4242')).toBe(
      'Refund being processed',
    );
    expect(refundStateWords({ status: 'needs_action', settledAt: null }, '4242')).toBe(
      'Refund delayed: we are looking into it',
    );
    expect(refundStateWords({ status: 'refunded_outside', settledAt }, '4242')).toBe(
      'Refunded by other means on 26 Nov',
    );
    expect(refundStateWords({ status: 'failed', settledAt }, '4242')).toBe(
      'Refund failed: we will contact you',
    );
  });

  it('dates a refund by the UK day (just after midnight in summer is the next day)', () => {
    expect(
      refundStateWords({ status: 'refunded_outside', settledAt: '2026-06-30T23:30:00Z' }, null),
    ).toBe('Refunded by other means on 1 Jul');
  });
});

describe('summarisePayment', () => {
  const paid = { amountPence: 14_999, paidAt: '2026-11-23T10:00:00Z', cardLast4: '4242' };
  const refunds = [
    {
      status: 'succeeded' as const,
      amountPence: 2000,
      askedAt: '2026-11-26T10:00:00Z',
      settledAt: '2026-11-26T10:01:00Z',
    },
    {
      status: 'pending' as const,
      amountPence: 500,
      askedAt: '2026-11-26T11:00:00Z',
      settledAt: null,
    },
  ];

  it('gives what was paid, each refund with its words, what came back and the net', () => {
    expect(summarisePayment(paid, refunds, true)).toEqual({
      paid: {
        ...paid,
        parts: [
          {
            what: 'booking',
            amountPence: 14_999,
            paidAt: paid.paidAt,
            words: 'Your booking, paid on 23 Nov',
          },
        ],
      },
      refunds: [
        {
          amountPence: 2000,
          askedAt: '2026-11-26T10:00:00Z',
          settledAt: '2026-11-26T10:01:00Z',
          state: 'succeeded',
          words:
            'Refund sent to your card ending 4242 on 26 Nov; banks take up to 5 working days to show it',
        },
        {
          amountPence: 500,
          askedAt: '2026-11-26T11:00:00Z',
          settledAt: null,
          state: 'pending',
          words: 'Refund being processed',
        },
      ],
      refundedPence: 2000,
      netPence: 12_999,
    });
  });

  it('lists more cover bought after booking as a payment of its own, counted in what was paid', () => {
    const summary = summarisePayment(
      {
        amountPence: 15_079,
        paidAt: paid.paidAt,
        cardLast4: '4242',
        parts: [
          { what: 'booking', amountPence: 14_999, paidAt: paid.paidAt },
          { what: 'cover', amountPence: 80, paidAt: '2026-11-24T16:00:00Z' },
        ],
      },
      [],
      true,
    );
    expect(summary.paid.parts.map((p) => p.words)).toEqual([
      'Your booking, paid on 23 Nov',
      'More cover, bought on 24 Nov',
    ]);
    expect(summary.netPence).toBe(15_079);
  });

  it('names each part’s card, and each refund’s, when more cover was paid with another card', () => {
    const parts = [
      { what: 'booking' as const, amountPence: 14_999, paidAt: paid.paidAt },
      {
        what: 'cover' as const,
        amountPence: 80,
        paidAt: '2026-11-24T16:00:00Z',
        cardLast4: '3184',
      },
    ];
    const refund = {
      status: 'succeeded' as const,
      amountPence: 80,
      askedAt: '2026-11-26T10:00:00Z',
      settledAt: '2026-11-26T10:01:00Z',
    };
    const summary = summarisePayment(
      { amountPence: 15_079, paidAt: paid.paidAt, cardLast4: '4242', parts },
      [refund, { ...refund, cardLast4: '3184' }],
      true,
    );
    expect(summary.paid.cardLast4).toBeNull();
    expect(summary.paid.parts.map((p) => p.words)).toEqual([
      'Your booking, paid on 23 Nov by card ending 4242',
      'More cover, bought on 24 Nov by card ending 3184',
    ]);
    expect(summary.refunds.map((r) => r.words.split(' on ')[0])).toEqual([
      'Refund sent to your card ending 4242',
      'Refund sent to your card ending 3184',
    ]);
    // The same card for both: named once, on the whole.
    const same = summarisePayment(
      {
        amountPence: 15_079,
        paidAt: paid.paidAt,
        cardLast4: '4242',
        parts: [parts[0]!, { ...parts[1]!, cardLast4: '4242' }],
      },
      [],
      true,
    );
    expect(same.paid.cardLast4).toBe('4242');
    expect(same.paid.parts.map((p) => p.words)).toEqual([
      'Your booking, paid on 23 Nov',
      'More cover, bought on 24 Nov',
    ]);
    // Never a digit on the tracking page.
    expect(
      JSON.stringify(summarisePayment({ ...paid, amountPence: 15_079, parts }, [], false)),
    ).not.toMatch(/3184|4242/);
  });

  it('never carries the card’s digits when told not to (the tracking page)', () => {
    const summary = summarisePayment(paid, refunds, false);
    expect(summary.paid.cardLast4).toBeNull();
    expect(JSON.stringify(summary)).not.toContain('4242');
  });
});

describe('refundEmailParagraphs', () => {
  const base = {
    reference: 'BA-ABCDEFGH',
    cardLast4: '4242',
    settledAt: '2026-11-26T15:00:00Z',
    paidPence: 14_999,
  };
  it('a part refund says the amount, the card, the day, the banks’ delay and the net paid', () => {
    expect(refundEmailParagraphs({ ...base, amountPence: 2000, refundedInAllPence: 2000 })).toEqual(
      [
        'We have refunded £20.00 to your card ending 4242 on 26 Nov for booking BA-ABCDEFGH; banks take up to 5 working days to show it.',
        'In all we have refunded £20.00 of the £149.99 you paid, so you have paid £129.99 net.',
      ],
    );
  });
  it('the last refund says it is the whole; without the digits it says “your card”', () => {
    expect(
      refundEmailParagraphs({
        ...base,
        cardLast4: null,
        amountPence: 12_999,
        refundedInAllPence: 14_999,
      }),
    ).toEqual([
      'We have refunded £129.99 to your card on 26 Nov for booking BA-ABCDEFGH; banks take up to 5 working days to show it.',
      'That is the whole of the £149.99 you paid.',
    ]);
  });
});
