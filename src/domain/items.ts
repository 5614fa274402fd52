import { z } from './zod.js';
import { formatKg, type ParcelSpec } from './boxes.js';
import { EU_COUNTRY_CODES } from './countries.js';
import { formatPence } from './money.js';
import { readPounds } from './typed-pounds.js';
import { MAX_SHIPMENT_VALUE_PENCE, checkGoods, limitsOf, refusalOf } from './prohibited-items.js';

/**
 * Declare Items (docs/product-rules.md, "Declare items"): one parcel per box, each with its declared
 * items. Values are held in pence and weights in grams, so sums are exact.
 */
export const ITEM_MESSAGES = {
  commodityEmpty: 'Commodity details cannot be empty in any package.',
  commodityNotFound: 'Commodity not found, try a different phrase.',
  commodityChoose: 'Choose which of the matches this item is',
  name: 'Enter what the item is, like "wool jumper"',
  numberOfUnits: 'Enter how many, as a whole number from 1 to 999',
  unitValue: 'Enter the value of one item in pounds, from £0.01 to £5,000',
  unitWeight: 'Enter the weight of one item in kg, from 0.01 to 30',
} as const;

/**
 * A value typed in pounds, as the one money reader reads it (money.ts): "1,00" or "1e3" is not a
 * number here (where `Number` read "1e3" as £1,000). Too many decimals or not above zero stay
 * numbers, so the schema's own rules give their messages.
 */
function typedPounds(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const read = readPounds(value);
  if ('pence' in read) return read.pence / 100;
  const plain = value.trim().replace(/^£/, '');
  const asTyped = /^-?\d*\.?\d+$/.test(plain) ? Number(plain) : Number.NaN;
  return read.problem === 'tooManyDecimals' || read.problem === 'notPositive'
    ? asTyped
    : Number.NaN;
}

export const ItemInputSchema = z.object({
  name: z
    .string({ message: ITEM_MESSAGES.name })
    .trim()
    .min(2, ITEM_MESSAGES.name)
    .max(100, 'Use at most 100 characters'),
  numberOfUnits: z.coerce
    .number({ message: ITEM_MESSAGES.numberOfUnits })
    .int(ITEM_MESSAGES.numberOfUnits)
    .min(1, ITEM_MESSAGES.numberOfUnits)
    .max(999, ITEM_MESSAGES.numberOfUnits),
  /** Pounds, as typed (e.g. 12.50), read strictly: see {@link typedPounds}. */
  unitValue: z.preprocess(
    typedPounds,
    z
      .number({ message: ITEM_MESSAGES.unitValue })
      .min(0.01, ITEM_MESSAGES.unitValue)
      .max(5000, ITEM_MESSAGES.unitValue)
      .refine(
        (v) =>
          Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
        { message: 'Enter the value in pounds and pence, like 12.50' },
      ),
  ),
  /** Kilograms, as typed (e.g. 0.75). */
  unitWeight: z.coerce
    .number({ message: ITEM_MESSAGES.unitWeight })
    .min(0.01, ITEM_MESSAGES.unitWeight)
    .max(30, ITEM_MESSAGES.unitWeight),
});
export type ItemInput = z.input<typeof ItemInputSchema>;
export type ItemInputValue = z.output<typeof ItemInputSchema>;

/** An item as it is added: what was typed and the commodity match the customer picked. */
export const AddItemInputSchema = ItemInputSchema.extend({
  commodityCode: z
    .string({ message: ITEM_MESSAGES.commodityChoose })
    .trim()
    .regex(/^\d{4,10}$/, ITEM_MESSAGES.commodityChoose),
});
export type AddItemInput = z.input<typeof AddItemInputSchema>;
export type AddItemInputValue = z.output<typeof AddItemInputSchema>;

/** What the declaration rules need to know of the destination. */
export function destinationRules(countryCode: string): { toEu: boolean } {
  return { toEu: EU_COUNTRY_CODES.has(countryCode) };
}

export interface DeclaredItem {
  id: string;
  name: string;
  /** The courier's code, padded with zeros to 8 characters. */
  commodityCode: string;
  commodityDescription: string;
  numberOfUnits: number;
  unitValuePence: number;
  unitWeightGrams: number;
  countryOfOrigin: 'GB';
}

/** HS codes are read from the left, so "4902" becomes "49020000". */
export function padCommodityCode(code: string): string {
  return code.trim().padEnd(8, '0');
}

export function toPence(pounds: number): number {
  return Math.round(pounds * 100);
}

