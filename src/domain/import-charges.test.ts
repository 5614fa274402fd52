import { describe, expect, it } from 'vitest';
import { DESTINATIONS } from './countries.js';
import {
  IMPORT_CHARGES,
  IMPORT_CHARGES_DESTINATIONS,
  IMPORT_CHARGES_TABLE_DATE,
  chargeFreeGiftPence,
  estimateImportCharges,
  formatTableDate,
  giftAllowanceWords,
  isImportChargesDestination,
  personalEffectsDocuments,
  type ImportChargesDestination,
} from './import-charges.js';

const pounds = (n: number) => n * 100;

/**
 * Per destination, against the table of 26 November 2026: the last whole pound a gift may be
 * worth and arrive free (the allowance in the destination's currency at the table's rate), a
 * pound above it, and the estimate for a £100 gift (duty, tax and fee each in whole pounds,
 * rounded up), worked out by hand from the row.
 */
const CASES: Record<
  ImportChargesDestination,
  { free: number; charged: number; at100: { vat: number; duty: number; fee: number } | null }
> = {
  // A$1,000 at 2.03: nothing up to A$998.76 (£492); A$1,000.79 (£493) pays duty and GST.
  AU: { free: 492, charged: 493, at100: null },
  // C$60 at 1.85; £100 = C$185, charged on the C$125 over it: duty 8 % C$10, HST 13 % C$17.55.
  CA: { free: 32, charged: 33, at100: { vat: 10, duty: 6, fee: 14 } },
  // €45 at 1.14; £100 = €114: flat duty 2.5 % €2.85, VAT on €116.85, DHL's €16 fee.
  FR: { free: 39, charged: 40, at100: { vat: 21, duty: 3, fee: 15 } },
  DE: { free: 39, charged: 40, at100: { vat: 20, duty: 3, fee: 15 } },
  // NZ$110 allowance, then duty and GST on the excess, not collected under NZ$60 in all.
  NZ: { free: 171, charged: 172, at100: null },
  // R1,400 at 23; £100 = R2,300: duty 20 % R460, VAT 15 % of (R2,300 + 10 % + R460).
  ZA: { free: 60, charged: 61, at100: { vat: 20, duty: 20, fee: 11 } },
  // US$100 at 1.32; £100 = US$132: duty 10 % US$13.20, no import tax, US$17 fee.
  US: { free: 75, charged: 76, at100: { vat: 0, duty: 10, fee: 13 } },
  PT: { free: 39, charged: 40, at100: { vat: 24, duty: 3, fee: 15 } },
  NL: { free: 39, charged: 40, at100: { vat: 22, duty: 3, fee: 15 } },
  BE: { free: 39, charged: 40, at100: { vat: 22, duty: 3, fee: 15 } },
  ES: { free: 39, charged: 40, at100: { vat: 22, duty: 3, fee: 15 } },
  IT: { free: 39, charged: 40, at100: { vat: 23, duty: 3, fee: 15 } },
};

const DATE_WORDS = 'Estimate from our table of 26 November 2026; never charged by us.';

