import { expect, test } from '@playwright/test';
import { addDays, formatCalendarDate } from '#src/domain/collection-calendar.js';
import { londonAt } from '#src/domain/london-time.js';
import { signUp, uniqueEmail } from '../support/account.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { bookedOrder } from '../support/checkout.js';
import { courierCalls } from '../support/courier.js';
import { expectNoHorizontalScroll } from '../support/site.js';
import {
  countMail,
  courierReferenceOf,
  moveClockTo,
  trackingOf,
  trackingToken,
} from '../support/tracking.js';

// The site's clock is moved days forward (playwright.config.ts, the sandbox-clock project).

test('once the courier has collected the boxes, Cancel is no longer offered and the API refuses it with the reason', async ({
  page,
}) => {
  const order = await bookedOrder(page);
  const token = await trackingToken(page, order.reference);
  const booked = await trackingOf(page, token);
  // The simulator collects at 11:30 on the collection day; the 12:00 poll hears of it.
  await moveClockTo(page, londonAt(booked.collectionDate, '12:00'));
  await expect
    .poll(async () => (await trackingOf(page, token)).status, { timeout: 15_000 })
    .toBe('collected');

  await page.goto(`/manage-booking?order=${order.id}`);
  const section = page.getByRole('region', { name: 'Cancel or change this booking' });
  await expect(section.getByTestId('cancel-refused')).toHaveText(
    'The courier has collected your boxes, so this booking can no longer be cancelled or changed. If something is wrong, contact us with your order reference.',
  );
  await expect(section.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Move the collection' })).toHaveCount(0);
  const refused = await page.request.post(
    `/api/v1/orders/${order.id}/booking-changes/cancellation`,
    { data: { requestKey: crypto.randomUUID() } },
  );
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({
    error: {
      code: 'BOOKING_COLLECTED',
      message:
        'The courier has collected your boxes, so this booking can no longer be cancelled or changed. If something is wrong, contact us with your order reference.',
    },
  });
  // The tracking page no longer offers it either.
  await page.goto(`/track/${encodeURIComponent(token)}`);
  await expect(page.getByTestId('manage-link')).toHaveCount(0);
  expect((await courierCalls()).cancellations[await courierReferenceOf(page, order)]).toBe(
    undefined,
  );
});

test('the collection is moved to another day from the account: the courier rebooks it once, and the pages and the reminder use the new day', async ({
  page,
}) => {
  await signUp(page, 'Grace Hopper', uniqueEmail('moved'));
  const order = await bookedOrder(page);
  const token = await trackingToken(page, order.reference);
  const before = await trackingOf(page, token);
  const rebooks = (await courierCalls()).rebook;

  await page.goto(`/account/orders/${order.reference}`);
  const section = page.getByRole('region', { name: 'Cancel or change this booking' });
  await expect(section.getByTestId('change-cut-off')).toContainText(
    'You can change the collection day or contact details until',
  );
  const days = section.getByRole('group', { name: /^Booked for / }).getByRole('radio');
  await expect(days.first()).toBeVisible();
  const chosen = (await days.last().getAttribute('value')) ?? '';
  expect(chosen).not.toBe(before.collectionDate);
  await days.last().check();
  await expectNoAxeViolations(page, 'with a new day chosen');
  await section.getByRole('button', { name: 'Move the collection' }).click();
  await expect(
    section.getByRole('status').filter({ hasText: 'Your collection is moved' }),
  ).toHaveText(`Your collection is moved to ${formatCalendarDate(chosen)}.`);
  // The change landed: the focus is on the message that says so.
  await expect(page.locator(':focus')).toHaveText(
    `Your collection is moved to ${formatCalendarDate(chosen)}.`,
  );
  expect((await courierCalls()).rebook).toBe(rebooks + 1);
  await expect(section.getByTestId('booking-changes-history')).toContainText(
    `Moved the collection from ${formatCalendarDate(before.collectionDate)} to ${formatCalendarDate(chosen)} (by you)`,
  );

  // The account's order page, the confirmation page and the tracking page show the new day.
  await page.reload();
  await expect(page.getByRole('main')).toContainText(formatCalendarDate(chosen));
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/order-confirmation?status=SUCCESS&order=${order.id}`);
  await expect(page.getByRole('main')).toContainText(formatCalendarDate(chosen));
  expect((await trackingOf(page, token)).collectionDate).toBe(chosen);

  // The reminder comes the evening before the new day, with the new day.
  await moveClockTo(page, londonAt(addDays(chosen, -1), '18:05'));
  const reminder = `Your collection is tomorrow: booking ${order.reference}`;
  expect(await countMail(page, [reminder])).toEqual({ [reminder]: 1 });
  const moved = `Collection rebooked for ${formatCalendarDate(chosen)}: booking ${order.reference}`;
  expect(await countMail(page, [moved])).toEqual({ [moved]: 1 });
  const list = await (await page.request.get('/dev/mail')).text();
  const row = list.split('<tr').find((r) => r.includes(reminder));
  const id = row && /href="\/dev\/mail\/(\d+)"/.exec(row)?.[1];
  const body = await (await page.request.get(`/dev/mail/${id}/html`)).text();
  expect(body).toContain(formatCalendarDate(chosen));
});