export function toGrams(kg: number): number {
  return Math.round(kg * 1000);
}

export { formatKg } from './boxes.js';

export function declaredWeightGrams(items: readonly DeclaredItem[]): number {
  return items.reduce((sum, item) => sum + item.unitWeightGrams * item.numberOfUnits, 0);
}

export function declaredValuePence(items: readonly DeclaredItem[]): number {
  return items.reduce((sum, item) => sum + item.unitValuePence * item.numberOfUnits, 0);
}

export function overweightMessage(parcel: ParcelSpec, grams: number): string {
  return `Declared weight ${formatKg(grams)} kg is over this parcel's ${parcel.maxWeightKg} kg limit`;
}

export interface ParcelWithItems {
  parcel: ParcelSpec;
  items: DeclaredItem[];
}

export interface DeclarationCheck {
  /** Problems that stop the customer continuing, in the order to show them. */
  errors: { parcelKey?: string; message: string }[];
  /** Items that may be refused by the courier: shown before payment, not blocking. */
  warnings: { parcelKey: string; itemId: string; message: string }[];
}

/**
 * Everything Continue checks before payment, on the server and in the browser: every parcel has
 * an item and is within its weight; the prohibited-goods table (refused, EU only, limits); the
 * shipment's value. Warnings name the limit a declared item is under.
 */
export function checkDeclaration(
  parcels: readonly ParcelWithItems[],
  destination: { toEu: boolean },
): DeclarationCheck {
  const errors: DeclarationCheck['errors'] = [];
  const warnings: DeclarationCheck['warnings'] = [];
  if (parcels.some((p) => p.items.length === 0))
    errors.push({ message: ITEM_MESSAGES.commodityEmpty });
  for (const { parcel, items } of parcels) {
    const grams = declaredWeightGrams(items);
    if (grams > parcel.maxWeightKg * 1000) {
      errors.push({
        parcelKey: parcel.key,
        message: `${parcel.title}: ${overweightMessage(parcel, grams)}`,
      });
    }
  }
  errors.push(
    ...checkGoods(
      parcels.map(({ parcel, items }) => ({ key: parcel.key, title: parcel.title, items })),
      destination.toEu,
    ),
  );
  for (const { parcel, items } of parcels) {
    for (const item of items) {
      for (const limit of limitsOf(item)) {
        warnings.push({
          parcelKey: parcel.key,
          itemId: item.id,
          message: `${parcel.title}: “${item.name}”: ${limit}.`,
        });
      }
    }
  }
  const total = parcels.reduce((sum, p) => sum + declaredValuePence(p.items), 0);
  if (total > MAX_SHIPMENT_VALUE_PENCE) {
    errors.push({
      message: `The declared value of your shipment is ${formatPence(total)}; we can carry shipments worth up to £5,000.`,
    });
  }
  return { errors, warnings };
}

/**
 * Whether an item may be added to a parcel, checked when it is added (before it is stored): the
 * first problem the item itself brings (refused or EU-only goods, a limit it takes the box or
 * shipment over, the parcel's weight), or undefined. Problems the declaration had before stay for
 * Continue to report.
 */
export function checkNewItem(
  parcels: readonly ParcelWithItems[],
  parcelKey: string,
  item: DeclaredItem,
  destination: { toEu: boolean },
): { field: 'name' | 'unitWeight'; message: string } | undefined {
  const target = parcels.find((p) => p.parcel.key === parcelKey);
  if (!target) return undefined;
  const refusal = refusalOf(item, destination.toEu);
  if (refusal) return { field: 'name', message: refusal.message };
  const before = declaredWeightGrams(target.items);
  const after = before + item.unitWeightGrams * item.numberOfUnits;
  const limitGrams = target.parcel.maxWeightKg * 1000;
  if (after > limitGrams) {
    return {
      field: 'unitWeight',
      message: `This would take ${target.parcel.title} to ${formatKg(after)} kg, ${formatKg(after - limitGrams)} kg over its ${target.parcel.maxWeightKg} kg limit.`,
    };
  }
  const withItem = parcels.map((p) =>
    p.parcel.key === parcelKey ? { ...p, items: [...p.items, item] } : p,
  );
  const known = new Set(checkDeclaration(parcels, destination).errors.map((e) => e.message));
  const fresh = checkDeclaration(withItem, destination).errors.find(
    (e) => !known.has(e.message) && e.message !== ITEM_MESSAGES.commodityEmpty,
  );
  return fresh && { field: 'name', message: fresh.message };
}
