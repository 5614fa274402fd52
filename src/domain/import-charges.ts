import { formatDayMonthYear } from './collection-calendar.js';
import { formatWholePounds } from './pricing.js';
/**
 * What the recipient may be asked to pay at the border, per destination: a dated table of the
 * thresholds and rates that decide it for a gift or for used personal effects, and an estimate
 * worked out from it. Never charged by us; always shown as an estimate with the table's date.
 * Every figure's source, its date and what is our own assumption:
 * docs/cover-and-import-charges.md (decision 110).
 */

/** The date the table below was put together; shown beside every estimate. */
export const IMPORT_CHARGES_TABLE_DATE = '2026-11-26';

/** The date of the exchange rates in the table (planning rates, see the docs). */
export const IMPORT_CHARGES_RATES_DATE = '2026-11-26';

/** Where the customer reads what personal-effects relief needs (a section of How It Works). */
export const IMPORT_CHARGES_INFO_PATH = '/how-it-works#import-charges';

export const IMPORT_CHARGES_DESTINATIONS = [
  'AU',
  'CA',
  'FR',
  'DE',
  'NZ',
  'ZA',
  'US',
  'PT',
  'NL',
  'BE',
  'ES',
  'IT',
] as const;
export type ImportChargesDestination = (typeof IMPORT_CHARGES_DESTINATIONS)[number];

export type ImportCurrency = 'EUR' | 'USD' | 'CAD' | 'AUD' | 'NZD' | 'ZAR';

export interface ImportChargesSource {
  title: string;
  url: string;
  /** When we read it, or null: cited from what we know, not re-checked (see the docs). */
  checked: string | null;
}

export interface ImportChargesRow {
  country: string;
  currency: ImportCurrency;
  /** One pound in the destination's currency, on {@link IMPORT_CHARGES_RATES_DATE}. */
  perPound: number;
  /** A gift worth this much or less (local currency) pays no duty and no import tax. */
  giftAllowance: number;
  /** Above the allowance, charges on the whole value, or only on the part above it. */
  giftChargedOn: 'whole' | 'excess';
  /** The import tax's name and rate (0: none at the border). */
  taxName: 'VAT' | 'GST' | 'GST/HST' | 'none';
  taxRate: number;
  /** Tax is worked out on the value (plus this share of it, South Africa's uplift) plus duty. */
  taxUplift: number;
  /** Duty applies above this value (local currency). */
  dutyThreshold: number;
  /** A typical duty rate for used personal goods of mixed origin: our assumption for an estimate. */
  dutyRate: number;
  /** A flat duty rate the customs offer private consignments up to a value (the EU's 2.5 %). */
  flatDuty?: { upTo: number; rate: number };
  /** Duty and tax together under this amount are not collected (local currency). */
  notCollectedBelow: number;
  /** The courier's usual fee for clearing and advancing the charges (local currency): assumption. */
  clearanceFee: number;
  /** Where the fee figure comes from. */
  clearanceFeeBasis: string;
  personalEffects: {
    /** Who may claim it and on what conditions, in the customer's words. */
    conditions: string;
    /** What the recipient shows customs. */
    documents: string;
    /**
     * The same documents one per line, for the customer to tick off (the declaration's switch,
     * the confirmation email): each names a document `documents` names.
     */
    checklist: readonly string[];
  };
  sources: readonly ImportChargesSource[];
}

const TODAY = IMPORT_CHARGES_TABLE_DATE;

const EU_PERSONAL_EFFECTS = {
  conditions:
    'Relief from duty and VAT for someone moving their home to the EU: they lived outside the EU for at least 12 months in a row, owned and used the goods for at least 6 months, keep them for the same use, and the goods arrive within 12 months of the move. Not for alcohol, tobacco or goods for a business.',
  documents:
    'A signed, itemised list of the goods with their values, a passport, proof of the former home outside the EU and of the new one in the EU, and the country’s own relief form, made through the courier’s customs clearance.',
  checklist: [
    'A signed, itemised list (inventory) of the goods with their values',
    'A copy of the recipient’s passport',
    'Proof of the former home outside the EU (lived there at least 12 months)',
    'Proof of the new home in the EU (registration, tenancy or purchase)',
    'The country’s own relief form, made through the courier’s customs clearance',
  ],
};

