import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  CLAIM_RULES,
  CLAIM_STATE_REGISTRY,
  CLAIM_STATES,
  CLAIM_TARGET_TIMES,
  claimAmount,
  claimEligibility,
  claimItemsProblem,
  claimTransitionProblem,
  DAMAGE_CLAIM_DAYS,
  LOST_AFTER_WORKING_DAYS,
  type ClaimTimeline,
} from './claims.js';

describe('when a claim can be made', () => {
  // Expected on Tuesday 1 December 2026; ten working days later is Tuesday 15 December.
  const box: ClaimTimeline = {
    today: '2026-12-14',
    expectedDelivery: '2026-12-01',
    lastMovement: '2026-11-27',
    deliveredOn: null,
    courierSaysLost: false,
  };

  it('counts a box lost after ten working days with no movement past its expected delivery', () => {
    expect(LOST_AFTER_WORKING_DAYS).toBe(10);
    expect(claimEligibility('lost', box)).toEqual({
      eligible: false,
      rule: 'lost-too-soon',
      reason: CLAIM_RULES['lost-too-soon'],
      from: '2026-12-15',
    });
    expect(claimEligibility('lost', { ...box, today: '2026-12-15' })).toEqual({ eligible: true });
  });

  it('counts from a movement after the expected date, and skips bank holidays', () => {
    // Moved on Thursday 10 December: quiet from then, ten working days is Thursday 24 December.
    const moved = { ...box, today: '2026-12-23', lastMovement: '2026-12-10' };
    expect(claimEligibility('lost', moved)).toMatchObject({ eligible: false, from: '2026-12-24' });
    // With Christmas Day and Boxing Day (observed on Monday 28) as holidays.
    const holidays = new Set(['2026-12-25', '2026-12-28']);
    const holidayOn = (date: string) => (holidays.has(date) ? 'holiday' : undefined);
    expect(addWorkingDays('2026-12-24', 2, holidayOn)).toBe('2026-12-30');
    expect(
      claimEligibility('lost', { ...box, expectedDelivery: '2026-12-22' }, holidayOn),
    ).toMatchObject({ from: '2027-01-07' });
  });

  it('takes the courier’s word that a box is lost, at once, but never for a delivered box', () => {
    expect(
      claimEligibility('lost', { ...box, today: '2026-12-02', courierSaysLost: true }),
    ).toEqual({
      eligible: true,
    });
    expect(claimEligibility('lost', { ...box, expectedDelivery: null })).toMatchObject({
      eligible: false,
      rule: 'lost-too-soon',
      from: null,
    });
    expect(
      claimEligibility('lost', { ...box, today: '2027-01-30', deliveredOn: '2026-12-03' }),
    ).toMatchObject({ eligible: false, rule: 'lost-but-delivered' });
  });

  it('takes a damage claim from delivery to fourteen days after it', () => {
    expect(DAMAGE_CLAIM_DAYS).toBe(14);
    const delivered = { ...box, deliveredOn: '2026-12-03' };
    expect(claimEligibility('damaged', { ...delivered, today: '2026-12-03' }).eligible).toBe(true);
    expect(claimEligibility('damaged', { ...delivered, today: '2026-12-17' }).eligible).toBe(true);
    expect(claimEligibility('damaged', { ...delivered, today: '2026-12-18' })).toEqual({
      eligible: false,
      rule: 'damage-too-late',
      reason: 'A claim for damage must be made within 14 days of delivery.',
      from: null,
    });
    expect(claimEligibility('damaged', box)).toMatchObject({ rule: 'damage-not-delivered' });
  });
});

