/**
 * The prohibited and restricted goods: one table, read by the item checks (in the browser when an
 * item is added, on the server when it is stored and again before payment) and by the public
 * lists (home page and /prohibited-items). Rules: docs/prohibited-goods.md. Each category's name
 * and rule are in goods-list.ts (all the home page's list needs), what it covers and its HS codes
 * and keywords here; GOODS_CATEGORIES joins them.
 *
 * A category matches an item by a keyword of its name (whole words, singular or plural) that is
 * not part of one of its look-alikes ("phone case" is not a phone), or by the start of the item's
 * commodity (HS) code: a 2-digit chapter, a 4-digit heading or a 6-digit subheading.
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
  /**
   * Phrases holding a keyword that name something else ("phone case", "ring binder", "massage
   * gun"): a keyword that appears only inside one of them does not match.
   */
  lookAlikes: readonly string[];
}

const pounds = (value: number) => value * 100;

/**
 * "phone case", "ring binder": each head followed by each word, the phrases in which a keyword
 * only describes another thing (the last word names what the item is).
 */
function modifying(heads: readonly string[], things: readonly string[]): string[] {
  return heads.flatMap((head) => things.map((thing) => `${head} ${thing}`));
}

const CASH_KEYWORDS = ['cash', 'money', 'banknote', 'currency', 'cheque', 'gift card'];
const ANIMAL_KEYWORDS = [
  'live animal',
  'live fish',
  'live insect',
  'pet animal',
  'puppy',
  'kitten',
  'hamster',
  'reptile',
  'taxidermy',
];
const AEROSOL_KEYWORDS = [
  'aerosol',
  'spray can',
  'spray deodorant',
  'deodorant spray',
  'body spray',
  'hairspray',
  'hair spray',
  'spray paint',
  'shaving foam',
];
const FOOD_KEYWORDS = [
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
];
const DRUG_KEYWORDS = ['drug', 'cannabis', 'narcotic', 'cocaine', 'heroin', 'marijuana', 'cbd'];
const FLAMMABLE_KEYWORDS = [
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
];
const GOLD_KEYWORDS = [
  'gold bar',
  'bullion',
  'gold coin',
  'silver bar',
  'loose diamond',
  'gemstone',
];
const WEAPON_KEYWORDS = [
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
];
const BATTERY_KEYWORDS = ['battery', 'power bank', 'powerbank', 'lithium'];
const MEDICINE_KEYWORDS = [
  'medicine',
  'medication',
  'prescription',
  'vitamin',
  'supplement',
  'paracetamol',
  'ibuprofen',
  'antibiotic',
];
const PLANT_KEYWORDS = [
  'live plant',
  'houseplant',
  'plant cutting',
  'seed',
  'flower bulb',
  'sapling',
  'soil',
];
const DEVICE_KEYWORDS = [
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
];
const JEWELLERY_KEYWORDS = [
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
];
const ART_KEYWORDS = ['painting', 'artwork', 'sculpture', 'antique', 'original print'];
const COLLECTIBLE_KEYWORDS = [
  'collectible',
  'collectable',
  'stamp collection',
  'trading card',
  'memorabilia',
];

/**
 * What each category covers and how an item is matched to it, by the category's id in
 * GOODS_LIST (goods-list.ts: its name and rule, and the lists' order). The codes are the HS
 * headings and subheadings whose goods are the category's and nothing else: where a heading also
 * holds other goods (9504: consoles, but board games and playing cards too), only its subheadings
 * that are the category's are listed. Each category's unit test names a look-alike it must not
 * catch (docs/prohibited-goods.md).
 */
