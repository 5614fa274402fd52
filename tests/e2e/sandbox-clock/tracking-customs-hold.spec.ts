import { expect, test } from '@playwright/test';
import { londonAt } from '#src/domain/london-time.js';
import { CUSTOMS_REASON } from '#src/server/providers/courier/simulator/tracking.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { bookedOrder } from '../support/checkout.js';
import { courierControl } from '../support/courier.js';
import {
  countMail,
  courierReferenceOf,
  expectBoxes,
  journeyOf,
  mailSubjects,
  moveClockTo,
  polledSince,
  trackingOf,
  trackingToken,
} from '../support/tracking.js';

// The site's clock is moved days forward (playwright.config.ts, the sandbox-clock project).

test('customs hold one box of two: the page says why and what the recipient does, and the order is not delivered while that box is held', async ({
  page,
}) => {
  const order = await bookedOrder(page, { smallBoxes: 2 });
  await courierControl({
    scenario: { order: await courierReferenceOf(page, order), name: 'customs_hold', parcel: 2 },
  });
  const token = await trackingToken(page, order.reference);
  const trackPath = `/track/${encodeURIComponent(token)}`;
  const journey = await journeyOf(page, order, await trackingOf(page, token));
  const boxes = page.getByRole('region', { name: 'Your 2 boxes' });
  const nextStep =
    'The recipient should send the courier’s clearance team what customs ask for, usually a copy of their passport or ID';

  // The morning both arrived: box 2 is held by customs (06:54), box 1 is on its way.
  const held = londonAt(journey.arrival, '07:00');
  await moveClockTo(page, held);
  expect((await polledSince(page, token, held)).status).toBe('customs_hold');
  await page.goto(trackPath);
  const status = page.getByRole('region', { name: 'Status: Held by customs', exact: true });
  await expect(status).toContainText(`Reason given: Box 2 of 2: ${CUSTOMS_REASON}`);
  await expect(status).toContainText(`What to do now: ${nextStep}`);
  await expectBoxes(boxes, [
    { status: 'In transit', latest: 'Arrived in France', events: 5 },
    { status: 'Held by customs', latest: 'Held by customs', reason: CUSTOMS_REASON, events: 6 },
  ]);
  await expectNoAxeViolations(page, 'with a box held by customs');
  const emailed = `Action needed: customs are holding a box (booking ${order.reference})`;
  expect(await countMail(page, [emailed])).toEqual({ [emailed]: 1 });

  // Box 1 delivered on its day, box 2 still held (it is cleared two working days after it
  // arrived): the order is still held by customs, not delivered.
  const oneDelivered = londonAt(journey.delivery, '14:00');
  await moveClockTo(page, oneDelivered);
  const view = await polledSince(page, token, oneDelivered);
  expect(view.boxes.map((b) => b.status)).toEqual(['delivered', 'customs_hold']);
  expect(view.status).toBe('customs_hold');
  await page.goto(trackPath);
  await expect(status).toContainText(`Reason given: Box 2 of 2: ${CUSTOMS_REASON}`);
  await expect(status).toContainText(`What to do now: ${nextStep}`);
  await expectBoxes(boxes, [
    { status: 'Delivered', latest: 'Delivered in Paris, France', events: 7 },
    { status: 'Held by customs', latest: 'Held by customs', reason: CUSTOMS_REASON, events: 6 },
  ]);
  await expect(page.getByRole('heading', { name: 'Status: Delivered' })).toHaveCount(0);
  expect(await countMail(page, [emailed])).toEqual({ [emailed]: 1 });
  expect(await mailSubjects(page)).not.toContain(`Delivered: booking ${order.reference}`);
});
