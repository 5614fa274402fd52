/**
 * A booking made through the port returns label PDFs that open (poppler's pdfinfo, pdftoppm)
 * with one page per package, and whose Code128 barcode, decoded from the rendered page by
 * zbarimg, equals the label's tracking number (AirWaybillReference). Needs poppler-utils and
 * zbar-tools (`.ci/run` installs them when missing).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURIER_TEST_NOW, LARGE_BOX, sampleBooking } from '#tests/support/courier.js';
import { fixedClock } from '#src/server/clock.js';
import type { BookingResult } from '../courier-provider.js';
import { TransglobalCourier } from '../transglobal/transglobal.client.js';
import { startCourierSimulator, type CourierSimulator } from './simulator.server.js';

function tool(name: string, args: string[]): string {
  try {
    return execFileSync(name, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error(`${name} is not installed: apt-get install -y poppler-utils zbar-tools`, {
        cause: error,
      });
    }
    throw new Error(`${name} ${args.join(' ')} failed: ${e.stderr ?? e.message}`, { cause: error });
  }
}

let simulator: CourierSimulator;
let booked: BookingResult;
/** 9.01 kg of goods in one large and two small boxes (70 kg of allowance). */
let light: BookingResult;
const dir = mkdtempSync(join(tmpdir(), 'boxabroad-labels-'));

