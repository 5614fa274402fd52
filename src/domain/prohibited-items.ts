/**
 * The prohibited and restricted goods: one table, read by the item checks (in the browser when an
 * item is added, on the server when it is stored and again before payment) and by the public
 * lists (home page and /prohibited-items). Rules: docs/prohibited-goods.md. Each category's name
 * and rule are in goods-list.ts (all the home page's list needs), what it covers and its HS codes
 * and keywords here; GOODS_CATEGORIES joins them.
 *
 * A category matches an item by a keyword of its name (whole words, singular or plural) or by the
 * start of the item's commodity (HS) code: a 2-digit chapter, a 4-digit heading or a 6-digit
 * subheading.
 */
import {
  describeLimit,
  formatPounds,
  GOODS_LIST,
  type GoodsId,
  type GoodsListEntry,
} from './goods-list.js';

export { describeLimit, type GoodsRule } from './goods-list.js';

export interface GoodsCategory extends GoodsListEntry {
  /** What the category covers, in the customer's words (public pages). */
  covers: string;
  /** HS chapters (2 digits), headings (4) or subheadings (6). */
  hsCodes: readonly string[];
  /** Lower-case words or phrases, singular; plurals match too. */
  keywords: readonly string[];
}

const pounds = (value: number) => value * 100;

/**
 * What each category covers and how an item is matched to it, by the category's id in
 * GOODS_LIST (goods-list.ts: its name and rule, and the lists' order).
 */
