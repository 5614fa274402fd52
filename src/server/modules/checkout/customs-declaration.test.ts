/**
 * What the customs papers of a booked order say it holds: the booking sends each box's allowance
 * as its package weight (what the courier charges by) and each declared item's own weight and
 * value in its commodity lines; the courier's commercial invoice and labels then state the goods'
 * declared weight, never the allowance (docs/providers.md, "What is sent where"). Needs
 * poppler-utils' pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.js';
import { bookedOrder } from '#tests/support/factories/payments.js';
import { TransglobalCourier } from '../../providers/courier/transglobal/transglobal.client.js';
import type { ShipmentBooking } from '../../providers/courier/courier-provider.js';

let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'boxabroad-customs-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function pdfText(url: string, name: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  const file = join(dir, name);
  writeFileSync(file, response.rawPayload);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('the customs papers of a booked order', () => {
  it('carry the declared weights; the allowance stays the package weight the courier bills by', async () => {
    const spy = vi.spyOn(TransglobalCourier.prototype, 'bookShipment');
    // One large and two small boxes: 30 + 20 + 20 = 70 kg of allowance. Each box declares four
    // books of 0.5 kg at £12.50 and two jumpers of 0.4 kg at £20: 2.8 kg, 8.4 kg in all.
    const { status } = await bookedOrder(t, { small: 2, large: 1 });

    const booking = spy.mock.calls[0]![0] as ShipmentBooking;
    expect(booking.packages.map((p) => p.weightKg)).toEqual([30, 20, 20]);
    for (const pkg of booking.packages) {
      // The items of a box share a timestamp under the frozen clock: in either order.
      const lines = pkg.commodities
        .map(({ numberOfUnits, unitValuePence, unitWeightKg }) => ({
          numberOfUnits,
          unitValuePence,
          unitWeightKg,
        }))
        .sort((a, b) => b.unitWeightKg - a.unitWeightKg);
      expect(lines).toEqual([
        { numberOfUnits: 4, unitValuePence: 1250, unitWeightKg: 0.5 },
        { numberOfUnits: 2, unitValuePence: 2000, unitWeightKg: 0.4 },
      ]);
    }
    expect(booking.consignmentValuePence).toBe(3 * (4 * 1250 + 2 * 2000));

    const [labelA4, , invoice] = status.documents;
    expect(status.documents.map((d) => d.kind)).toEqual(['label', 'label', 'document']);

    const invoiceText = await pdfText(invoice!.url, 'invoice.pdf');
    expect(invoiceText).toContain('Total net weight: 8.4 kg');
    expect(invoiceText).not.toMatch(/\b70 kg/);
    expect(invoiceText).toContain('Total declared value: GBP 270.00');

    const labelText = await pdfText(labelA4!.url, 'label.pdf');
    expect(labelText.match(/Contents declared: 2\.8 kg/g)).toHaveLength(3);
    expect(labelText).not.toMatch(/\b(20|30) kg/);
  });
});
