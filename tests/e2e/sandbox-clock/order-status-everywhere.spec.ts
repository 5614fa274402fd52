import { expect, test, type Page } from '@playwright/test';
import { londonAt } from '#src/domain/london-time.js';
import { signUp, uniqueEmail } from '../support/account.js';
import { signInAsAdminAt } from '../support/admin.js';
import { bookedOrder } from '../support/checkout.js';
import { courierControl } from '../support/courier.js';
import {
  courierReferenceOf,
  journeyOf,
  mailSubjects,
  moveClockTo,
  polledSince,
  trackingOf,
  trackingToken,
  workingDaysAfter,
} from '../support/tracking.js';

// The site's clock is moved days forward (playwright.config.ts, the sandbox-clock project, on
// the desktop viewport).

test('one status everywhere: held by customs on the tracking page and the console while a box is held beside one out for delivery; delivered on the account and the console once both are', async ({
  page,
  browser,
}) => {
  await signUp(page, 'Ada Lovelace', uniqueEmail('status'));
  const order = await bookedOrder(page, { smallBoxes: 2 });
  await courierControl({
    scenario: { order: await courierReferenceOf(page, order), name: 'customs_hold', parcel: 1 },
  });
  const token = await trackingToken(page, order.reference);
  const journey = await journeyOf(page, order, await trackingOf(page, token));
  // The operator's own browser: signing in here would make the customer's order the operator's.
  const operator = await browser.newPage();
  /** The order's status as the console's order list shows it. */
  const consoleListed = async (on: Page) => {
    await signInAsAdminAt(on, `/admin/orders?q=${order.reference}`);
    return on.getByRole('row', { name: order.reference });
  };

  // The delivery day: box 2 out for delivery (from 08:10), box 1 held by customs since arrival.
  const out = londonAt(journey.delivery, '08:30');
  await moveClockTo(page, out);
  const mixed = await polledSince(page, token, out);
  expect(mixed.boxes.map((b) => b.status)).toEqual(['customs_hold', 'out_for_delivery']);
  await page.goto(`/track/${encodeURIComponent(token)}`);
  const status = page.getByRole('region', { name: 'Status: Held by customs', exact: true });
  await expect(status).toContainText(
    'Customs in the destination country are holding 1 of your 2 boxes until they have what they need.',
  );
  await expect(await consoleListed(operator)).toContainText('Held by customs');
  await operator.goto(`/admin/orders/${order.id}`);
  await expect(operator.getByTestId('admin-order-status')).toHaveText('Held by customs');
  expect(await mailSubjects(page)).not.toContain(
    `Out for delivery today: booking ${order.reference}`,
  );

  // Box 1 cleared two working days after it arrived and delivered the working day after.
  const cleared = workingDaysAfter(journey.arrival, 2);
  const delivered = londonAt(workingDaysAfter(cleared, 1), '14:30');
  await moveClockTo(page, delivered);
  expect((await polledSince(page, token, delivered)).status).toBe('delivered');
  await page.goto('/account');
  await expect(
    page
      .getByRole('list', { name: 'Orders', exact: true })
      .getByRole('listitem')
      .filter({ hasText: order.reference }),
  ).toContainText('Delivered');
  await expect(await consoleListed(operator)).toContainText('Delivered');
});