const EU_SOURCES: readonly ImportChargesSource[] = [
  {
    title: 'Revenue (Ireland): Rules for duty relief on gift consignments (EU-wide €45 relief)',
    url: 'https://www.revenue.ie/en/customs/individuals/relief-gifts-low-value/rules-gifts.aspx',
    checked: TODAY,
  },
  {
    title:
      'Revenue (Ireland): What rate of Customs Duty is charged on gift consignments? (2.5 % to €700)',
    url: 'https://www.revenue.ie/en/customs/individuals/relief-gifts-low-value/rates.aspx',
    checked: TODAY,
  },
  {
    title:
      'Council Regulation (EC) No 1186/2009, reliefs from customs duty (gifts, personal property)',
    url: 'https://eur-lex.europa.eu/eli/reg/2009/1186/oj',
    checked: null,
  },
  {
    title: 'Council Directive 2009/132/EC, VAT exemption of certain final importations',
    url: 'https://eur-lex.europa.eu/eli/dir/2009/132/oj',
    checked: null,
  },
  {
    title:
      'Council Regulation (EU) 2026/382: the €150 duty relief ends, €3 flat duty, from 1 July 2026',
    url: 'https://www.consilium.europa.eu/en/press/press-releases/',
    checked: null,
  },
  {
    title: 'European Commission: VAT rates applied in the Member States',
    url: 'https://taxation-customs.ec.europa.eu/taxation/vat/vat-directive/vat-rates_en',
    checked: null,
  },
  {
    title: 'NAV (Hungary): Reliefs for the transfer of residence from a third country to the EU',
    url: 'https://nav.gov.hu/en/intormation_on_customs_matters/General_Customs_Information/Reliefs_for_the_transfer_of_permanent_residence',
    checked: TODAY,
  },
  {
    title: 'DHL Express Germany: Duty Tax Processing, 2 % of duty and tax, minimum €16',
    url: 'https://www.dhl.de/en/geschaeftskunden/express/produkte-und-services/duty-billing-services.html',
    checked: TODAY,
  },
];

/** An EU destination: €45 gift relief, duty from €45 since 1 July 2026 (2.5 % flat to €700). */
function eu(country: string, vatRate: number): ImportChargesRow {
  return {
    country,
    currency: 'EUR',
    perPound: 1.14,
    giftAllowance: 45,
    giftChargedOn: 'whole',
    taxName: 'VAT',
    taxRate: vatRate,
    taxUplift: 0,
    dutyThreshold: 45,
    dutyRate: 0.05,
    flatDuty: { upTo: 700, rate: 0.025 },
    notCollectedBelow: 0,
    clearanceFee: 16,
    clearanceFeeBasis:
      'DHL Express Germany’s published minimum for advancing duty and tax (€16), used for every EU destination: our assumption.',
    personalEffects: EU_PERSONAL_EFFECTS,
    sources: EU_SOURCES,
  };
}