const GOODS_DETAILS: Record<GoodsId, Omit<GoodsCategory, keyof GoodsListEntry>> = {
  cash: {
    covers: 'Banknotes, coins in circulation, cheques, gift cards and other money.',
    hsCodes: ['4907', '711890'],
    keywords: ['cash', 'money', 'banknote', 'currency', 'cheque', 'gift card'],
  },
  animals: {
    covers: 'Live animals and insects, and animal remains.',
    hsCodes: ['01', '0106'],
    keywords: [
      'live animal',
      'live fish',
      'live insect',
      'pet animal',
      'puppy',
      'kitten',
      'hamster',
      'reptile',
      'taxidermy',
    ],
  },
  aerosols: {
    covers: 'Anything in a pressurised spray can: spray deodorant, hairspray, spray paint.',
    hsCodes: [],
    keywords: [
      'aerosol',
      'spray can',
      'spray deodorant',
      'deodorant spray',
      'body spray',
      'hairspray',
      'hair spray',
      'spray paint',
      'shaving foam',
    ],
  },
  'food-and-beverages': {
    covers: 'Food of any kind, drinks, alcohol, tobacco and pet food.',
    hsCodes: [
      '02',
      '03',
      '04',
      '07',
      '08',
      '09',
      '10',
      '11',
      '16',
      '17',
      '18',
      '19',
      '20',
      '21',
      '22',
      '24',
    ],
    keywords: [
      'food',
      'beverage',
      'drink',
      'alcohol',
      'wine',
      'beer',
      'spirit',
      'whisky',
      'gin',
      'vodka',
      'chocolate',
      'tea',
      'coffee',
      'biscuit',
      'tobacco',
      'cigarette',
    ],
  },
  'illegal-drugs': {
    covers: 'Controlled drugs and anything made to use them.',
    hsCodes: ['130211', '2939'],
    keywords: ['drug', 'cannabis', 'narcotic', 'cocaine', 'heroin', 'marijuana', 'cbd'],
  },
  'flammable-goods': {
    covers:
      'Perfume and aftershave, nail polish, lighters, matches, fuel, paint and solvents, fireworks.',
    hsCodes: ['27', '36', '3303', '330430', '3208', '3814', '9613'],
    keywords: [
      'flammable',
      'perfume',
      'fragrance',
      'aftershave',
      'cologne',
      'eau de toilette',
      'nail polish',
      'nail varnish',
      'lighter',
      'match',
      'petrol',
      'fuel',
      'gas',
      'paint thinner',
      'solvent',
      'firework',
    ],
  },
  'gold-and-precious-stones': {
    covers: 'Gold or silver bars and coins, bullion, and loose diamonds or gemstones.',
    hsCodes: ['7102', '7103', '7104', '7106', '7108', '7110', '7112', '7118'],
    keywords: ['gold bar', 'bullion', 'gold coin', 'silver bar', 'loose diamond', 'gemstone'],
  },
  weapons: {
    covers: 'Guns and replicas, ammunition, knives, blades, swords and anything made to harm.',
    hsCodes: ['93', '8211', '8208'],
    keywords: [
      'weapon',
      'gun',
      'firearm',
      'rifle',
      'pistol',
      'ammunition',
      'knife',
      'knives',
      'sword',
      'blade',
      'dagger',
      'axe',
      'crossbow',
    ],
  },
  batteries: {
    covers:
      'Loose batteries of any kind and power banks. A battery fitted inside a device travels with it: declare the device.',
    hsCodes: ['8506', '8507'],
    keywords: ['battery', 'power bank', 'powerbank', 'lithium'],
  },
  medicines: {
    covers:
      'Prescription and over-the-counter medicines, vitamins and supplements: only to EU destinations.',
    hsCodes: ['3003', '3004', '2936'],
    keywords: [
      'medicine',
      'medication',
      'prescription',
      'vitamin',
      'supplement',
      'paracetamol',
      'ibuprofen',
      'antibiotic',
    ],
  },
  'plants-and-seeds': {
    covers: 'Live plants, cuttings, bulbs, seeds and soil: only to EU destinations.',
    hsCodes: ['06', '1209'],
    keywords: [
      'live plant',
      'houseplant',
      'plant cutting',
      'seed',
      'flower bulb',
      'sapling',
      'soil',
    ],
  },
  'electronic-devices': {
    covers: 'Laptops, tablets, phones, cameras, games consoles, televisions, headphones.',
    hsCodes: ['8471', '8517', '8521', '8525', '8528', '851830', '9504'],
    keywords: [
      'laptop',
      'notebook computer',
      'computer',
      'pc',
      'tablet',
      'ipad',
      'phone',
      'iphone',
      'smartphone',
      'camera',
      'console',
      'playstation',
      'xbox',
      'nintendo',
      'tv',
      'television',
      'monitor',
      'e-reader',
      'ereader',
      'kindle',
      'headphone',
      'speaker',
      'smartwatch',
      'drone',
      'printer',
    ],
  },
  'jewellery-and-watches': {
    covers: 'Rings, necklaces, bracelets, earrings and watches, of any metal.',
    hsCodes: ['7113', '7114', '7116', '7117', '9101', '9102'],
    keywords: [
      'jewellery',
      'jewelry',
      'jewel',
      'ring',
      'necklace',
      'bracelet',
      'earring',
      'pendant',
      'brooch',
      'watch',
      'wristwatch',
    ],
  },
  'art-and-antiques': {
    covers: 'Paintings, drawings, prints, sculptures and antiques over 100 years old.',
    hsCodes: ['9701', '9702', '9703', '9706'],
    keywords: ['painting', 'artwork', 'sculpture', 'antique', 'original print'],
  },
  collectibles: {
    covers: 'Stamps, coin and medal collections, trading cards and collectors’ pieces.',
    hsCodes: ['9704', '9705'],
    keywords: ['collectible', 'collectable', 'stamp collection', 'trading card', 'memorabilia'],
  },
};

/** Every category with its name, rule and details, in the order the public lists show them. */
export const GOODS_CATEGORIES: readonly GoodsCategory[] = GOODS_LIST.map((entry) => ({
  ...entry,
  ...GOODS_DETAILS[entry.id],
}));

/** Every shipment: the goods in it may be worth this much in total. */
export const MAX_SHIPMENT_VALUE_PENCE = pounds(5000);

/** Lower-case words of a text, each also singularised ("batteries" → "battery"). */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9-]+/)
    .filter(Boolean)
    .map(singular);
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

let keywordIndex: { category: GoodsCategory; phrases: string[][] }[] | undefined;

/** Each category's keywords as word lists, built on first use. */
function keywordsIndex() {
  keywordIndex ??= GOODS_CATEGORIES.map((category) => ({
    category,
    phrases: category.keywords.map((k) => words(k)),
  }));
  return keywordIndex;
}

function containsPhrase(haystack: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  for (let i = 0; i + phrase.length <= haystack.length; i += 1) {
    if (phrase.every((w, j) => haystack[i + j] === w)) return true;
  }
  return false;
}

/** The categories an item's name names, in table order. */
export function categoriesNamedBy(name: string): GoodsCategory[] {
  const found = words(name);
  return keywordsIndex()
    .filter(({ phrases }) => phrases.some((p) => containsPhrase(found, p)))
    .map(({ category }) => category);
}