const GOODS_DETAILS: Record<GoodsId, Omit<GoodsCategory, keyof GoodsListEntry>> = {
  cash: {
    covers: 'Banknotes, coins in circulation, cheques, gift cards and other money.',
    // 4907: banknotes, cheque forms, unused stamps of current issue; 711890: coins that are legal
    // tender (711810, coins that are not, are keepsakes).
    hsCodes: ['4907', '711890'],
    keywords: CASH_KEYWORDS,
    lookAlikes: [
      'play money',
      'toy money',
      'monopoly money',
      ...modifying(CASH_KEYWORDS, [
        'box',
        'belt',
        'clip',
        'tin',
        'register',
        'holder',
        'counter',
        'converter',
      ]),
    ],
  },
  animals: {
    covers: 'Live animals and insects, and animal remains.',
    hsCodes: ['01'],
    keywords: ANIMAL_KEYWORDS,
    lookAlikes: modifying(ANIMAL_KEYWORDS, [
      'heel',
      'toy',
      'bed',
      'cage',
      'wheel',
      'collar',
      'lead',
      'harness',
      'bowl',
      'tank',
      'lamp',
      'pad',
      'carrier',
      'crate',
      'blanket',
      'shampoo',
      'print',
    ]),
  },
  aerosols: {
    covers: 'Anything in a pressurised spray can: spray deodorant, hairspray, spray paint.',
    // Being in a spray can is not a tariff class: the words alone tell an aerosol.
    hsCodes: [],
    keywords: AEROSOL_KEYWORDS,
    lookAlikes: ['non aerosol', ...modifying(AEROSOL_KEYWORDS, ['free', 'gun', 'booth'])],
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
      // Chapter 15 is fats and oils: the edible ones (1505 lanolin, 1518 and later: waxes,
      // glycerol, industrial oils, are not food).
      '1501',
      '1502',
      '1503',
      '1504',
      '1506',
      '1507',
      '1508',
      '1509',
      '1510',
      '1511',
      '1512',
      '1513',
      '1514',
      '1515',
      '1516',
      '1517',
      '16',
      '17',
      '18',
      '19',
      '20',
      '21',
      '22',
      '2309',
      '24',
    ],
    keywords: FOOD_KEYWORDS,
    lookAlikes: [
      'tea light',
      'drink bottle',
      'drinking bottle',
      ...modifying(FOOD_KEYWORDS, [
        'glass',
        'towel',
        'machine',
        'maker',
        'table',
        'mug',
        'cup',
        'set',
        'light',
        'processor',
        'mixer',
        'blender',
        'rack',
        'cooler',
        'mat',
        'coaster',
        'grinder',
        'pot',
        'level',
        'bowl',
        'container',
        'flask',
        'thermometer',
        'book',
        'wipe',
      ]),
    ],
  },
  'illegal-drugs': {
    covers: 'Controlled drugs and anything made to use them.',
    // Opium, coca leaf and poppy straw, and the controlled alkaloids of 2939: opium's, the
    // ephedrines, ergot's, cocaine's (not caffeine, 293930).
    hsCodes: [
      '130211',
      '121130',
      '121140',
      '293911',
      '293919',
      '293941',
      '293942',
      '293943',
      '293944',
      '293945',
      '293949',
      '293961',
      '293962',
      '293969',
      '293971',
      '293972',
    ],
    keywords: DRUG_KEYWORDS,
    lookAlikes: modifying(DRUG_KEYWORDS, ['test', 'testing', 'tester']),
  },
  'flammable-goods': {
    covers:
      'Perfume and aftershave, nail polish, lighters, matches, fuel, paint and solvents, fireworks.',
    // Of chapter 27, the fuels (not 2712: petroleum jelly, paraffin wax); 3208: solvent-based
    // paints (not 3209, water-based); 9613: lighters (not 961390, their parts).
    hsCodes: [
      '2707',
      '2709',
      '2710',
      '2711',
      '36',
      '3303',
      '330430',
      '3208',
      '3814',
      '961310',
      '961320',
      '961380',
    ],
    keywords: FLAMMABLE_KEYWORDS,
    lookAlikes: [
      'gas mask',
      'football match',
      ...modifying(['match'], ['programme', 'program', 'ball', 'day', 'ticket', 'shirt', 'report']),
      ...modifying(FLAMMABLE_KEYWORDS, ['atomiser', 'atomizer', 'free']),
    ],
  },
  'gold-and-precious-stones': {
    covers: 'Gold or silver bars and coins, bullion, and loose diamonds or gemstones.',
    // Unmounted stones (7102–7104), unwrought or semi-made precious metal (7106, 7108, 7110),
    // its scrap (7112). Coins in circulation are cash (711890).
    hsCodes: ['7102', '7103', '7104', '7106', '7108', '7110', '7112'],
    keywords: GOLD_KEYWORDS,
    lookAlikes: [
      'chocolate gold coin',
      ...modifying(GOLD_KEYWORDS, [
        'ring',
        'necklace',
        'pendant',
        'earring',
        'bracelet',
        'brooch',
        'jewellery',
        'jewelry',
        'chain',
        'charm',
        'fringe',
      ]),
    ],
  },
  weapons: {
    covers: 'Guns and replicas, ammunition, knives, blades, swords and anything made to harm.',
    // Chapter 93 (arms, ammunition, swords) and knives with a cutting blade (8211 but 821191,
    // table knives, and 821195, handles). 8208, machines' blades, are machine parts.
    hsCodes: ['93', '821110', '821192', '821193', '821194'],
    keywords: WEAPON_KEYWORDS,
    lookAlikes: [
      'massage gun',
      'glue gun',
      'spray gun',
      'paint gun',
      'heat gun',
      'nail gun',
      'staple gun',
      'caulking gun',
      'water gun',
      'water pistol',
      'nerf gun',
      ...modifying(['table', 'butter', 'palette', 'putty'], ['knife', 'knives']),
      'wiper blade',
      ...modifying(WEAPON_KEYWORDS, ['sharpener']),
    ],
  },
  batteries: {
    covers:
      'Loose batteries of any kind and power banks. A battery fitted inside a device travels with it: declare the device.',
    // Cells and batteries, primary (8506) and rechargeable (8507), not their parts (850690, 850790).
    hsCodes: [
      '850610',
      '850630',
      '850640',
      '850650',
      '850660',
      '850680',
      '850710',
      '850720',
      '850730',
      '850750',
      '850760',
      '850780',
    ],
    keywords: BATTERY_KEYWORDS,
    lookAlikes: [
      ...modifying(['with', 'including', 'incl'], ['battery', 'lithium battery']),
      ...modifying(BATTERY_KEYWORDS, [
        'charger',
        'powered',
        'operated',
        'included',
        'tester',
        'holder',
        'case',
        'cover',
        'grease',
        'free',
      ]),
    ],
  },
  medicines: {
    covers:
      'Prescription and over-the-counter medicines, vitamins and supplements: only to EU destinations.',
    hsCodes: ['3003', '3004', '2936'],
    keywords: MEDICINE_KEYWORDS,
    lookAlikes: [
      'vitamin c serum',
      ...modifying(MEDICINE_KEYWORDS, [
        'ball',
        'cabinet',
        'glass',
        'sunglass',
        'spectacle',
        'lens',
        'lenses',
        'frame',
        'goggle',
        'serum',
      ]),
    ],
  },
  'plants-and-seeds': {
    covers: 'Live plants, cuttings, bulbs, seeds and soil: only to EU destinations.',
    hsCodes: ['06', '1209'],
    keywords: PLANT_KEYWORDS,
    lookAlikes: [
      'artificial houseplant',
      'fake houseplant',
      'faux houseplant',
      ...modifying(PLANT_KEYWORDS, [
        'bead',
        'tray',
        'pot',
        'stand',
        'meter',
        'tester',
        'test',
        'moisture',
      ]),
    ],
  },
  'electronic-devices': {
    covers: 'Laptops, tablets, phones, cameras, games consoles, televisions, headphones.',
    // Computers (847130 laptops and tablets, 847141/49 and 847150 desktops; not 847160 keyboards
    // and mice, 847170 drives), telephones and smartwatches (851711–18, 851762; not 8517 7x,
    // parts), speakers and headphones (851821, 851822, 851830), video players (8521), cameras
    // (8525), monitors, projectors and televisions (8528), printers (844331, 844332), drones
    // (8806) and video game consoles (950450; not 950490, board and table games, nor 950440,
    // playing cards).
    hsCodes: [
      '847130',
      '847141',
      '847149',
      '847150',
      '851711',
      '851713',
      '851714',
      '851718',
      '851762',
      '851821',
      '851822',
      '851830',
      '8521',
      '8525',
      '8528',
      '844331',
      '844332',
      '8806',
      '950450',
    ],
    keywords: DEVICE_KEYWORDS,
    lookAlikes: [
      'vitamin tablet',
      'dishwasher tablet',
      'paracetamol tablet',
      'ibuprofen tablet',
      ...modifying(DEVICE_KEYWORDS, [
        'case',
        'cover',
        'sleeve',
        'bag',
        'stand',
        'holder',
        'mount',
        'bracket',
        'arm',
        'dock',
        'charger',
        'cable',
        'lead',
        'adapter',
        'strap',
        'protector',
        'screen protector',
        'skin',
        'pouch',
        'desk',
        'chair',
        'table',
        'game',
        'lens',
        'tripod',
        'ink',
        'cartridge',
        'paper',
        'remote',
        'keyboard',
        'mouse',
        'controller',
        'battery',
      ]),
    ],
  },
  'jewellery-and-watches': {
    covers: 'Rings, necklaces, bracelets, earrings and watches, of any metal.',
    // Jewellery of precious metal (7113), of pearls or stones (7116), imitation (7117), watches
    // (9101, 9102). Not 7114, silversmiths' wares (cutlery, candlesticks), nor 9113, straps.
    hsCodes: ['7113', '7116', '7117', '9101', '9102'],
    keywords: JEWELLERY_KEYWORDS,
    lookAlikes: [
      'key ring',
      'boxing ring',
      'napkin ring',
      'onion ring',
      'teething ring',
      'swim ring',
      ...modifying(JEWELLERY_KEYWORDS, [
        'box',
        'case',
        'stand',
        'holder',
        'tray',
        'organiser',
        'organizer',
        'display',
        'binder',
        'light',
        'lamp',
        'doorbell',
        'strap',
        'winder',
        'sling',
        'making',
        'cleaner',
        'pouch',
        'battery',
      ]),
    ],
  },
  'art-and-antiques': {
    covers: 'Paintings, drawings, prints, sculptures and antiques over 100 years old.',
    hsCodes: ['9701', '9702', '9703', '9706'],
    keywords: ART_KEYWORDS,
    lookAlikes: [
      'face painting',
      'reproduction antique',
      ...modifying(ART_KEYWORDS, [
        'set',
        'kit',
        'easel',
        'brush',
        'by',
        'clay',
        'style',
        'effect',
        'finish',
        'look',
        'reproduction',
        'replica',
      ]),
    ],
  },
  collectibles: {
    covers: 'Stamps, coin and medal collections, trading cards and collectors’ pieces.',
    hsCodes: ['9704', '9705'],
    keywords: COLLECTIBLE_KEYWORDS,
    lookAlikes: modifying(COLLECTIBLE_KEYWORDS, [
      'sleeve',
      'binder',
      'album',
      'case',
      'display',
      'stand',
      'storage',
    ]),
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

interface IndexedCategory {
  category: GoodsCategory;
  phrases: string[][];
  lookAlikes: string[][];
}

let keywordIndex: IndexedCategory[] | undefined;

/** Each category's keywords and look-alikes as word lists, built on first use. */
function keywordsIndex() {
  keywordIndex ??= GOODS_CATEGORIES.map((category) => ({
    category,
    phrases: category.keywords.map((k) => words(k)),
    lookAlikes: category.lookAlikes.map((k) => words(k)),
  }));
  return keywordIndex;
}

/** Where a phrase starts in a text's words, every time. */
function occurrences(haystack: readonly string[], phrase: readonly string[]): number[] {
  const starts: number[] = [];
  if (phrase.length === 0) return starts;
  for (let i = 0; i + phrase.length <= haystack.length; i += 1) {
    if (phrase.every((w, j) => haystack[i + j] === w)) starts.push(i);
  }
  return starts;
}

/** Whether a keyword names the item: it appears at least once outside every look-alike. */
function names(found: readonly string[], { phrases, lookAlikes }: IndexedCategory): boolean {
  const covered = lookAlikes.flatMap((look) =>
    occurrences(found, look).map((start) => [start, start + look.length] as const),
  );
  return phrases.some((phrase) =>
    occurrences(found, phrase).some(
      (start) => !covered.some(([from, to]) => from <= start && start + phrase.length <= to),
    ),
  );
}

/** The categories an item's name names, in table order. */
export function categoriesNamedBy(name: string): GoodsCategory[] {
  const found = words(name);
  return keywordsIndex()
    .filter((entry) => names(found, entry))
    .map(({ category }) => category);
}

/**
 * The categories a commodity code falls in, in table order: those listing a chapter, heading or
 * subheading it starts with. A code that gives only a heading (its other digits zeros, as
 * "84710000") cannot tell the subheadings apart, so it falls in every category listing one of
 * them too.
 */
export function categoriesOfCode(commodityCode: string): GoodsCategory[] {
  const code = commodityCode.trim();
  if (!/^\d{2,}$/.test(code)) return [];
  const heading = /^\d{4}0*$/.test(code) ? code.slice(0, 4) : undefined;
  return GOODS_CATEGORIES.filter((c) =>
    c.hsCodes.some(
      (prefix) => code.startsWith(prefix) || (heading !== undefined && prefix.startsWith(heading)),
    ),
  );
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
