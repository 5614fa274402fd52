/**
 * The simulator's booked orders on disk (the `storeDir` option), so they outlive a restart:
 * one folder per order, named by its reference, holding `order.json` (what it booked, its
 * scenario, rebookings and cancellation) and its label and document PDFs. Every file is written whole to a
 * temporary name and renamed into place; `order.json` last, so a folder without it (a crash
 * mid-way) is ignored. Writes run one at a time, in the order asked.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { describeTightened, makePrivate } from '#src/server/private-files.js';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { LabelSize, PdfOrder } from './documents.pdf.js';
import { SCENARIOS, type TrackedOrder } from './tracking.js';

/** An order the simulator booked, with its PDFs: what its book holds and its store keeps. */
export interface StoredOrder extends TrackedOrder {
  orderReference: string;
  invoiceReference: string;
  serviceName: string;
  labels: { size: LabelSize; token: string; content: Buffer }[];
  documents: { type: string; token: string; content: Buffer }[];
  /**
   * What its PDFs were rendered from, so a move of the collection day renders its labels again
   * (the same references, the new day); absent in files written before it was kept.
   */
  pdf?: PdfOrder;
}

/** A folder name that is an order reference (and nothing that could leave the store). */
const REFERENCE = /^[A-Z0-9-]{3,40}$/i;
const ORDER_FILE = 'order.json';

const AddressFile = z.object({
  name: z.string(),
  companyName: z.string().optional(),
  lines: z.array(z.string()),
  city: z.string(),
  county: z.string().optional(),
  postcode: z.string(),
  country: z.string(),
  telephone: z.string().optional(),
  email: z.string().optional(),
});

const OrderFile = z.object({
  format: z.literal(1),
  orderReference: z.string().regex(REFERENCE),
  airWaybill: z.string(),
  invoiceReference: z.string(),
  serviceName: z.string(),
  carrierName: z.string(),
  collectionDate: z.string(),
  readyFrom: z.string(),
  bookedAt: z.iso.datetime(),
  transit: z.string(),
  from: AddressFile,
  to: AddressFile,
  packageCount: z.number().int().min(1),
  labels: z.array(
    z.object({
      size: z.enum(['A4', 'Thermal']),
      token: z.string().regex(/^[a-z0-9]+$/),
      file: z.string().regex(/^[a-z0-9-]+\.pdf$/i),
    }),
  ),
  documents: z.array(
    z.object({
      type: z.string(),
      token: z.string().regex(/^[a-z0-9]+$/),
      file: z.string().regex(/^[a-z0-9-]+\.pdf$/i),
    }),
  ),
  rebookings: z.array(
    z.object({
      collectionDate: z.string(),
      readyFrom: z.string(),
      at: z.iso.datetime(),
      contact: z.object({ name: z.string(), phone: z.string(), email: z.string() }).optional(),
      instructions: z.string().optional(),
      coverValue: z.number().optional(),
    }),
  ),
  scenario: z.object({ name: z.enum(SCENARIOS), parcel: z.number().int().min(1).optional() }),
  /** What the PDFs were rendered from (`StoredOrder.pdf`); its `bookedAt` as an ISO time. */
  pdf: z.looseObject({ bookedAt: z.iso.datetime() }).optional(),
  /** Absent until the booking is cancelled (and in files written before cancelling existed). */
  cancellation: z.object({ at: z.iso.datetime(), count: z.number().int().min(1) }).optional(),
});
type OrderFile = z.infer<typeof OrderFile>;

const labelFile = (size: string) => `label-${size}.pdf`;
const documentFile = (index: number) => `document-${index + 1}.pdf`;

function toFile(order: StoredOrder): OrderFile {
  return {
    format: 1,
    orderReference: order.orderReference,
    airWaybill: order.airWaybill,
    invoiceReference: order.invoiceReference,
    serviceName: order.serviceName,
    carrierName: order.carrierName,
    collectionDate: order.collectionDate,
    readyFrom: order.readyFrom,
    bookedAt: order.bookedAt.toISOString(),
    transit: order.transit,
    from: order.from,
    to: order.to,
    packageCount: order.packageCount,
    labels: order.labels.map((l) => ({
      size: l.size,
      token: l.token,
      file: `label-${l.size}.pdf`,
    })),
    documents: order.documents.map((d, i) => ({
      type: d.type,
      token: d.token,
      file: `document-${i + 1}.pdf`,
    })),
    rebookings: order.rebookings.map((r) => ({ ...r, at: r.at.toISOString() })),
    scenario: { ...order.scenario },
    ...(order.pdf ? { pdf: { ...order.pdf, bookedAt: order.pdf.bookedAt.toISOString() } } : {}),
    ...(order.cancellation
      ? {
          cancellation: {
            at: order.cancellation.at.toISOString(),
            count: order.cancellation.count,
          },
        }
      : {}),
  };
}