beforeAll(async () => {
  simulator = await startCourierSimulator({ clock: fixedClock(COURIER_TEST_NOW) });
  const courier = new TransglobalCourier({ baseUrl: simulator.url, apiKey: 'k', password: 'p' });
  const base = sampleBooking();
  const first = base.packages[0]!;
  booked = await courier.bookShipment({
    ...base,
    collectionOptionId: 52,
    packages: [
      first,
      {
        ...LARGE_BOX,
        commodities: [
          {
            commodityCode: '630231',
            commodityDescription: 'Cotton bed linen',
            numberOfUnits: 4,
            unitValuePence: 1_500,
            unitWeightKg: 1.5,
            countryOfOriginCode: 'GB',
          },
        ],
      },
      {
        ...LARGE_BOX,
        commodities: [
          {
            commodityCode: '950300',
            commodityDescription: 'Toys and puzzles',
            numberOfUnits: 6,
            unitValuePence: 800,
            unitWeightKg: 0.5,
            countryOfOriginCode: 'CN',
          },
        ],
      },
    ],
  });
  const line = (description: string, units: number, unitWeightKg: number) => ({
    commodityCode: '490199',
    commodityDescription: description,
    numberOfUnits: units,
    unitValuePence: 1_000,
    unitWeightKg,
    countryOfOriginCode: 'GB',
  });
  light = await courier.bookShipment({
    ...base,
    collectionOptionId: 52,
    packages: [
      { ...LARGE_BOX, commodities: [line('Photo album', 1, 2)] },
      { ...first, commodities: [line('Paperback books', 3, 1.67)] },
      { ...first, commodities: [line('Notebooks', 4, 0.5)] },
    ],
  });
});
afterAll(async () => {
  await simulator.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('label PDFs', () => {
  it.each(['A4', 'Thermal'])(
    'the %s label opens, has one page per package, and each barcode reads the tracking number',
    (size) => {
      const label = booked.labels.find((l) => l.size === size)!;
      const awb = label.airWaybillReference!;
      expect(awb).toMatch(/^\d{10}$/);
      const file = join(dir, `label-${size}.pdf`);
      writeFileSync(file, label.content);

      const info = tool('pdfinfo', [file]);
      expect(info).toMatch(/^Pages:\s+3$/m);
      expect(info).toMatch(
        size === 'A4' ? /Page size:\s+595\.28 x 841\.89/ : /Page size:\s+288 x 432/,
      );

      const text = tool('pdftotext', ['-layout', file, '-']);
      for (const n of [1, 2, 3]) expect(text).toContain(`Package ${n} of 3`);
      expect(text).toContain('TG Express Worldwide');
      expect(text).toContain('Amelia Hughes');
      expect(text).toContain('Louis Martin');
      expect(text).toContain('SW1A 1AA');
      expect(text).toContain('75001');
      // Each box's declared goods (10×0.2 + 15×0.4; 4×1.5; 6×0.5), not its 20 or 30 kg allowance.
      for (const kg of [8, 6, 3]) expect(text).toContain(`Contents declared: ${kg} kg`);
      expect(text).not.toMatch(/\b(20|30) kg/);

      const prefix = join(dir, `page-${size}`);
      tool('pdftoppm', ['-r', '150', '-gray', '-png', file, prefix]);
      const pages = readdirSync(dir).filter(
        (f) => f.startsWith(`page-${size}`) && f.endsWith('.png'),
      );
      expect(pages).toHaveLength(3);
      for (const page of pages) {
        const decoded = tool('zbarimg', [
          '--quiet',
          '--raw',
          '-Sdisable',
          '-Scode128.enable',
          join(dir, page),
        ]);
        expect(decoded.trim()).toBe(awb);
      }
    },
    // Six external programs per label (pdfinfo, pdftotext, pdftoppm, zbarimg per page): well
    // under a second on a quiet machine, over 5 s on a busy one. The limit catches a hang.
    60_000,
  );

  it('the label downloaded from DownloadURL is the same PDF', async () => {
    for (const label of booked.labels) {
      const response = await fetch(label.downloadUrl!);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(label.content)).toBe(true);
    }
  });
});

describe('commercial invoice PDF', () => {
  it('opens and lists every declared item with its HS code and value', () => {
    const invoice = booked.documents.find((d) => d.documentType === 'CommercialInvoice')!;
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, invoice.content);
    expect(tool('pdfinfo', [file])).toMatch(/^Pages:\s+1$/m);
    const text = tool('pdftotext', ['-layout', file, '-']);
    expect(text).toContain('COMMERCIAL INVOICE');
    expect(text).toContain(booked.orderReference);
    for (const [description, code] of [
      ['Cotton T-shirts', '610910'],
      ['Paperback books', '490199'],
      ['Cotton bed linen', '630231'],
      ['Toys and puzzles', '950300'],
    ]) {
      expect(text).toMatch(new RegExp(`${description}\\s+${code}`));
    }
    // 10×5.00 + 15×5.00 + 4×15.00 + 6×8.00
    expect(text).toContain('Total declared value: GBP 233.00');
    // 8 + 6 + 3 kg of goods declared; the boxes allow 80 kg, which is not what they hold.
    expect(text).toContain('Total net weight: 17 kg');
    expect(text).not.toMatch(/\b80 kg/);
  });

  it('states the goods as declared, each line and in total: 9.01 kg, not the 70 kg allowed', () => {
    const invoice = light.documents.find((d) => d.documentType === 'CommercialInvoice')!;
    const file = join(dir, 'invoice-light.pdf');
    writeFileSync(file, invoice.content);
    const text = tool('pdftotext', ['-layout', file, '-']);
    expect(text).toContain('Total net weight: 9.01 kg');
    expect(text).not.toMatch(/\b70 kg/);
    // Description, code, origin, units, unit value, total value, unit kg, total kg.
    expect(text).toMatch(/Paperback books\s+490199\s+GB\s+3\s+10\.00\s+30\.00\s+1\.67\s+5\.01/);
    expect(text).toMatch(/Photo album\s+490199\s+GB\s+1\s+10\.00\s+10\.00\s+2\s+2/);

    const label = light.labels.find((l) => l.size === 'A4')!;
    const labelFile = join(dir, 'label-light.pdf');
    writeFileSync(labelFile, label.content);
    const labelText = tool('pdftotext', ['-layout', labelFile, '-']);
    for (const kg of ['2', '5.01']) expect(labelText).toContain(`Contents declared: ${kg} kg`);
    expect(labelText).not.toMatch(/\b(20|30) kg/);
  });
});