export const IMPORT_CHARGES: Readonly<Record<ImportChargesDestination, ImportChargesRow>> = {
  AU: {
    country: 'Australia',
    currency: 'AUD',
    perPound: 2.03,
    giftAllowance: 1000,
    giftChargedOn: 'whole',
    taxName: 'GST',
    taxRate: 0.1,
    taxUplift: 0,
    dutyThreshold: 1000,
    dutyRate: 0.05,
    notCollectedBelow: 0,
    clearanceFee: 80,
    clearanceFeeBasis:
      'Above A$1,000 an import declaration is needed: the Border Force’s import processing charge (about A$50) plus a courier’s handling: our assumption.',
    personalEffects: {
      conditions:
        'Duty- and GST-free for unaccompanied personal effects of a migrant taking up permanent residence, a returning resident or citizen: the recipient’s own goods, owned and used overseas for (usually) 12 months, for their own use. Not vehicles, alcohol or tobacco.',
      documents:
        'An Unaccompanied Personal Effects Statement (form B534), a copy of the passport with the arrival or visa page, and a list of the goods.',
      checklist: [
        'An Unaccompanied Personal Effects Statement (form B534)',
        'A copy of the recipient’s passport with the arrival or visa page (proof of residence)',
        'A list (inventory) of the goods',
      ],
    },
    sources: [
      {
        title: 'Home Affairs (archived): Sending your belongings as unaccompanied goods (B534)',
        url: 'https://archive.homeaffairs.gov.au/busi/cargo-support-trade-and-goods/importing-goods/sending-unaccompanied-personal-belongings',
        checked: TODAY,
      },
      {
        title: 'Australian Border Force: buying online, goods over A$1,000 (duty, GST, charges)',
        url: 'https://www.abf.gov.au/buying-online/buying-online',
        checked: null,
      },
    ],
  },
  CA: {
    country: 'Canada',
    currency: 'CAD',
    perPound: 1.85,
    giftAllowance: 60,
    giftChargedOn: 'excess',
    taxName: 'GST/HST',
    taxRate: 0.13,
    taxUplift: 0,
    dutyThreshold: 60,
    dutyRate: 0.08,
    notCollectedBelow: 0,
    clearanceFee: 25,
    clearanceFeeBasis:
      'Couriers keep a service fee for accounting for the goods with the CBSA; C$25 is our assumption for an express courier’s usual fee.',
    personalEffects: {
      conditions:
        'Duty- and tax-free as settler’s effects (someone moving to Canada) or a returning resident’s goods: owned, possessed and used before arriving, for the recipient’s own use. Goods sent separately must be listed when the recipient arrives.',
      documents:
        'Form BSF186 (Personal Effects Accounting Document, formerly B4) with the list of goods to follow, presented at the first arrival, and a passport.',
      checklist: [
        'Form BSF186 (Personal Effects Accounting Document), presented at the first arrival',
        'The list (inventory) of goods to follow, with their values',
        'A copy of the recipient’s passport',
      ],
    },
    sources: [
      {
        title: 'CBSA: Receiving gifts (C$60, duty and tax on the amount over it)',
        url: 'https://www.cbsa-asfc.gc.ca/publications/dm-md/d2/d2-1-4-eng.html',
        checked: null,
      },
      {
        title: 'CBSA: Courier Low Value Shipment Program, importing goods for personal use',
        url: 'https://www.cbsa-asfc.gc.ca/import/courier/lvs-efv/prsn-eng.html',
        checked: TODAY,
      },
      {
        title: 'CBSA: Settlers’ effects and goods to follow (BSF186)',
        url: 'https://www.cbsa-asfc.gc.ca/publications/dm-md/d2/d2-3-1-eng.html',
        checked: null,
      },
    ],
  },
  FR: eu('France', 0.2),
  DE: eu('Germany', 0.19),
  NZ: {
    country: 'New Zealand',
    currency: 'NZD',
    perPound: 2.33,
    giftAllowance: 110,
    giftChargedOn: 'excess',
    taxName: 'GST',
    taxRate: 0.15,
    taxUplift: 0,
    dutyThreshold: 110,
    dutyRate: 0.05,
    notCollectedBelow: 60,
    clearanceFee: 70,
    clearanceFeeBasis:
      'When charges are collected: Customs’ Import Entry Transaction Fee and the biosecurity levy (about NZ$49) plus a courier’s handling: our assumption.',
    personalEffects: {
      conditions:
        'Duty- and GST-free for a migrant moving to New Zealand for the first time or a New Zealander returning after living abroad: household and personal effects owned and used before arriving, for their own use, not for sale.',
      documents:
        'An Unaccompanied Personal Baggage Declaration (form NZCS 218), a passport, and a list of the goods.',
      checklist: [
        'An Unaccompanied Personal Baggage Declaration (form NZCS 218)',
        'A copy of the recipient’s passport',
        'A list (inventory) of the goods',
      ],
    },
    sources: [
      {
        title: 'NZ Customs: Duty and GST FAQs (charges under NZ$60 not collected; IETF)',
        url: 'https://www.customs.govt.nz/personal/duty-and-gst/faqs/',
        checked: TODAY,
      },
      {
        title: 'NZ Customs: Receive items from overseas (purchases up to NZ$1,000)',
        url: 'https://www.customs.govt.nz/personal/send-and-receive-items/receive-items-from-overseas/',
        checked: TODAY,
      },
      {
        title: 'NZ Customs: Gifts (concession 75: NZ$110 free, charges on the excess)',
        url: 'https://www.customs.govt.nz/importers/Private+Importers/Gifts.htm',
        checked: null,
      },
      {
        title: 'NZ Customs: Unaccompanied personal baggage (NZCS 218)',
        url: 'https://www.customs.govt.nz/personal/travel-to-and-from-nz/moving-to-nz/',
        checked: null,
      },
    ],
  },
  ZA: {
    country: 'South Africa',
    currency: 'ZAR',
    perPound: 23,
    giftAllowance: 1400,
    giftChargedOn: 'whole',
    taxName: 'VAT',
    taxRate: 0.15,
    taxUplift: 0.1,
    dutyThreshold: 1400,
    dutyRate: 0.2,
    notCollectedBelow: 0,
    clearanceFee: 250,
    clearanceFeeBasis:
      'A courier’s usual fee for clearing and advancing duty and VAT in South Africa, R250: our assumption.',
    personalEffects: {
      conditions:
        'SARS rebates for the used household and personal effects of an immigrant, or of a South African resident returning after at least a year abroad: owned and used, for their own use, not for sale. The gift relief (R1,400) applies to at most two parcels per person a year.',
      documents:
        'The SARS declaration for household and personal effects with an itemised list, a passport, and proof of the immigration permit or of the time abroad.',
      checklist: [
        'The SARS declaration for household and personal effects',
        'An itemised list (inventory) of the goods',
        'A copy of the recipient’s passport',
        'Proof of the immigration permit, or of the time abroad (proof of residence)',
      ],
    },
    sources: [
      {
        title:
          'SARS: Schedule 4 to the Customs and Excise Act, rebate item 412.10 (unsolicited gifts to R1,400, two a year)',
        url: 'https://www.sars.gov.za/legal-counsel/primary-legislation/schedules-to-the-customs-and-excise-act-1964/',
        checked: null,
      },
      {
        title: 'SARS: Travellers and personal effects (immigrants and returning residents)',
        url: 'https://www.sars.gov.za/customs-and-excise/travellers/',
        checked: null,
      },
    ],
  },
  US: {
    country: 'United States',
    currency: 'USD',
    perPound: 1.32,
    giftAllowance: 100,
    giftChargedOn: 'whole',
    taxName: 'none',
    taxRate: 0,
    taxUplift: 0,
    dutyThreshold: 100,
    dutyRate: 0.1,
    notCollectedBelow: 0,
    clearanceFee: 17,
    clearanceFeeBasis:
      'DHL Express’s published minimum for advancing US duties (2 % of duties, minimum US$17): our assumption for the usual fee.',
    personalEffects: {
      conditions:
        'Duty-free for household and personal effects used abroad by the recipient for at least a year, sent to someone moving to the US or a US resident returning, for their own use, not for sale.',
      documents:
        'CBP Form 3299 (Declaration for Free Entry of Unaccompanied Articles), an itemised list, and a passport.',
      checklist: [
        'CBP Form 3299 (Declaration for Free Entry of Unaccompanied Articles)',
        'An itemised list (inventory) of the goods',
        'A copy of the recipient’s passport',
      ],
    },
    sources: [
      {
        title: '19 CFR 145.32, bona fide gifts up to US$100',
        url: 'https://www.ecfr.gov/current/title-19/chapter-I/subchapter-A/part-145/subpart-D/section-145.32',
        checked: TODAY,
      },
      {
        title:
          'Executive Order 14324, Suspending Duty-Free De Minimis Treatment for All Countries (from 29 August 2025)',
        url: 'https://www.whitehouse.gov/presidential-actions/2025/07/suspending-duty-free-de-minimis-treatment-for-all-countries/',
        checked: null,
      },
      {
        title: 'CBP: Form 3299, Declaration for Free Entry of Unaccompanied Articles',
        url: 'https://www.cbp.gov/document/forms/form-3299-declaration-free-entry-unaccompanied-articles',
        checked: null,
      },
      {
        title: 'DHL Express (US) disbursement fee, 2 % of duties, US$17 minimum (a shipper’s copy)',
        url: 'https://help.airhouse.io/international-surcharges/dhl-express-surcharges/disbursement',
        checked: TODAY,
      },
    ],
  },
  PT: eu('Portugal', 0.23),
  NL: eu('the Netherlands', 0.21),
  BE: eu('Belgium', 0.21),
  ES: eu('Spain', 0.21),
  IT: eu('Italy', 0.22),
};