/** The categories a commodity code falls in, in table order. */
export function categoriesOfCode(commodityCode: string): GoodsCategory[] {
  const code = commodityCode.trim();
  if (!/^\d{2,}$/.test(code)) return [];
  return GOODS_CATEGORIES.filter((c) => c.hsCodes.some((prefix) => code.startsWith(prefix)));
}

/** The categories an item belongs to, by its name or its code, in table order. */
export function categoriesOf(item: { name: string; commodityCode?: string }): GoodsCategory[] {
  const byName = categoriesNamedBy(item.name);
  const byCode = item.commodityCode ? categoriesOfCode(item.commodityCode) : [];
  return GOODS_CATEGORIES.filter((c) => byName.includes(c) || byCode.includes(c));
}

/** Why an item cannot go at all, whatever its value or count; undefined when it may. */
export function refusalOf(
  item: { name: string; commodityCode?: string },
  toEu: boolean,
): { category: GoodsCategory; message: string } | undefined {
  for (const category of categoriesOf(item)) {
    if (category.rule.kind === 'refused') {
      return { category, message: `${category.name} cannot be sent.` };
    }
    if (category.rule.kind === 'eu-only' && !toEu) {
      return {
        category,
        message: `${category.name} can be sent to EU destinations only.`,
      };
    }
  }
  return undefined;
}

export interface GoodsItem {
  name: string;
  commodityCode?: string;
  numberOfUnits: number;
  unitValuePence: number;
}

export interface GoodsParcel {
  key: string;
  title: string;
  items: readonly GoodsItem[];
}

/**
 * Every rule of the table over a whole shipment: refused and EU-only goods, and each limit (per
 * item, per box, per shipment). One message per problem, in parcel order.
 */
export function checkGoods(
  parcels: readonly GoodsParcel[],
  toEu: boolean,
): { parcelKey?: string; message: string }[] {
  const problems: { parcelKey?: string; message: string }[] = [];
  const shipmentTotals = new Map<GoodsCategory, { value: number; count: number }>();
  for (const parcel of parcels) {
    const boxTotals = new Map<GoodsCategory, { value: number; count: number }>();
    for (const item of parcel.items) {
      const refusal = refusalOf(item, toEu);
      if (refusal) {
        problems.push({
          parcelKey: parcel.key,
          message: `${parcel.title}: “${item.name}”: ${refusal.message}`,
        });
        continue;
      }
      for (const category of categoriesOf(item)) {
        const rule = category.rule;
        if (rule.kind !== 'limited') continue;
        if (rule.per === 'item') {
          if (rule.maxValuePence !== undefined && item.unitValuePence > rule.maxValuePence) {
            problems.push({
              parcelKey: parcel.key,
              message: `${parcel.title}: “${item.name}”: ${category.name}: ${describeLimit(category)}.`,
            });
          }
          continue;
        }
        const totals = rule.per === 'box' ? boxTotals : shipmentTotals;
        const sum = totals.get(category) ?? { value: 0, count: 0 };
        sum.value += item.unitValuePence * item.numberOfUnits;
        sum.count += item.numberOfUnits;
        totals.set(category, sum);
      }
    }
    for (const [category, sum] of boxTotals) {
      const over = overLimit(category, sum);
      if (over) problems.push({ parcelKey: parcel.key, message: `${parcel.title}: ${over}` });
    }
  }
  for (const [category, sum] of shipmentTotals) {
    const over = overLimit(category, sum);
    if (over) problems.push({ message: over });
  }
  return problems;
}

function overLimit(category: GoodsCategory, sum: { value: number; count: number }) {
  const rule = category.rule;
  if (rule.kind !== 'limited') return undefined;
  if (rule.maxCount !== undefined && sum.count > rule.maxCount) {
    return `${category.name}: ${describeLimit(category)} (${sum.count} declared).`;
  }
  if (rule.maxValuePence !== undefined && sum.value > rule.maxValuePence) {
    return `${category.name}: ${describeLimit(category)} (${formatPounds(sum.value)} declared).`;
  }
  return undefined;
}

/** The limits an item is under (shown beside it): "Jewellery and watches: up to £4,000…". */
export function limitsOf(item: { name: string; commodityCode?: string }): string[] {
  return categoriesOf(item)
    .filter((c) => c.rule.kind === 'limited')
    .map((c) => `${c.name}: ${describeLimit(c) ?? ''}`);
}
