// The embedded database only: its backup and restore are what `npm run backup` and `restore` do
// on the default site (a PostgreSQL restore writes the same mark through `pg_restore`).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { discardAdminMail, retryAdminMail } from '#src/domain/api/admin/mail.js';
import { getAdminRestore } from '#src/domain/api/admin/restore.js';
import { call } from '#tests/support/call.js';
import { checkoutStatus } from '#tests/support/checkout.js';
import { authorisedOrder, settle } from '#tests/support/factories/payments.js';
import { signedInAdmin } from '#tests/support/operators.js';
import {
  actAsOneBrowser,
  createTestApp,
  simulatorClient,
  type TestApp,
} from '#tests/support/test-app.js';
import type { TestDatabase } from '#tests/support/test-database.js';
import { buildApp } from '../../app.js';
import { backupCommandHandlers, restoreBackup } from '../../backup.js';
import { fixedClock } from '../../clock.js';
import { writeEmbeddedBackup } from '../../db/backup.js';
import { openDatabase } from '../../db/client.js';
import { startCourierSimulator } from '../../providers/courier/simulator/simulator.server.js';
import { SandboxPaymentProvider } from '../../providers/payment/sandbox/sandbox-payments.js';
import { createMail } from '../email/mail.js';
import { shipmentBookingFor } from './booking-request.js';
import { reconcileRestoreJob } from './jobs/reconcile-restore.job.js';

const logger = pino({ level: process.env.DEBUG_TEST ? 'info' : 'silent' });

async function statusOf(t: Pick<TestApp, 'app'>, orderId: string) {
  return (await checkoutStatus(t.app, orderId)).status;
}

