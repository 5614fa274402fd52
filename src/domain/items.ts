import { z } from './zod.js';
import { BOX_SPECS, type BoxType } from './boxes.js';
import { formatPence } from './money.js';

/**
 * Declare Items (docs/product-rules.md, "Declare items"): one parcel per box, each with its declared
 * items. Values are held in pence and weights in grams, so sums are exact.
 */
export const ITEM_MESSAGES = {
  commodityEmpty: 'Commodity details cannot be empty in any package.',
  commodityNotFound: 'Commodity not found, try a different phrase.',
  name: 'Enter what the item is, like "wool jumper"',
  numberOfUnits: 'Enter how many, as a whole number from 1 to 999',
  unitValue: 'Enter the value of one item in pounds, from £0.01 to £5,000',
  unitWeight: 'Enter the weight of one item in kg, from 0.01 to 30',
} as const;

/** Shipments over this value are refused (prohibited-items limits, docs/product-rules.md). */
export const MAX_SHIPMENT_VALUE_PENCE = 500_000;
/** At most this many electronic devices per box (docs/product-rules.md). */
export const MAX_ELECTRONIC_DEVICES_PER_BOX = 2;

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
  /** Pounds, as typed (e.g. 12.50). */
  unitValue: z.coerce
    .number({ message: ITEM_MESSAGES.unitValue })
    .min(0.01, ITEM_MESSAGES.unitValue)
    .max(5000, ITEM_MESSAGES.unitValue)
    .refine(
      (v) =>
        Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      {
        message: 'Enter the value in pounds and pence, like 12.50',
      },
    ),
  /** Kilograms, as typed (e.g. 0.75). */
  unitWeight: z.coerce
    .number({ message: ITEM_MESSAGES.unitWeight })
    .min(0.01, ITEM_MESSAGES.unitWeight)
    .max(30, ITEM_MESSAGES.unitWeight),
});
export type ItemInput = z.input<typeof ItemInputSchema>;
export type ItemInputValue = z.output<typeof ItemInputSchema>;

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

export interface ParcelSpec {
  /** "large-1", "small-2"… */
  key: string;
  type: BoxType;
  index: number;
  /** "Large Parcel 1", "Small Parcel 2"… */
  title: string;
  maxWeightKg: number;
  heightCm: number;
  widthCm: number;
  lengthCm: number;
}

/** One parcel per large box, then one per small box (docs/product-rules.md, "Declare items"). */
export function parcelsFor(smallBoxes: number, largeBoxes: number): ParcelSpec[] {
  const make = (type: BoxType, index: number): ParcelSpec => ({
    key: `${type}-${index}`,
    type,
    index,
    title: `${type === 'large' ? 'Large' : 'Small'} Parcel ${index}`,
    maxWeightKg: BOX_SPECS[type].maxWeightKg,
    heightCm: BOX_SPECS[type].heightCm,
    widthCm: BOX_SPECS[type].widthCm,
    lengthCm: BOX_SPECS[type].lengthCm,
  });
  return [
    ...Array.from({ length: largeBoxes }, (_, i) => make('large', i + 1)),
    ...Array.from({ length: smallBoxes }, (_, i) => make('small', i + 1)),
  ];
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

export function formatKg(grams: number): string {
  const kg = grams / 1000;
  return Number.isInteger(kg) ? String(kg) : kg.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');
}

export function declaredWeightGrams(items: readonly DeclaredItem[]): number {
  return items.reduce((sum, item) => sum + item.unitWeightGrams * item.numberOfUnits, 0);
}

export function declaredValuePence(items: readonly DeclaredItem[]): number {
  return items.reduce((sum, item) => sum + item.unitValuePence * item.numberOfUnits, 0);
}

export function overweightMessage(parcel: ParcelSpec, grams: number): string {
  return `Declared weight ${formatKg(grams)} kg is over this parcel's ${parcel.maxWeightKg} kg limit`;
}

/** Words that mark an item the courier will not carry or only with care (docs/product-rules.md, "Declare items"). */
const RESTRICTED_WORDS: { pattern: RegExp; label: string }[] = [
  { pattern: /\b(cash|money|banknotes?|coins?|currency)\b/i, label: 'cash' },
  { pattern: /\b(animals?|pets?|live)\b/i, label: 'animals' },
  { pattern: /\b(aerosols?|spray ?cans?|hairspray|deodorant spray)\b/i, label: 'aerosols' },
  {
    pattern: /\b(food|foods|beverages?|drinks?|alcohol|wine|beer|spirits?|whisky)\b/i,
    label: 'food & beverages',
  },
  { pattern: /\b(drugs?|cannabis|narcotics?)\b/i, label: 'drugs' },
  {
    pattern: /\b(flammable|lighters?|matches|petrol|fuel|gas|paint thinner|fireworks?)\b/i,
    label: 'flammable goods',
  },
  {
    pattern: /\b(gold|jewell?e?ry|jewels?|diamonds?|watch|watches|rings?|necklaces?)\b/i,
    label: 'gold & jewellery',
  },
  {
    pattern: /\b(weapons?|guns?|knife|knives|swords?|blades?|ammunition|firearms?)\b/i,
    label: 'weapons / sharp objects',
  },
  { pattern: /\b(batter(y|ies)|lithium|power ?banks?)\b/i, label: 'batteries' },
  {
    pattern: /\b(perfumes?|fragrances?|aftershave|cologne|nail polish)\b/i,
    label: 'perfume (flammable)',
  },
];

/** Words that mark an electronic device (at most 2 per box). */
const ELECTRONIC_DEVICE =
  /\b(laptops?|notebooks? computer|computers?|pcs?|tablets?|ipads?|phones?|iphones?|smartphones?|mobiles?|cameras?|consoles?|playstation|xbox|nintendo|switch|tvs?|televisions?|monitors?|e-?readers?|kindles?|headphones?|speakers?|smartwatch(es)?|drones?|printers?)\b/i;

export function restrictedCategory(name: string): string | undefined {
  return RESTRICTED_WORDS.find((w) => w.pattern.test(name))?.label;
}

export function isElectronicDevice(name: string): boolean {
  return ELECTRONIC_DEVICE.test(name);
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

/** Everything Continue checks before payment. */
export function checkDeclaration(parcels: readonly ParcelWithItems[]): DeclarationCheck {
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
    const devices = items
      .filter((i) => isElectronicDevice(i.name))
      .reduce((n, i) => n + i.numberOfUnits, 0);
    if (devices > MAX_ELECTRONIC_DEVICES_PER_BOX) {
      errors.push({
        parcelKey: parcel.key,
        message: `${parcel.title}: at most ${MAX_ELECTRONIC_DEVICES_PER_BOX} electronic devices are allowed per box (${devices} declared)`,
      });
    }
    for (const item of items) {
      const category = restrictedCategory(item.name);
      if (category) {
        warnings.push({
          parcelKey: parcel.key,
          itemId: item.id,
          message: `${parcel.title}: “${item.name}” looks like ${category}, which we cannot carry or carry only within limits. Please check our prohibited items before paying.`,
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
