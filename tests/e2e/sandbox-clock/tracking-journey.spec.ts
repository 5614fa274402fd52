import { expect, test } from '@playwright/test';
import { addDays } from '#src/domain/collection-calendar.js';
import { londonAt } from '#src/domain/london-time.js';
import { signUp, uniqueEmail } from '../support/account.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { bookedOrder } from '../support/checkout.js';
import { openMail } from '../support/mailbox.js';
import { expectNoHorizontalScroll } from '../support/site.js';
import {
  countMail,
  expectBoxes,
  journeyOf,
  moveClockTo,
  polledSince,
  trackingOf,
  type BoxShown,
} from '../support/tracking.js';

// The site's clock is moved days forward (playwright.config.ts, the sandbox-clock project): a
// booking's whole journey, as the courier simulator tells it, in well under a minute.

test('a two-box booking tracked from the evening before collection to its delivery, on the tracking page, the account and by email', async ({
  page,
}) => {
  await signUp(page, 'Ada Lovelace', uniqueEmail('tracked'));
  const order = await bookedOrder(page, { smallBoxes: 2 });

  // Found on /track by its reference and the delivery postcode.
  await page.goto('/track');
  await page.getByRole('textbox', { name: 'Order reference' }).fill(order.reference);
  await page.getByRole('textbox', { name: 'Collection or delivery postcode' }).fill('75001');
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(page).toHaveURL(/^[^?#]*\/track\/[^/?#]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Tracking order ${order.reference}`,
  );
  const trackPath = new URL(page.url()).pathname;
  const token = decodeURIComponent(trackPath.slice('/track/'.length));
  const accountPath = `/account/orders/${order.reference}`;

  const journey = await journeyOf(page, order, await trackingOf(page, token));

  /** Both pages show the order's status and each box's status and history. */
  const expectShown = async (status: string, box: BoxShown) => {
    await page.goto(trackPath);
    await expect(
      page.getByRole('heading', { level: 2, name: `Status: ${status}`, exact: true }),
    ).toBeVisible();
    await expectBoxes(page.getByRole('region', { name: 'Your 2 boxes' }), [box, box]);
    await page.goto(accountPath);
    const tracking = page.getByRole('region', { name: 'Where your boxes are' });
    await expect(
      tracking.getByRole('heading', { level: 3, name: `Status: ${status}`, exact: true }),
    ).toBeVisible();
    await expectBoxes(tracking, [box, box]);
  };

  // 18:05 the evening before the collection day: the reminder has gone; nothing has moved.
  await moveClockTo(page, londonAt(addDays(journey.collectionDate, -1), '18:05'));
  const reminder = `Your collection is tomorrow: booking ${order.reference}`;
  expect(await countMail(page, [reminder])).toEqual({ [reminder]: 1 });
  await expectShown('Booked', {
    status: 'Booked',
    latest: 'Shipment booked; awaiting collection',
    events: 1,
  });
  // The shared page says when to expect the boxes and holds no email settings and no money; the
  // account's order page has the email settings.
  await page.goto(trackPath);
  await expect(page.getByTestId('expected-delivery')).toContainText('(an estimate)');
  await expect(page.getByRole('heading', { name: 'Emails about this booking' })).toHaveCount(0);
  await expect(page.getByTestId('amount-paid')).toHaveCount(0);
  await page.goto(accountPath);
  await expect(page.getByRole('heading', { name: 'Emails about this booking' })).toBeVisible();
  // The reminder's "turn off" link opens that one setting, by its own link.
  const { email } = await openMail(page, reminder);
  const turnOff = await email.getByRole('link', { name: 'Turn them off' }).getAttribute('href');
  expect(turnOff).toMatch(/\/emails\/[A-Za-z0-9_-]{44}$/);
  await page.goto(new URL(turnOff ?? '').pathname);
  await expect(page.getByRole('heading', { name: 'Emails about this booking' })).toBeFocused();
  await expect(page.getByTestId('order-reference')).toHaveText(order.reference);
  await page.getByRole('checkbox', { name: /reminder the evening before/ }).uncheck();
  await page.getByRole('button', { name: 'Save email choices' }).click();
  await expect(page.getByTestId('emails-result')).toHaveText(
    'Saved. We will send the progress updates, and email you if there is a problem.',
  );
  await expectNoAxeViolations(page, 'on the email settings page');

  // The collection day, after both boxes were collected (11:30 and 11:31).
  const collected = londonAt(journey.collectionDate, '11:40');
  await moveClockTo(page, collected);
  expect((await polledSince(page, token, collected)).status).toBe('collected');
  await expectShown('Collected', {
    status: 'Collected',
    latest: 'Collected from London, United Kingdom',
    events: 2,
  });

  // Arrived in the destination country, through the UK hub.
  const arrived = londonAt(journey.arrival, '06:00');
  await moveClockTo(page, arrived);
  expect((await polledSince(page, token, arrived)).status).toBe('in_transit');
  await expectShown('In transit', { status: 'In transit', latest: 'Arrived in France', events: 5 });

  // With the driver on the delivery day (from 08:10).
  const out = londonAt(journey.delivery, '08:30');
  await moveClockTo(page, out);
  expect((await polledSince(page, token, out)).status).toBe('out_for_delivery');
  await expectShown('Out for delivery', {
    status: 'Out for delivery',
    latest: 'Out for delivery',
    events: 6,
  });

  // Delivered (13:45 and 13:49): tracking stops.
  const delivered = londonAt(journey.delivery, '14:00');
  await moveClockTo(page, delivered);
  expect((await polledSince(page, token, delivered)).status).toBe('delivered');
  await expectShown('Delivered', {
    status: 'Delivered',
    latest: 'Delivered in Paris, France',
    events: 7,
  });
  expect((await trackingOf(page, token)).boxes.map((b) => b.status)).toEqual([
    'delivered',
    'delivered',
  ]);

  await page.goto(trackPath);
  await expect(page.getByRole('region', { name: 'Your 2 boxes' })).toBeVisible();
  await expectNoAxeViolations(page, 'on the tracking page of a delivered order');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your 2 boxes' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  // One email of each kind, whatever the number of polls and boxes.
  const subjects = [
    reminder,
    `Collected: booking ${order.reference} is on its way to France`,
    `Out for delivery today: booking ${order.reference}`,
    `Delivered: booking ${order.reference}`,
  ];
  expect(await countMail(page, subjects)).toEqual(
    Object.fromEntries(subjects.map((subject) => [subject, 1])),
  );
});