describe('a site restored from a backup taken during checkouts (decision 141)', () => {
  it('reconciles with the one courier and card provider before it acts: nothing the world saw is repeated', async () => {
    const simClock = fixedClock('2026-11-23T10:00:00Z');
    const sim = await startCourierSimulator({
      clock: simClock,
      credentials: { apiKey: 'test', password: 'test' },
      renderPdfs: 'this-thread',
    });
    const original = await createTestApp({ courier: simulatorClient(sim.url) });
    const dir = await mkdtemp(join(tmpdir(), 'boxabroad-restore-'));
    try {
      // G: booked before the backup, its capture and confirmation still waiting in it.
      const g = await authorisedOrder(original);
      await original.app.services.jobs.runOnce(['book-shipment']);
      expect(await statusOf(original, g.id)).toBe('booked');
      // A and B paid, their bookings waiting; F paid, its booking waiting too.
      const [a, b, f] = [
        await authorisedOrder(original),
        await authorisedOrder(original),
        await authorisedOrder(original),
      ];
      // The backup, as `npm run backup` takes it from the running site.
      const taken = await backupCommandHandlers(original.database).backup!({ command: 'backup' });
      const file = await writeEmbeddedBackup(taken.body!, dir, original.clock.now());

      // The original carries on: A and B booked, every booking captured and confirmed. F's
      // booking job was lost with a crash before it ran: nothing of F reached the courier.
      await original.database.query(`DELETE FROM jobs WHERE key LIKE $1`, [
        `book-shipment:${f!.id}:%`,
      ]);
      await settle(original);
      const booked = {
        a: (await checkoutStatus(original.app, a!.id)).courierReference,
        b: (await checkoutStatus(original.app, b!.id)).courierReference,
      };
      expect(booked.a).toMatch(/^GB/);
      const bookingsBefore = sim.calls().book;
      expect(bookingsBefore).toBe(3);

      // Restored; it says what the site will reconcile before it acts.
      const restored = await restoreBackup({ dataDir: join(dir, 'data') }, file.path);
      expect(restored.plan).toMatchObject({ bookings: 3, payments: 1 });
      expect(restored.plan.backupTakenAt).not.toBeNull();
      expect(restored.plan.emails).toBeGreaterThan(0);

      // Started on the restored data, with the same courier and the same card provider's store.
      const database = await openDatabase({ kind: 'pglite', dataDir: restored.into });
      const cards = new SandboxPaymentProvider({
        query: original.database.query,
        clock: original.clock,
        logger,
      });
      const capture = vi.spyOn(cards, 'capture');
      const mail = createMail(
        { database, clock: original.clock, logger },
        {
          from: 'BoxAbroad <no-reply@boxabroad.test>',
          salesEmail: 'sales@boxabroad.test',
          siteUrl: 'http://localhost:3000',
        },
      );
      const app = await buildApp({
        database,
        clock: original.clock,
        logger,
        courier: simulatorClient(sim.url),
        payment: cards,
        mail,
        pressure: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0 },
      });
      // The orders' browser, as before the restore.
      actAsOneBrowser(app);
      const site = {
        app,
        database: database as TestDatabase,
        clock: original.clock,
        mail,
      } as unknown as TestApp;
      try {
        // What the mail server has had: the emails the site sent (or began to send).
        const handedOver = async () =>
          database.query<{ id: string; order_id: string | null }>(
            `SELECT id, order_id FROM mail WHERE status IN ('sent', 'sending', 'unknown')`,
          );
        const before = new Set((await handedOver()).map((m) => m.id));
        const sentSince = async () =>
          (await handedOver()).filter((m) => !before.has(m.id)).map((m) => m.order_id);
        // Before the reconciliation, nothing reaches the courier, the card provider or mail.
        await app.services.jobs.drain();
        expect(sim.calls().book).toBe(bookingsBefore);
        expect(capture).not.toHaveBeenCalled();
        expect(await sentSince()).toEqual([]);

        // The reconciliation every start schedules; then the jobs run on what it found.
        await app.services.jobs.schedule(reconcileRestoreJob);
        for (let round = 0; round < 5; round += 1) {
          await cards.idle();
          await app.services.jobs.drain();
        }

        // No second booking: only F, which the courier never had, is booked.
        expect(sim.calls().book).toBe(bookingsBefore + 1);
        expect(await checkoutStatus(app, a!.id)).toMatchObject({
          status: 'booked',
          courierReference: booked.a,
        });
        expect((await checkoutStatus(app, b!.id)).courierReference).toBe(booked.b);
        expect(await statusOf(site, g.id)).toBe('booked');
        expect(await statusOf(site, f!.id)).toBe('booked');
        // No second capture: only F's payment is captured by the restored site.
        const [fPayment] = await database.query<{ provider_payment_id: string; status: string }>(
          `SELECT provider_payment_id, status FROM payments WHERE order_id = $1`,
          [f!.id],
        );
        expect(capture.mock.calls.map(([id]) => id)).toEqual([fPayment!.provider_payment_id]);
        const paid = await database.query<{ status: string }>(
          `SELECT status FROM payments WHERE order_id = ANY($1::uuid[])`,
          [[a!.id, b!.id, g.id, f!.id]],
        );
        expect(paid.map((p) => p.status)).toEqual(Array(4).fill('captured'));
        // No email sent again without an operator: A's, B's and G's are held.
        expect((await sentSince()).every((id) => id === f!.id)).toBe(true);
        const held = await database.query<{ id: string; order_id: string }>(
          `SELECT id, order_id FROM mail WHERE status = 'held' ORDER BY created_at`,
        );
        const heldOrders = new Set(held.map((m) => m.order_id));
        for (const order of [a!, b!, g]) expect(heldOrders.has(order.id)).toBe(true);

        // The console shows what was found, order by order.
        const { browser: admin } = await signedInAdmin(site);
        const { restore } = (await call(admin, getAdminRestore, {})).json();
        expect(restore?.outcome?.heldEmails).toBe(held.length);
        const byOrder = new Map(restore!.outcome!.bookings.map((x) => [x.orderId, x]));
        expect(byOrder.get(a!.id)).toMatchObject({ outcome: 'booked', found: [booked.a] });
        expect(byOrder.get(f!.id)).toMatchObject({ outcome: 'to_book', found: [] });
        // G's capture waiting in the backup, A's and B's from their bookings found: the card
        // provider had captured all three, so none is captured again.
        const payments = restore!.outcome!.payments;
        expect(new Set(payments.map((p) => p.orderId))).toEqual(new Set([g.id, a!.id, b!.id]));
        for (const p of payments) {
          expect(p).toMatchObject({
            was: 'capture_pending',
            provider: 'captured',
            outcome: 'captured',
          });
        }
        // The operator's word: one sent, one discarded; each recorded.
        const [first, second] = held;
        const sent = await call(admin, retryAdminMail, {
          params: { id: first!.id },
          body: { expected: 'held' },
        });
        expect(sent.json()).toMatchObject({ status: 'pending' });
        const discarded = await call(admin, discardAdminMail, {
          params: { id: second!.id },
          body: { expected: 'held' },
        });
        expect(discarded.json()).toMatchObject({ status: 'discarded' });
        const again = await call(admin, discardAdminMail, {
          params: { id: second!.id },
          body: { expected: 'held' },
        });
        expect(again.statusCode).toBe(409);
        const audit = await database.query<{ action: string }>(
          `SELECT action FROM admin_audit_log WHERE subject = ANY($1::text[]) ORDER BY id`,
          [[first!.id, second!.id]],
        );
        expect(audit.map((r) => r.action)).toEqual(['mail.send_held', 'mail.discard']);
      } finally {
        await app.close();
        await mail.close();
        await database.close();
      }
    } finally {
      await original.close();
      await sim.close();
      await rm(dir, { recursive: true, force: true });
    }
    // Two sites, a backup, a restore and every job: 58.5 s alone on a 2-core machine under load.
  }, 120_000);
});