describe('what a claim pays', () => {
  // The order: a laptop (£450, the included £50 only), a glass vase (£60, nothing), four
  // jumpers at £60 and a coat at £200; £600 of cover in force.
  const declared = [
    { id: 'laptop', name: 'Laptop', numberOfUnits: 1, unitValuePence: 45_000 },
    { id: 'vase', name: 'Glass vase', numberOfUnits: 1, unitValuePence: 6_000 },
    { id: 'jumpers', name: 'Wool jumper', numberOfUnits: 4, unitValuePence: 6_000 },
    { id: 'coat', name: 'Coat', numberOfUnits: 1, unitValuePence: 20_000 },
  ];
  const nothingPaid = { totalPence: 0, includedOnlyPence: 0 };
  const base = { declared, coverPence: 60_000, includedPence: 5_000, alreadyPaid: nothingPaid };

  it('pays each item’s declared value, the excluded at £0 with their reason, the included-only capped', () => {
    const amount = claimAmount({
      ...base,
      chosen: [{ itemId: 'laptop' }, { itemId: 'vase' }, { itemId: 'jumpers', units: 2 }],
    });
    expect(amount.lines).toEqual([
      {
        itemId: 'laptop',
        name: 'Laptop',
        units: 1,
        declaredPence: 45_000,
        payablePence: 5_000,
        excluded: {
          covered: 'included-only',
          group: 'Electronic devices (covered as new goods only)',
          reason:
            'Covered only by the included £50 (Electronic devices (covered as new goods only)): extra cover does not pay for it',
        },
      },
      {
        itemId: 'vase',
        name: 'Glass vase',
        units: 1,
        declaredPence: 6_000,
        payablePence: 0,
        excluded: {
          covered: 'nothing',
          group: 'Glass',
          reason: 'Not covered (Glass): the courier pays nothing if it is lost or damaged',
        },
      },
      {
        itemId: 'jumpers',
        name: 'Wool jumper',
        units: 2,
        declaredPence: 12_000,
        payablePence: 12_000,
        excluded: null,
      },
    ]);
    expect(amount).toMatchObject({
      itemsPence: 17_000,
      coverLeftPence: 60_000,
      payablePence: 17_000,
      cappedBy: null,
    });
  });

  it('pays at most the cover in force less what the order’s claims were already paid', () => {
    const everything = declared.map((d) => ({ itemId: d.id }));
    // £240 + £200 + the laptop's £50 = £490 claimed; £600 of cover, £300 already paid.
    const amount = claimAmount({
      ...base,
      chosen: everything,
      alreadyPaid: { totalPence: 30_000, includedOnlyPence: 0 },
    });
    expect(amount).toMatchObject({
      itemsPence: 49_000,
      coverLeftPence: 30_000,
      payablePence: 30_000,
      cappedBy: 'over-cover',
    });
    // The included £50 already paid on an earlier claim for the laptop: nothing more for it.
    const again = claimAmount({
      ...base,
      chosen: [{ itemId: 'laptop' }],
      alreadyPaid: { totalPence: 5_000, includedOnlyPence: 5_000 },
    });
    expect(again.payablePence).toBe(0);
    // With the included cover only in force, £50 at most, whatever is claimed.
    expect(claimAmount({ ...base, coverPence: 5_000, chosen: everything }).payablePence).toBe(
      5_000,
    );
  });

  it('takes only items of the declaration, each once, in the units declared', () => {
    expect(claimItemsProblem(declared, [])).toBe('Choose the items you are claiming for.');
    expect(claimItemsProblem(declared, [{ itemId: 'piano' }])).toBe(
      'Choose items from the ones you declared for this order.',
    );
    expect(claimItemsProblem(declared, [{ itemId: 'coat' }, { itemId: 'coat' }])).toBe(
      'Coat is chosen twice: choose it once.',
    );
    expect(claimItemsProblem(declared, [{ itemId: 'jumpers', units: 5 }])).toBe(
      'Choose from 1 to 4 of Wool jumper.',
    );
    expect(claimItemsProblem(declared, [{ itemId: 'jumpers', units: 0 }])).toBeDefined();
    expect(() => claimAmount({ ...base, chosen: [{ itemId: 'piano' }] })).toThrow(
      'Choose items from the ones you declared',
    );
  });
});

describe('a claim’s states', () => {
  it('runs submitted → with the courier → more information → approved or declined → paid', () => {
    expect(CLAIM_STATES).toEqual([
      'submitted',
      'with_courier',
      'more_info_needed',
      'approved',
      'declined',
      'paid',
    ]);
    for (const state of CLAIM_STATES) {
      const record = CLAIM_STATE_REGISTRY[state];
      // A final state goes nowhere and has no target time; every other state has both.
      expect(record.final, state).toBe(record.next.length === 0);
      expect(record.targetTime === null, state).toBe(record.final);
      if (record.targetTime) expect(CLAIM_TARGET_TIMES[record.targetTime]).toBeGreaterThan(0);
    }
    expect(CLAIM_STATE_REGISTRY.submitted.sentence).toBe(
      'We have your claim and will look at it within 2 working days.',
    );
  });

  it('allows only the registry’s moves', () => {
    expect(claimTransitionProblem('submitted', 'with_courier')).toBeUndefined();
    expect(claimTransitionProblem('more_info_needed', 'submitted')).toBeUndefined();
    expect(claimTransitionProblem('submitted', 'paid')).toBe(
      'A claim that is submitted cannot become paid.',
    );
    expect(claimTransitionProblem('declined', 'approved')).toBeDefined();
    expect(claimTransitionProblem('paid', 'submitted')).toBeDefined();
  });

  it('approves in full or in part with an amount and a reason, declines with a reason and a rule', () => {
    const approve = (extent: 'full' | 'part', amountPence: number, reason = 'Photos show it') =>
      claimTransitionProblem(
        'with_courier',
        'approved',
        { state: 'approved', extent, amountPence, reason },
        17_000,
      );
    expect(approve('full', 17_000)).toBeUndefined();
    expect(approve('full', 16_000)).toBe('A claim approved in full pays what it can pay, £170.');
    expect(approve('part', 8_000)).toBeUndefined();
    expect(approve('part', 17_000)).toBe('A claim approved in part pays less than £170.');
    expect(approve('part', 0)).toBe('An approved claim pays an amount of more than £0.');
    expect(approve('full', 17_000, '  ')).toBe('Say why the claim is approved.');
    expect(
      claimTransitionProblem('submitted', 'approved', {
        state: 'approved',
        extent: 'full',
        amountPence: 17_000,
        reason: 'Photos show it',
      }),
    ).toBe('Work out what the claim can pay before approving it.');
    expect(claimTransitionProblem('with_courier', 'approved')).toBe(
      'Say why the claim is approved.',
    );
    expect(
      claimTransitionProblem('submitted', 'declined', {
        state: 'declined',
        rule: 'damage-too-late',
        reason: 'Claimed 20 days after delivery',
      }),
    ).toBeUndefined();
    expect(claimTransitionProblem('submitted', 'declined')).toBe('Say why the claim is declined.');
    expect(claimTransitionProblem('approved', 'paid')).toBeUndefined();
  });
});
