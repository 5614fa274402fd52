import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingChanges } from '#src/domain/api/booking-changes.js';
import { BOOKING_CHANGE_MESSAGES } from '#src/domain/booking-changes.js';
import { coverLimits } from '#src/domain/cover.js';
import { BOOKED_VIEW as view } from './booking-changes.fixture.js';
import { checkAmount, confirmed, outcomeOf, RaiseCover } from './raise-cover.js';

const CHANGE_ID = '0b6f3a52-2f7e-4a36-9a43-6f1d2b0c9e11';

const render = (v: BookingChanges) =>
  renderToStaticMarkup(
    <RaiseCover view={v} collectionAddress={null} onView={() => {}} onSettled={() => {}} />,
  );

describe('RaiseCover (the cover part of "Cancel or change this booking")', () => {
  it('shows the cover in force and offers the most this shipment can have, priced as the server charges it', () => {
    const html = render(view);
    expect(html).toContain('Your shipment is covered to £50, included.');
    expect(html).toContain('<label class="field__label" for="cover-amount">Raise your cover to');
    expect(html).toContain('value="600"');
    expect(html).toContain('This costs <strong>£11.00</strong> more: 2% of the cover above £50.');
    expect(html).toContain('>Continue to payment</button>');
  });

  it('lists the items the cover leaves out, and offers no more than the goods it pays for', () => {
    // A laptop (£450), a glass vase (£60) and two jumpers (£60 each), as the server counts them.
    const item = (id: string, name: string, numberOfUnits: number, pounds: number) => ({
      id,
      name,
      numberOfUnits,
      unitValuePence: pounds * 100,
    });
    const limits = coverLimits(
      [
        item('laptop', 'Laptop', 1, 450),
        item('vase', 'Glass vase', 1, 60),
        item('j', 'Jumper', 2, 60),
      ],
      view.cover.settings,
    );
    const html = render({ ...view, cover: { ...view.cover, ...limits } });
    expect(html).toContain('The cover does not pay in full for:');
    expect(html).toContain(
      '<li><strong>Laptop</strong> (£450): Covered only by the included £50 (Electronic devices (covered as new goods only)): extra cover does not pay for it; £50 of it counted</li>',
    );
    expect(html).toContain(
      '<li><strong>Glass vase</strong> (£60): Not covered (Glass): the courier pays nothing if it is lost or damaged</li>',
    );
    expect(html).toContain(
      'Up to £170: the value of the goods the cover pays for (£170 of the £630 you declared), at most £2,000 per shipment.',
    );
    expect(html).toContain('value="170"');
  });

  it('offers a raise that costs nothing (cover sold at 0 %) without a card step', () => {
    const settings = { ...view.cover.settings, percentBasisPoints: 0 };
    const html = render({ ...view, cover: { ...view.cover, settings } });
    expect(html).toContain('This costs nothing more.');
    expect(html).toContain('>Raise my cover</button>');
    expect(html).not.toContain('Continue to payment');
  });

  it('follows a raise the courier is being asked for, with no form meanwhile', () => {
    const html = render({
      ...view,
      cover: {
        ...view.cover,
        allowed: false,
        pending: { changeId: CHANGE_ID, status: 'pending', coverPence: 60_000, pricePence: 1_100 },
      },
    });
    expect(html).toContain('Raising your cover to £600…');
    expect(html).not.toContain('Continue to payment');
  });

  it('offers to pay for a raise still waiting for its card', () => {
    const html = render({
      ...view,
      cover: {
        ...view.cover,
        pending: {
          changeId: CHANGE_ID,
          status: 'awaiting_payment',
          coverPence: 30_000,
          pricePence: 500,
        },
      },
    });
    expect(html).toContain('You chose to raise your cover to £300 and have not paid for it yet');
    expect(html).toContain('value="300"');
  });

  it('says why not when the cover can no longer be raised, once', () => {
    const collected = { ...view, cancel: { allowed: false, reason: 'Collected.' } };
    const atMost = BOOKING_CHANGE_MESSAGES.coverAtMost('£600');
    const reason = (r: string) => ({ ...view.cover, allowed: false, reason: r });
    expect(render({ ...view, cover: reason(atMost) })).toContain(atMost);
    // The section says it already (the cancellation's reason).
    expect(render({ ...collected, cover: reason('Collected.') })).not.toContain('Collected.');
  });
});