describe('a booking left in flight by a process that is gone (decision 142)', () => {
  it('on the embedded database, is settled from the courier at once on restart: booked or booked again, never an operator’s', async () => {
    const t = await createTestApp();
    try {
      const reached = await authorisedOrder(t);
      const lost = await authorisedOrder(t);
      // What the gone process's worker did for `reached`: the courier booked it, and the reply
      // went with the process. For `lost`, the process died before its request left.
      const { orders } = t.app.services;
      const row = await orders.load(reached.id);
      const match = await orders.resolveCourierService(row);
      const atCourier = await simulatorClient(t.courierSimulator!.url).bookShipment(
        shipmentBookingFor(row, await orders.declaredItems(reached.id), {
          serviceId: match.courierService.serviceId,
          collectionOptionId: match.collectionOptionId,
        }),
      );
      for (const order of [reached, lost]) {
        await t.database.query(
          `UPDATE orders SET status = 'booking', booking_started_at = $2,
             booking_process = 'a-process-that-is-gone' WHERE id = $1`,
          [order.id, t.clock.now()],
        );
      }
      await t.database.query(
        `UPDATE jobs SET status = 'running', locked_until = $1 WHERE kind = 'book-shipment'`,
        [new Date(t.clock.now().getTime() + 60_000)],
      );
      const bookCalls = t.courierSimulator!.calls().book;

      // The restart: the embedded database's jobs left running resume at once.
      await t.app.services.jobs.reclaimLeases();
      await t.app.services.jobs.drain();
      expect(await checkoutStatus(t.app, reached.id)).toMatchObject({
        status: 'booked',
        courierReference: atCourier.orderReference,
      });
      expect(await statusOf(t, lost.id)).toBe('booking');
      // Nothing at the courier under its reference, asked again once no request can still
      // arrive (15 s after the gone process's call began): then booked.
      t.clock.set(new Date(t.clock.now().getTime() + 15_000));
      await settle(t);
      expect(await statusOf(t, lost.id)).toBe('booked');
      expect(t.courierSimulator!.calls().book - bookCalls).toBe(1);
      expect(t.courierSimulator!.calls().bookings[lost.reference]).toBeDefined();
    } finally {
      await t.close();
    }
  });
});
