import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AdminOrderDetailSchema,
  type AdminOrderDetail,
  getAdminOrder,
} from '#src/domain/api/admin/orders.js';
import type { TestBrowser } from '#tests/support/browser-session.js';
import { signedInAdmin } from '#tests/support/operators.js';
import { createTestApp, type TestApp } from '#tests/support/test-app.js';
import { fixedClock } from '../../clock.js';
import {
  startCourierSimulator,
  type CourierSimulator,
} from '../../providers/courier/simulator/simulator.server.js';
import { TransglobalCourier } from '../../providers/courier/transglobal/transglobal.client.js';
import { CheckoutRepository } from '../checkout/checkout.repository.js';
import { checkoutStatus } from '#tests/support/checkout.js';
import { settledOrder } from '#tests/support/factories/payments.js';
import { call } from '#tests/support/call.js';

// Credentials no other text of the order could contain by chance.
const API_KEY = 'sim-api-key-9c41f7e2b8d35a60';
const PASSWORD = 'sim-password-51d0a9e7c3f2b846';

let simulator: CourierSimulator;
let t: TestApp;
let admin: TestBrowser;
beforeAll(async () => {
  simulator = await startCourierSimulator({
    clock: fixedClock('2026-11-23T10:00:00Z'),
    credentials: { apiKey: API_KEY, password: PASSWORD },
    renderPdfs: 'this-thread', // as createTestApp's, for the same 5 s booking wait
  });
  t = await createTestApp({
    courier: new TransglobalCourier({
      name: 'simulator',
      baseUrl: simulator.url,
      apiKey: API_KEY,
      password: PASSWORD,
      timeouts: { countriesMs: 2_000, quoteMs: 2_000, commodityMs: 2_000, bookMs: 5_000 },
      retry: { attempts: 2, baseDelayMs: 10 },
    }),
  });
  ({ browser: admin } = await signedInAdmin(t));
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});
beforeEach(() => {
  simulator.control({ reset: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Pays for a ready order and lets the booking job, the settlement and the courier log finish. */
async function payAndBook() {
  const { order } = await settledOrder(t);
  await t.app.services.checkout.idle();
  return order;
}

async function adminOrder(id: string): Promise<{ body: string; detail: AdminOrderDetail }> {
  const res = await call(admin, getAdminOrder, { params: { id } });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, detail: AdminOrderDetailSchema.parse(res.json()) };
}

/** Every string anywhere in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the order timeline', () => {
  it('shows a booked order’s whole life, its BookShipment without a credential, and its email', async () => {
    const order = await payAndBook();
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
    await t.mail.worker.runOnce();

    const { body, detail } = await adminOrder(order.id);
    // No credential anywhere in the reply, in any form.
    expect(body).not.toContain(API_KEY);
    expect(body).not.toContain(PASSWORD);
    expect(body).not.toMatch(/"(APIKey|Password|Credentials)"/);

    const texts = detail.timeline.map((e) => e.text);
    const position = (prefix: string) => {
      const index = texts.findIndex((text) => text.startsWith(prefix));
      expect(index, `${prefix} in ${JSON.stringify(texts, null, 1)}`).toBeGreaterThanOrEqual(0);
      return index;
    };
    // The customer's steps, in the order they were taken, then the payment and the booking.
    const steps = [
      'Order made (first quote):',
      'Service chosen: Express',
      'Collection address saved: Ada Lovelace',
      'Delivery address saved: Marie Curie',
      'Collection date chosen',
      'Items declared',
      'Terms accepted',
      'Payment attempt 1 started',
      'Booking started',
      'Courier BookShipment: SUCCESS (HTTP 200',
      'Booked: courier reference',
    ];
    const positions = steps.map(position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(texts[position('Collection date chosen')]).toContain(order.collectionDate ?? '');

    const [exchange, ...others] = detail.timeline.filter((e) => e.kind === 'courier');
    expect(others).toEqual([]);
    expect(exchange?.courier).toMatchObject({
      operation: 'BookShipment',
      httpStatus: 200,
      outcome: 'SUCCESS',
      error: null,
    });
    expect(exchange?.courier?.durationMs).toBeGreaterThanOrEqual(0);
    // The request is the shipment as sent (our reference), the reply what the courier said
    // (its reference), with the labels' and documents' contents left out.
    expect(JSON.stringify(exchange?.courier?.request)).toContain(order.reference);
    expect(JSON.stringify(exchange?.courier?.reply)).toContain(detail.order.courierReference!);
    expect(strings(exchange?.courier?.reply).every((s) => s.length <= 512)).toBe(true);
    expect(strings(exchange?.courier?.reply).some((s) => /characters left out/.test(s))).toBe(true);

    const emails = detail.timeline.filter((e) => e.kind === 'email');
    expect(emails).toHaveLength(1);
    expect(emails[0]?.email).toMatchObject({
      kind: 'booking-confirmation',
      to: 'ada@example.com',
      status: 'sent',
    });
    expect(emails[0]?.email?.subject).toContain(order.reference);
    // (The rule changed: a sent email names the mail server's queue id, for the operator.)
    expect(emails[0]?.text).toMatch(
      /^Email sent: “.+” to ada@example.com \(mail server queue id #\d+\)$/,
    );
    expect(emails[0]?.email?.serverQueueId).toMatch(/^#\d+$/);
  });

  it('logs a refused booking with the courier’s words', async () => {
    simulator.control({ book: 'fail' });
    const order = await payAndBook();
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booking_failed');
    const { body, detail } = await adminOrder(order.id);
    expect(body).not.toContain(API_KEY);
    expect(body).not.toContain(PASSWORD);
    const courier = detail.timeline.filter((e) => e.kind === 'courier');
    expect(courier).toHaveLength(1);
    expect(courier[0]?.courier).toMatchObject({
      operation: 'BookShipment',
      httpStatus: 200,
      outcome: 'REJECTED',
    });
    expect(courier[0]?.courier?.error).toMatch(/BookShipment FAIL/);
  });

  it('books all the same when the courier log cannot be written', async () => {
    const write = vi
      .spyOn(CheckoutRepository.prototype, 'logCourierExchange')
      .mockRejectedValue(new Error('the database is gone'));
    const order = await payAndBook();
    expect(write).toHaveBeenCalledTimes(1);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
    const { detail } = await adminOrder(order.id);
    expect(detail.timeline.filter((e) => e.kind === 'courier')).toEqual([]);
    expect(detail.timeline.some((e) => e.text.startsWith('Booked: courier reference'))).toBe(true);
  });
});