/**
 * What the recipient of personal effects shows the destination's customs to claim its relief,
 * one document a line, with the relief's conditions in words; none for a destination outside
 * the table.
 */
export function personalEffectsDocuments(destination: string): {
  /** The destination as a sentence names it: "France", "the United States". */
  country: string;
  conditions: string;
  checklist: readonly string[];
} | null {
  if (!isImportChargesDestination(destination)) return null;
  const row = IMPORT_CHARGES[destination];
  return {
    // In a sentence: "in the United States", as "in the Netherlands".
    country: row.country.startsWith('United ') ? `the ${row.country}` : row.country,
    conditions: row.personalEffects.conditions,
    checklist: row.personalEffects.checklist,
  };
}

export function isImportChargesDestination(code: string): code is ImportChargesDestination {
  return (IMPORT_CHARGES_DESTINATIONS as readonly string[]).includes(code);
}

export interface ImportChargesInput {
  /** The destination's ISO code, as orders and quotes carry it (`countryCode`). */
  destination: ImportChargesDestination;
  /** The declaration's total value. */
  declaredValuePence: number;
  /**
   * The boxes hold the recipient's own used belongings (moving home), declared as personal
   * effects: the estimate assumes the destination's relief is granted.
   */
  personalEffects: boolean;
}

export interface ImportChargesEstimate {
  /** What the recipient may be asked to pay in all, in pence (the parts summed; each part in
   * whole pounds, rounded up). */
  total: number;
  vat: number;
  duty: number;
  fee: number;
  noChargesExpected: boolean;
  tableDate: string;
  /** The sentence to show, always labelled an estimate. */
  words: string;
}