async function writeAtomically(path: string, data: string | Buffer): Promise<void> {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data, { mode: 0o600 });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export class OrderStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dir: string,
    private readonly logger?: Logger,
  ) {}

  /** Runs writes one after another; each caller gets its own write's outcome. */
  private enqueue(write: () => Promise<void>): Promise<void> {
    const next = this.queue.then(write);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Every order kept, oldest booking first; a folder that cannot be read is skipped (logged). */
  async load(): Promise<StoredOrder[]> {
    // Its labels carry names and addresses: its folder is this machine account's alone, one
    // left readable by an earlier version included (decision 114).
    const changed = await makePrivate(this.dir);
    const said = describeTightened(changed);
    if (said) this.logger?.warn({ dir: this.dir, ...changed }, `courier simulator: ${said}`);
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const orders: StoredOrder[] = [];
    for (const name of names.filter((n) => REFERENCE.test(n))) {
      try {
        const order = await this.read(join(this.dir, name));
        if (order) orders.push(order);
      } catch (error) {
        this.logger?.warn({ err: error, order: name }, 'courier simulator: order not loaded');
      }
    }
    return orders.sort((a, b) => a.bookedAt.getTime() - b.bookedAt.getTime());
  }

  private async read(folder: string): Promise<StoredOrder | undefined> {
    let text: string;
    try {
      text = await readFile(join(folder, ORDER_FILE), 'utf8');
    } catch (error) {
      // Written up to its PDFs only: the booking never answered.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const file = OrderFile.parse(JSON.parse(text));
    const pdf = (name: string) => readFile(join(folder, name));
    return {
      orderReference: file.orderReference,
      airWaybill: file.airWaybill,
      invoiceReference: file.invoiceReference,
      serviceName: file.serviceName,
      carrierName: file.carrierName,
      collectionDate: file.collectionDate,
      readyFrom: file.readyFrom,
      bookedAt: new Date(file.bookedAt),
      transit: file.transit,
      from: file.from,
      to: file.to,
      packageCount: file.packageCount,
      labels: await Promise.all(
        file.labels.map(async (l) => ({
          size: l.size,
          token: l.token,
          content: await pdf(l.file),
        })),
      ),
      documents: await Promise.all(
        file.documents.map(async (d) => ({
          type: d.type,
          token: d.token,
          content: await pdf(d.file),
        })),
      ),
      rebookings: file.rebookings.map((r) => ({ ...r, at: new Date(r.at) })),
      scenario: file.scenario,
      ...(file.pdf
        ? { pdf: { ...(file.pdf as unknown as PdfOrder), bookedAt: new Date(file.pdf.bookedAt) } }
        : {}),
      ...(file.cancellation
        ? { cancellation: { at: new Date(file.cancellation.at), count: file.cancellation.count } }
        : {}),
    };
  }

  private folder(order: { orderReference: string }): string {
    if (!REFERENCE.test(order.orderReference)) {
      throw new Error(`not an order reference: ${order.orderReference}`);
    }
    return join(this.dir, order.orderReference.toUpperCase());
  }

  /** A new order: its PDFs, then its `order.json`. */
  add(order: StoredOrder): Promise<void> {
    const folder = this.folder(order);
    const file = toFile(order);
    return this.enqueue(async () => {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      for (const label of order.labels) {
        await writeAtomically(join(folder, labelFile(label.size)), label.content);
      }
      for (const [i, document] of order.documents.entries()) {
        await writeAtomically(join(folder, documentFile(i)), document.content);
      }
      await writeAtomically(join(folder, ORDER_FILE), JSON.stringify(file, null, 2));
    });
  }

  /**
   * An order's scenario, collection or cancellation changed: its `order.json` again, as it is now,
   * after its labels when they were rendered again (`labels`: a move of the collection day).
   */
  update(order: StoredOrder, options: { labels?: boolean } = {}): Promise<void> {
    const folder = this.folder(order);
    const text = JSON.stringify(toFile(order), null, 2);
    const labels = options.labels ? order.labels.map((l) => ({ ...l })) : [];
    return this.enqueue(async () => {
      for (const label of labels) {
        await writeAtomically(join(folder, labelFile(label.size)), label.content);
      }
      await writeAtomically(join(folder, ORDER_FILE), text);
    });
  }

  /** An order let go (the oldest, beyond the simulator's limit): its folder and files. */
  remove(order: { orderReference: string }): Promise<void> {
    const folder = this.folder(order);
    return this.enqueue(() => rm(folder, { recursive: true, force: true }));
  }

  /** Resolves when every write asked so far is done. */
  async idle(): Promise<void> {
    await this.queue;
  }
}
