/**
 * The simulator's orders on disk (order-store.ts, OrderBook): written as files, loaded again,
 * an evicted order's folder deleted, a half-written or broken folder skipped.
 */
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { sharedPaths } from '#tests/support/private-files.js';
import { OrderStore } from './order-store.js';
import { OrderBook, type StoredOrder } from './simulator.handlers.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function order(n: number): StoredOrder {
  const address = {
    name: 'A Person',
    lines: ['1 Street'],
    city: 'Leeds',
    postcode: 'LS1 1AA',
    country: 'United Kingdom (Mainland)',
  };
  return {
    orderReference: `GB000010${n}`,
    airWaybill: `40123456${n}0`,
    invoiceReference: `INV-000010${n}`,
    serviceName: 'TG Express Worldwide',
    carrierName: 'DHL',
    collectionDate: '2026-11-24',
    readyFrom: '12:30',
    bookedAt: new Date(Date.UTC(2026, 10, 23, 10, n)),
    transit: '1-2',
    from: address,
    to: { ...address, city: 'Paris', country: 'France', telephone: '+33612345678' },
    packageCount: 2,
    labels: [
      { size: 'A4', token: `a4token${n}`, content: Buffer.from(`%PDF-A4-${n}`) },
      { size: 'Thermal', token: `thermal${n}`, content: Buffer.from(`%PDF-T-${n}`) },
    ],
    documents: [
      { type: 'CommercialInvoice', token: `invoice${n}`, content: Buffer.from(`%PDF-I-${n}`) },
    ],
    rebookings: [],
    scenario: { name: 'normal' },
  };
}

it('keeps each order as files, loads them at start, and deletes an evicted order’s folder', async () => {
  dir = await mkdtemp(join(tmpdir(), 'boxabroad-order-store-'));
  const book = await OrderBook.open(new OrderStore(dir), 2);
  const [first, second, third] = [order(1), order(2), order(3)];
  for (const o of [first, second, third]) await book.add(o);
  expect((await readdir(dir)).sort()).toEqual(['GB0000102', 'GB0000103']);
  expect(book.order('GB0000101')).toBeUndefined();
  expect(book.file('a4token1')).toBeUndefined();
  expect((await readdir(join(dir, 'GB0000103'))).sort()).toEqual([
    'document-1.pdf',
    'label-A4.pdf',
    'label-Thermal.pdf',
    'order.json',
  ]);

  third.scenario = { name: 'customs_hold', parcel: 2 };
  third.rebookings.push({
    collectionDate: '2026-11-26',
    readyFrom: '10:00',
    at: new Date('2026-11-24T18:00:00Z'),
  });
  third.rebookings.push({
    collectionDate: '2026-11-26',
    readyFrom: '10:00',
    at: new Date('2026-11-25T08:00:00Z'),
    contact: { name: 'Ann Smith', phone: '07700 900123', email: 'ann@example.com' },
    instructions: 'Ring twice',
  });
  second.cancellation = { at: new Date('2026-11-25T09:00:00Z'), count: 2 };
  await book.changed(third);
  await book.changed(second);
  // A folder a crash left before its order.json, a broken one, a stray file: skipped.
  await mkdir(join(dir, 'GB0000998'));
  await mkdir(join(dir, 'GB0000999'));
  await writeFile(join(dir, 'GB0000999', 'order.json'), '{"format": 1, "orderRef');
  await writeFile(join(dir, 'notes.txt'), 'not an order');

  const again = await OrderBook.open(new OrderStore(dir), 2);
  expect(again.order('gb0000103')).toEqual(third);
  expect(again.order('GB0000102')).toEqual(second);
  expect(again.file('invoice2')).toEqual(Buffer.from('%PDF-I-2'));
  // Its next reference is not one it keeps.
  expect(['GB0000102', 'GB0000103']).not.toContain(again.newOrderReference());
});

it('keeps its labels for its own user only: what it writes, and a folder left open, are private', async () => {
  dir = await mkdtemp(join(tmpdir(), 'boxabroad-order-store-'));
  // Written under the usual umask (022): the store asks for 0700 and 0600 itself.
  const book = await OrderBook.open(new OrderStore(dir), 2);
  await book.add(order(1));
  expect(sharedPaths(dir)).toEqual([]);
  // A store an earlier version left open to everyone is made private when it loads.
  await chmod(dir, 0o777);
  await chmod(join(dir, 'GB0000101'), 0o755);
  await chmod(join(dir, 'GB0000101', 'label-A4.pdf'), 0o644);
  const again = await OrderBook.open(new OrderStore(dir), 2);
  expect(again.order('GB0000101')).toBeDefined();
  expect(sharedPaths(dir)).toEqual([]);
});