const toLocal = (row: ImportChargesRow, pence: number) => (pence / 100) * row.perPound;
/** In whole pounds, rounded up: an estimate claims no pence, and never says less than it is. */
const toPence = (row: ImportChargesRow, local: number) =>
  local > 0 ? Math.ceil(local / row.perPound - 1e-9) * 100 : 0;

/** The charges on a gift, in the destination's currency. */
function giftCharges(row: ImportChargesRow, value: number): { duty: number; tax: number } {
  if (value <= row.giftAllowance) return { duty: 0, tax: 0 };
  const base = row.giftChargedOn === 'excess' ? value - row.giftAllowance : value;
  const dutyRate =
    value <= row.dutyThreshold
      ? 0
      : row.flatDuty && value <= row.flatDuty.upTo
        ? row.flatDuty.rate
        : row.dutyRate;
  const duty = base * dutyRate;
  const tax = (base * (1 + row.taxUplift) + duty) * row.taxRate;
  if (duty + tax < row.notCollectedBelow) return { duty: 0, tax: 0 };
  return { duty, tax };
}

/** The estimate's sentence, with its parts and the table's date. */
function wordsOf(
  row: ImportChargesRow,
  parts: { total: number; vat: number; duty: number; fee: number },
  personalEffects: boolean,
): string {
  const dated = `Estimate from our table of ${formatTableDate(IMPORT_CHARGES_TABLE_DATE)}; never charged by us.`;
  if (parts.total === 0) return `No import charges expected. ${dated}`;
  const tax = row.taxName === 'none' ? 'import tax' : `import ${row.taxName}`;
  const relief = personalEffects ? ' if the goods qualify for personal-effects relief' : '';
  const pounds = formatWholePounds;
  return `The recipient may be asked to pay about ${pounds(parts.total)}${relief} (${tax} ${pounds(parts.vat)}, duty ${pounds(parts.duty)}, clearance fee ${pounds(parts.fee)}). ${dated}`;
}

/**
 * What the recipient may be asked to pay at the destination's border for a declaration of this
 * value: import tax, duty and the courier's clearance fee, each in pence. For a gift, the table's
 * rules; for personal effects, with the destination's relief granted (no duty, no tax), the
 * courier's fee for clearing the claim where the goods would otherwise be charged. An estimate,
 * never charged by us.
 */
export function estimateImportCharges({
  destination,
  declaredValuePence,
  personalEffects,
}: ImportChargesInput): ImportChargesEstimate {
  const row = IMPORT_CHARGES[destination];
  const gift = giftCharges(row, toLocal(row, Math.max(0, declaredValuePence)));
  const charged = gift.duty + gift.tax > 0;
  const vat = personalEffects ? 0 : toPence(row, gift.tax);
  const duty = personalEffects ? 0 : toPence(row, gift.duty);
  const fee = charged ? toPence(row, row.clearanceFee) : 0;
  const total = vat + duty + fee;
  return {
    total,
    vat,
    duty,
    fee,
    noChargesExpected: total === 0,
    tableDate: IMPORT_CHARGES_TABLE_DATE,
    words: wordsOf(row, { total, vat, duty, fee }, personalEffects),
  };
}

/**
 * The most a gift to the destination may be worth (whole pounds) and arrive without import
 * charges by the table: the highest value whose estimate is none.
 */
export function chargeFreeGiftPence(destination: ImportChargesDestination): number {
  const free = (pence: number) =>
    estimateImportCharges({ destination, declaredValuePence: pence, personalEffects: false })
      .noChargesExpected;
  let low = 0;
  let high = 1_000_000;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (free(mid)) low = mid;
    else high = mid - 1;
  }
  return Math.floor(low / 100) * 100;
}

/** "Gifts up to £39 arrive without import charges", for the quote's destination. */
export function giftAllowanceWords(destination: ImportChargesDestination): string {
  const pence = chargeFreeGiftPence(destination);
  return pence === 0
    ? `Gifts to ${IMPORT_CHARGES[destination].country} may be charged import duty or tax at any value`
    : `Gifts up to ${formatWholePounds(pence)} arrive without import charges`;
}

/** "26 November 2026" from "2026-11-26". */
export function formatTableDate(date: string): string {
  return formatDayMonthYear(date);
}
