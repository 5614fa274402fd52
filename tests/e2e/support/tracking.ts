import { expect, type Locator, type Page } from '@playwright/test';
import type { TrackingView } from '#src/domain/api/tracking.js';
import type { OrderView } from '#src/domain/order.js';
import { transitDays, workingDaysAfter } from '#src/server/providers/courier/simulator/tracking.js';
import type { TestOrder } from './order.js';

/**
 * Tracking as the sandbox-clock project's specs drive it (playwright.config.ts): the site's clock
 * moved through `/dev/clock` (SANDBOX_CLOCK), the courier simulator's journey of a booked order
 * (src/server/providers/courier/simulator/tracking.ts), and what the tracking pages show.
 */

/** The site's "now", which `/dev/clock` moves. */
export async function siteNow(page: Page): Promise<Date> {
  const res = await page.request.get('/dev/clock');
  expect(res.status(), 'GET /dev/clock: is SANDBOX_CLOCK on?').toBe(200);
  return new Date(((await res.json()) as { now: string }).now);
}

/**
 * The `poll-shipments` job's rounds are at most this far apart on the site's clock (its
 * POLL_ROUND_MS): a move of the clock at least this long makes its next round due at once.
 */
const POLL_ROUND_MS = 60_000;

/**
 * Moves the site's clock, and the courier simulator's with it, forward to `target`, and at
 * least a poll round's length; the job queue wakes, so the poll of every shipment then due runs
 * within a second or two. The clock never goes back: a target already passed moves it a round.
 */
export async function moveClockTo(page: Page, target: Date): Promise<void> {
  const advanceMs = Math.max(POLL_ROUND_MS, target.getTime() - (await siteNow(page)).getTime());
  const res = await page.request.post('/dev/clock', { data: { advanceMs } });
  expect(res.status(), `POST /dev/clock ${advanceMs} ms`).toBe(200);
}

/** A booking's tracking, as its page reads it. */
export async function trackingOf(page: Page, token: string): Promise<TrackingView> {
  const res = await page.request.get(`/api/v1/tracking/${encodeURIComponent(token)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as TrackingView;
}

/** The booking's tracking once the courier has been asked about it at or after `since`. */
export async function polledSince(page: Page, token: string, since: Date): Promise<TrackingView> {
  let view: TrackingView | undefined;
  await expect
    .poll(
      async () => {
        view = await trackingOf(page, token);
        return view.lastCheckedAt ? Date.parse(view.lastCheckedAt) : Number.NaN;
      },
      { message: `a poll of the courier at or after ${since.toISOString()}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(since.getTime());
  return view!;
}

/** The token of a booked order's tracking page, found as `/track` finds it. */
export async function trackingToken(page: Page, reference: string): Promise<string> {
  const res = await page.request.post('/api/v1/tracking/lookups', {
    data: { reference, postcode: '75001' },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The courier's reference of a booked order (the simulator's order, for its scenarios). */
export async function courierReferenceOf(page: Page, order: TestOrder): Promise<string> {
  const res = await page.request.get(`/api/v1/orders/${order.id}/checkout`);
  expect(res.status()).toBe(200);
  const { courierReference } = (await res.json()) as { courierReference: string | null };
  expect(courierReference, 'the courier’s reference of a booked order').toBeTruthy();
  return courierReference!;
}

/**
 * The days of a booked order's journey in the simulator (UK dates): collected on the collection
 * day, arrived in the destination country `transit − 1` working days later (at least one),
 * out for delivery and delivered `transit` working days after collection, `transit` being the
 * longest transit time of the service booked.
 */
export interface Journey {
  collectionDate: string;
  arrival: string;
  delivery: string;
}

export async function journeyOf(page: Page, order: TestOrder, view: TrackingView) {
  const res = await page.request.get(`/api/v1/orders/${order.id}`);
  expect(res.status()).toBe(200);
  const { services, selectedService } = (await res.json()) as OrderView;
  const transit = services.find((s) => s.service === selectedService)?.transitDays ?? '';
  const days = transitDays(transit);
  return {
    collectionDate: view.collectionDate,
    arrival: workingDaysAfter(view.collectionDate, Math.max(1, days - 1)),
    delivery: workingDaysAfter(view.collectionDate, days),
  } satisfies Journey;
}

export { workingDaysAfter };

/** What one box shows: its status's name and its newest event (with its reason), and how many. */
export interface BoxShown {
  status: string;
  latest: string | RegExp;
  reason?: string;
  events: number;
}

/**
 * Every box in `scope` (a tracking page's boxes, or an order page's tracking) shows its status,
 * and its history, latest first, starts with `latest` and holds `events` events (each once).
 */
export async function expectBoxes(scope: Locator, boxes: readonly BoxShown[]): Promise<void> {
  const shown = scope.getByTestId('tracked-box');
  await expect(shown).toHaveCount(boxes.length);
  for (const [index, expected] of boxes.entries()) {
    const title = `Box ${index + 1} of ${boxes.length}`;
    const box = shown.nth(index);
    await expect(box.getByRole('heading', { level: 3 })).toHaveText(title);
    await expect(box.locator('[data-status]'), `${title}’s status`).toHaveText(expected.status);
    const history = box.getByRole('list', {
      name: `History of ${title.toLowerCase()}, latest first`,
    });
    await expect(history.getByRole('listitem'), `${title}’s history`).toHaveCount(expected.events);
    await expect(history.getByRole('listitem').first()).toContainText(expected.latest);
    if (expected.reason) {
      await expect(history.getByRole('listitem').first()).toContainText(expected.reason);
    }
  }
}

/**
 * The subjects of the emails in the local mailbox (/dev/mail), newest first: its latest 200,
 * which a spec of this project, run after every other one, is among.
 */
export async function mailSubjects(page: Page): Promise<string[]> {
  const list = await (await page.request.get('/dev/mail')).text();
  return [...list.matchAll(/<a href="\/dev\/mail\/\d+">([^<]*)<\/a>/g)].map((m) => m[1] ?? '');
}

/** The mailbox's messages: each one's recipient and subject. */
async function mailboxRows(page: Page): Promise<{ to: string; subject: string }[]> {
  const list = await (await page.request.get('/dev/mail')).text();
  return [...list.matchAll(/<td>([^<]*)<\/td>\s*<td><a href="\/dev\/mail\/\d+">([^<]*)<\/a>/g)].map(
    (m) => ({ to: (m[1] ?? '').toLowerCase(), subject: m[2] ?? '' }),
  );
}

/**
 * How many times an address got each subject, the most any one address got it (an email about an
 * order goes to each of its people once: docs/email.md), once every subject has arrived.
 */
export async function countMail(
  page: Page,
  subjects: readonly string[],
): Promise<Record<string, number>> {
  let counts: Record<string, number> = {};
  const mostToOne = (rows: { to: string; subject: string }[], subject: string) => {
    const per = new Map<string, number>();
    for (const row of rows.filter((r) => r.subject === subject)) {
      per.set(row.to, (per.get(row.to) ?? 0) + 1);
    }
    return Math.max(0, ...per.values());
  };
  await expect
    .poll(
      async () => {
        const all = await mailboxRows(page);
        counts = Object.fromEntries(subjects.map((s) => [s, mostToOne(all, s)]));
        return subjects.filter((s) => counts[s] === 0);
      },
      { message: 'every email has arrived', timeout: 15_000 },
    )
    .toEqual([]);
  return counts;
}