describe('the import charges table', () => {
  it('has a row for each of our 12 destinations, each with its sources', () => {
    expect(DESTINATIONS.map((d) => d.countryCode).sort()).toEqual(
      [...IMPORT_CHARGES_DESTINATIONS].sort(),
    );
    expect(IMPORT_CHARGES_TABLE_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const code of IMPORT_CHARGES_DESTINATIONS) {
      const row = IMPORT_CHARGES[code];
      expect(row.sources.length, code).toBeGreaterThan(0);
      for (const source of row.sources) expect(source.url, code).toMatch(/^https:\/\//);
      expect(row.personalEffects.conditions, code).not.toBe('');
      expect(row.personalEffects.documents, code).not.toBe('');
      expect(row.clearanceFeeBasis, code).toMatch(/assumption/);
    }
    expect(isImportChargesDestination('FR')).toBe(true);
    expect(isImportChargesDestination('GB')).toBe(false);
  });

  it('writes its date for people', () => {
    expect(formatTableDate(IMPORT_CHARGES_TABLE_DATE)).toBe('26 November 2026');
  });
});

describe.each(IMPORT_CHARGES_DESTINATIONS)('estimateImportCharges to %s', (destination) => {
  const { free, charged, at100 } = CASES[destination];

  it('expects no charges on a gift up to its allowance', () => {
    const estimate = estimateImportCharges({
      destination,
      declaredValuePence: pounds(free),
      personalEffects: false,
    });
    expect(estimate).toEqual({
      total: 0,
      vat: 0,
      duty: 0,
      fee: 0,
      noChargesExpected: true,
      tableDate: '2026-11-26',
      words: `No import charges expected. ${DATE_WORDS}`,
    });
    expect(chargeFreeGiftPence(destination)).toBe(pounds(free));
  });

  it('estimates duty, tax and the fee on a gift above its allowance', () => {
    const estimate = estimateImportCharges({
      destination,
      declaredValuePence: pounds(charged),
      personalEffects: false,
    });
    expect(estimate.noChargesExpected).toBe(false);
    expect(estimate.total).toBe(estimate.vat + estimate.duty + estimate.fee);
    expect(estimate.fee).toBeGreaterThan(0);
    expect(estimate.vat + estimate.duty).toBeGreaterThan(0);
    expect(estimate.tableDate).toBe(IMPORT_CHARGES_TABLE_DATE);
    expect(estimate.words).toMatch(/^The recipient may be asked to pay about £\d+ \(import /);
    expect(estimate.words).toContain(DATE_WORDS);
    if (at100) {
      const hundred = estimateImportCharges({
        destination,
        declaredValuePence: pounds(100),
        personalEffects: false,
      });
      const expected = {
        vat: pounds(at100.vat),
        duty: pounds(at100.duty),
        fee: pounds(at100.fee),
      };
      expect(hundred).toMatchObject({
        ...expected,
        total: expected.vat + expected.duty + expected.fee,
      });
    }
  });

  it('expects nothing for personal effects below the allowance, and only the fee above it', () => {
    const below = estimateImportCharges({
      destination,
      declaredValuePence: pounds(free),
      personalEffects: true,
    });
    expect(below.noChargesExpected).toBe(true);
    const above = estimateImportCharges({
      destination,
      declaredValuePence: pounds(charged),
      personalEffects: true,
    });
    const gift = estimateImportCharges({
      destination,
      declaredValuePence: pounds(charged),
      personalEffects: false,
    });
    expect(above).toMatchObject({ vat: 0, duty: 0, fee: gift.fee, total: gift.fee });
    expect(above.noChargesExpected).toBe(false);
    expect(above.words).toContain('if the goods qualify for personal-effects relief');
    expect(above.words).toContain(DATE_WORDS);
  });
});

describe('estimateImportCharges, worked examples', () => {
  it('says the parts in words, with the tax by its name', () => {
    expect(
      estimateImportCharges({
        destination: 'FR',
        declaredValuePence: 10_000,
        personalEffects: false,
      }).words,
    ).toBe(
      `The recipient may be asked to pay about £39 (import VAT £21, duty £3, clearance fee £15). ${DATE_WORDS}`,
    );
    expect(
      estimateImportCharges({
        destination: 'US',
        declaredValuePence: 10_000,
        personalEffects: false,
      }).words,
    ).toBe(
      `The recipient may be asked to pay about £23 (import tax £0, duty £10, clearance fee £13). ${DATE_WORDS}`,
    );
  });

  it('charges Australia above A$1,000 on the whole value: £1,000 is A$2,030', () => {
    // Duty 5 % A$101.50 (£50), GST 10 % of A$2,131.50 (£105), fee A$80 (£39.41, so £40).
    expect(
      estimateImportCharges({
        destination: 'AU',
        declaredValuePence: 100_000,
        personalEffects: false,
      }),
    ).toMatchObject({ duty: 5_000, vat: 10_500, fee: 4_000, total: 19_500 });
  });

  it('charges New Zealand on the excess over NZ$110 once duty and GST reach NZ$60', () => {
    // £300 = NZ$699: NZ$589 over the allowance, duty NZ$29.45 (£13), GST NZ$92.77 (£40).
    expect(
      estimateImportCharges({
        destination: 'NZ',
        declaredValuePence: 30_000,
        personalEffects: false,
      }),
    ).toMatchObject({ duty: 1_300, vat: 4_000, fee: 3_100, total: 8_400 });
    expect(
      estimateImportCharges({
        destination: 'NZ',
        declaredValuePence: 10_000,
        personalEffects: false,
      }).noChargesExpected,
    ).toBe(true);
  });

  it('uses the EU’s normal duty above the €700 flat-rate limit', () => {
    // £1,000 = €1,140: duty 5 % €57 (£50), VAT 19 % of €1,197 = €227.43 (£199.50, so £200).
    expect(
      estimateImportCharges({
        destination: 'DE',
        declaredValuePence: 100_000,
        personalEffects: false,
      }),
    ).toMatchObject({ duty: 5_000, vat: 20_000, fee: 1_500 });
  });
});

describe('giftAllowanceWords', () => {
  it('names the most a gift may be worth, in whole pounds', () => {
    expect(giftAllowanceWords('FR')).toBe('Gifts up to £39 arrive without import charges');
    expect(giftAllowanceWords('AU')).toBe('Gifts up to £492 arrive without import charges');
    expect(giftAllowanceWords('CA')).toBe('Gifts up to £32 arrive without import charges');
  });
});

/**
 * The documents each destination's customs ask of personal effects, one a line: the passport and
 * the list of goods everywhere, and the form each names (the words of `documents`).
 */
const FORMS: Record<ImportChargesDestination, RegExp> = {
  AU: /form B534/,
  CA: /Form BSF186/,
  NZ: /form NZCS 218/,
  ZA: /SARS declaration/,
  US: /CBP Form 3299/,
  FR: /relief form/,
  DE: /relief form/,
  PT: /relief form/,
  NL: /relief form/,
  BE: /relief form/,
  ES: /relief form/,
  IT: /relief form/,
};

describe.each(IMPORT_CHARGES_DESTINATIONS)('personalEffectsDocuments for %s', (destination) => {
  it('lists the passport, the inventory and the form its words name', () => {
    const documents = personalEffectsDocuments(destination)!;
    expect(documents.country).toBe(
      destination === 'US' ? 'the United States' : IMPORT_CHARGES[destination].country,
    );
    expect(documents.conditions).toBe(IMPORT_CHARGES[destination].personalEffects.conditions);
    const lines = documents.checklist;
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.filter((l) => /passport/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /inventory/.test(l))).toHaveLength(1);
    expect(lines.some((l) => FORMS[destination].test(l))).toBe(true);
    const words = IMPORT_CHARGES[destination].personalEffects.documents;
    expect(words).toMatch(FORMS[destination]);
    expect(words).toMatch(/passport/);
    expect(words).toMatch(/list/);
    for (const line of lines) expect(line).not.toMatch(/\.$/);
  });
});

describe('personalEffectsDocuments', () => {
  it('asks proof of residence where the relief needs it', () => {
    for (const code of ['FR', 'DE', 'ZA', 'AU'] as const) {
      expect(personalEffectsDocuments(code)!.checklist.join('\n'), code).toMatch(
        /proof of (the (former|new) home|residence)/i,
      );
    }
    expect(personalEffectsDocuments('FR')!.checklist).toEqual([
      'A signed, itemised list (inventory) of the goods with their values',
      'A copy of the recipient’s passport',
      'Proof of the former home outside the EU (lived there at least 12 months)',
      'Proof of the new home in the EU (registration, tenancy or purchase)',
      'The country’s own relief form, made through the courier’s customs clearance',
    ]);
  });

  it('has none for a destination outside the table', () => {
    expect(personalEffectsDocuments('GB')).toBeNull();
  });
});