describe('checkAmount', () => {
  it('refuses in the server’s words: not an amount, outside the settings, not above the cover in force', () => {
    const cover = { ...view.cover, coverPence: 20_000 };
    expect(checkAmount('lots', cover)).toEqual({
      problem: 'Enter the cover you want in pounds, like 600',
    });
    expect(checkAmount('700', cover)).toEqual({
      problem: 'Cover cannot be more than the value of the items you declared (£600)',
    });
    expect(checkAmount('200', cover)).toEqual({
      problem: BOOKING_CHANGE_MESSAGES.coverNotHigher('£200'),
    });
    expect(checkAmount('£450.50', cover)).toEqual({ pence: 45_050 });
    // As the server refuses it when the cover leaves goods out.
    const limited = { ...cover, coveredValuePence: 17_000, maxCoverPence: 17_000 };
    expect(checkAmount('171', limited)).toEqual({
      problem:
        'Cover cannot be more than the value of the goods the cover pays for (£170 of the £600 you declared)',
    });
  });
});

describe('outcomeOf', () => {
  const raise = { changeId: CHANGE_ID, coverPence: 60_000, pricePence: 1_100 };
  const change = (status: BookingChanges['changes'][number]['status']) => ({
    id: CHANGE_ID,
    kind: 'cover' as const,
    status,
    by: 'customer' as const,
    byEmail: null,
    summary: 'Cover raised',
    courierAnswer: null,
    at: '2026-11-26T18:00:00.000Z',
    updatedAt: '2026-11-26T18:00:00.000Z',
  });

  it('says the new cover and what was charged, or why nothing changed', () => {
    expect(outcomeOf({ ...view, changes: [change('done')] }, raise)).toEqual({
      ok: true,
      text: 'Your cover is now £600. We charged £11.00 to your card.',
    });
    expect(outcomeOf({ ...view, changes: [change('refused')] }, raise)).toEqual({
      ok: false,
      text: BOOKING_CHANGE_MESSAGES.courierRefusedCover,
    });
    expect(outcomeOf({ ...view, changes: [change('failed')] }, raise).text).toContain(
      'We could not reach the courier, so your cover has not changed.',
    );
    expect(outcomeOf({ ...view, changes: [change('cancelled')] }, raise)).toEqual({
      ok: false,
      text: BOOKING_CHANGE_MESSAGES.coverPaymentFailed,
    });
  });

  it('speaks of no card for a raise that cost nothing', () => {
    const free = { ...raise, pricePence: 0 };
    expect(outcomeOf({ ...view, changes: [change('done')] }, free)).toEqual({
      ok: true,
      text: 'Your cover is now £600. It cost nothing more.',
    });
    const M = BOOKING_CHANGE_MESSAGES;
    for (const [status, text] of [
      ['refused', M.courierRefusedFreeCover],
      ['failed', M.courierUnreachableFreeCover],
    ] as const) {
      expect(outcomeOf({ ...view, changes: [change(status)] }, free)).toEqual({ ok: false, text });
      expect(text).not.toContain('card');
    }
  });
});

describe('confirmed (after the card step)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const raise = {
    changeId: CHANGE_ID,
    coverPence: 60_000,
    pricePence: 1_100,
    payment: {
      paymentId: 'p1',
      provider: 'sandbox' as const,
      clientSecret: 'secret',
      amountPence: 1_100,
      status: 'requires_payment_method',
      error: null,
    },
  };
  /** The confirm call's answer lost (503), then the booking's changes as given. */
  const lostThen = (changes: BookingChanges) =>
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url.endsWith('/confirmation')
            ? Response.json(
                { error: { code: 'UNAVAILABLE', message: 'Try again in a moment.' } },
                { status: 503 },
              )
            : Response.json(changes),
        ),
      ),
    );

  const raiseIn = (status: 'pending' | 'awaiting_payment') => ({
    changeId: CHANGE_ID,
    status,
    coverPence: 60_000,
    pricePence: 1_100,
  });

  it('follows a raise the server carried on with when the answer was lost', async () => {
    const pending = raiseIn('pending');
    lostThen({ ...view, cover: { ...view.cover, allowed: false, pending } });
    expect((await confirmed('order-1', raise)).cover.pending).toEqual(pending);
  });

  it('gives the error when the raise still waits for its card', async () => {
    lostThen({ ...view, cover: { ...view.cover, pending: raiseIn('awaiting_payment') } });
    await expect(confirmed('order-1', raise)).rejects.toMatchObject({ status: 503 });
  });
});
