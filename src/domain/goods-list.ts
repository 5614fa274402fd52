/**
 * The prohibited and restricted goods as the public lists name them: each category's name and
 * rule, in the lists' order (refused first, then EU only, then limited). What each covers and
 * how an item is matched to it (HS codes, keywords) are in prohibited-items.ts, whose
 * GOODS_CATEGORIES joins the two by id: the home page's lists need only this file, so its script
 * carries none of the matching (docs/decisions/101). Rules: docs/prohibited-goods.md.
 */

export type GoodsRule =
  /** Never carried. */
  | { readonly kind: 'refused' }
  /** Carried to EU destinations only. */
  | { readonly kind: 'eu-only' }
  /** Carried up to a value or a count, per item, per box or per shipment. */
  | {
      readonly kind: 'limited';
      readonly per: 'item' | 'box' | 'shipment';
      readonly maxValuePence?: number;
      readonly maxCount?: number;
    };

export interface GoodsListEntry {
  id: string;
  /** As the customer reads it: "Aerosols cannot be sent". */
  name: string;
  rule: GoodsRule;
}

const pounds = (value: number) => value * 100;

/** Every category, in the order the public lists show them. */
export const GOODS_LIST = [
  { id: 'cash', name: 'Cash', rule: { kind: 'refused' } },
  { id: 'animals', name: 'Animals', rule: { kind: 'refused' } },
  { id: 'aerosols', name: 'Aerosols', rule: { kind: 'refused' } },
  { id: 'food-and-beverages', name: 'Food & Beverages', rule: { kind: 'refused' } },
  { id: 'illegal-drugs', name: 'Illegal Drugs', rule: { kind: 'refused' } },
  { id: 'flammable-goods', name: 'Flammable Goods', rule: { kind: 'refused' } },
  {
    id: 'gold-and-precious-stones',
    name: 'Gold Bullion & Loose Stones',
    rule: { kind: 'refused' },
  },
  { id: 'weapons', name: 'Weapons / Sharp Objects', rule: { kind: 'refused' } },
  { id: 'batteries', name: 'Batteries', rule: { kind: 'refused' } },
  { id: 'medicines', name: 'Medicines and vitamins', rule: { kind: 'eu-only' } },
  { id: 'plants-and-seeds', name: 'Plants and seeds', rule: { kind: 'eu-only' } },
  {
    id: 'electronic-devices',
    name: 'Electronic devices',
    rule: { kind: 'limited', per: 'box', maxCount: 2 },
  },
  {
    id: 'jewellery-and-watches',
    name: 'Jewellery and watches',
    rule: { kind: 'limited', per: 'shipment', maxValuePence: pounds(4000) },
  },
  {
    id: 'art-and-antiques',
    name: 'Art and antiques',
    rule: { kind: 'limited', per: 'item', maxValuePence: pounds(5000) },
  },
  {
    id: 'collectibles',
    name: 'Collectibles',
    rule: { kind: 'limited', per: 'item', maxValuePence: pounds(1800) },
  },
] as const satisfies readonly GoodsListEntry[];

/** A category of the goods table, by its id. */
export type GoodsId = (typeof GOODS_LIST)[number]['id'];

/** The limit of a limited category, as the customer reads it. */
export function describeLimit(category: { rule: GoodsRule }): string | undefined {
  const rule = category.rule;
  if (rule.kind === 'refused') return 'Never sent';
  if (rule.kind === 'eu-only') return 'Only to EU destinations';
  const per = { item: 'each', box: 'per box', shipment: 'in total per shipment' }[rule.per];
  if (rule.maxCount !== undefined) return `At most ${rule.maxCount} ${per}`;
  if (rule.maxValuePence !== undefined) {
    return `Up to ${formatPounds(rule.maxValuePence)} ${per}`;
  }
  return undefined;
}

/** Whole pounds as a limit reads them: "£4,000". */
export function formatPounds(pence: number): string {
  return `£${(pence / 100).toLocaleString('en-GB')}`;
}
