import { expect, test } from '@playwright/test';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { londonAt } from '#src/domain/london-time.js';
import { signInAsAdminAt } from '../support/admin.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { bookedOrder } from '../support/checkout.js';
import { courierCalls, courierControl } from '../support/courier.js';
import { openMail } from '../support/mailbox.js';
import {
  countMail,
  courierReferenceOf,
  moveClockTo,
  trackingOf,
  trackingToken,
} from '../support/tracking.js';

// The site's clock is moved days forward (playwright.config.ts, the sandbox-clock project).

test('a missed collection is flagged, emailed with new dates, and rebooked from the email at no charge', async ({
  page,
  browser,
}) => {
  const order = await bookedOrder(page);
  await courierControl({
    scenario: { order: await courierReferenceOf(page, order), name: 'collection_missed' },
  });
  const token = await trackingToken(page, order.reference);
  const trackPath = `/track/${encodeURIComponent(token)}`;
  const booked = await trackingOf(page, token);
  /** What the customer's checkout says was paid. */
  const checkout = async () => {
    const res = await page.request.get(`/api/v1/orders/${order.id}/checkout`);
    expect(res.status()).toBe(200);
    return (await res.json()) as {
      status: string;
      amountPence: number | null;
      payment: { status: string } | null;
    };
  };
  const paidBefore = await checkout();

  // 17:50 on the collection day, nobody having done anything: the courier never came (17:45).
  await moveClockTo(page, londonAt(booked.collectionDate, '17:50'));
  await expect
    .poll(async () => (await trackingOf(page, token)).status, { timeout: 15_000 })
    .toBe('collection_missed');
  await page.goto(trackPath);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Status: Collection missed', exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId('collection')).toContainText('(missed)');

  // The console lists it among the shipments that need an operator (the operator's own browser:
  // signing in here would make the customer's guest order the operator's).
  const operator = await browser.newPage();
  await signInAsAdminAt(operator, '/admin/shipments');
  await operator.getByLabel('Needs attention only').check();
  await operator.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(operator).toHaveURL('/admin/shipments?flagged=true');
  await expect(
    operator.getByRole('region', { name: 'Shipments' }).getByRole('row', { name: order.reference }),
  ).toContainText('Collection missed');
  /** The order's payments, as the console's order page lists them. */
  const payments = async () => {
    const res = await operator.request.get(`/api/v1/admin/orders/${order.id}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { payments: unknown[] }).payments;
  };
  const paymentsBefore = await payments();
  expect(paymentsBefore).toHaveLength(1);

  // The customer's email offers new dates, each a link to the tracking page with that date.
  const { email } = await openMail(
    page,
    `Your collection was missed: choose a new date (booking ${order.reference})`,
  );
  const offered = email.getByRole('link', { name: /^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}$/ });
  await expect(offered.first()).toBeVisible();
  const link = new URL((await offered.first().getAttribute('href')) ?? '');
  const date = link.searchParams.get('date') ?? '';
  expect(formatCalendarDate(date)).toBe(await offered.first().textContent());
  // Opened on this site (the email's links name the site's public address).
  const rebooksBefore = (await courierCalls()).rebook;
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(`${trackPath}?date=${date}`);
  const choice = page.getByRole('group', { name: 'New collection date' });
  const [weekday, day, month] = formatCalendarDate(date).split(' ');
  await expect(choice.getByRole('radio', { name: `${weekday} ${day} ${month}` })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Choose a new collection date' })).toBeFocused();
  await expectNoAxeViolations(page, 'with a missed collection’s new dates');
  await page.getByRole('button', { name: 'Rebook the collection' }).click();
  await expect(page.getByTestId('rebooked')).toContainText(
    `Your collection is rebooked for ${weekday} ${day} ${month}, 9:00–17:30. There is nothing to pay.`,
  );
  await expect(
    page.getByRole('heading', { level: 2, name: 'Status: Booked', exact: true }),
  ).toBeVisible();

  // Rebooked once with the courier, and not paid for again.
  expect((await courierCalls()).rebook).toBe(rebooksBefore + 1);
  expect(await payments()).toEqual(paymentsBefore);
  expect(await checkout()).toMatchObject({
    status: 'booked',
    amountPence: paidBefore.amountPence,
    payment: paidBefore.payment,
  });
  const rebooked = await trackingOf(page, token);
  expect(rebooked).toMatchObject({
    status: 'booked',
    collectionDate: date,
    missedCollection: null,
  });
  const confirmed = `Collection rebooked for ${formatCalendarDate(date)}: booking ${order.reference}`;
  expect(await countMail(page, [confirmed])).toEqual({ [confirmed]: 1 });
  // No longer waiting for an operator.
  const flagged = (await (
    await operator.request.get('/api/v1/admin/shipments?flagged=true')
  ).json()) as { shipments: { reference: string }[] };
  expect(flagged.shipments.map((s) => s.reference)).not.toContain(order.reference);
  await operator.close();
});
