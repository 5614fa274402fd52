import {
  COVER_MAX_MESSAGE,
  COVER_PERCENT_MESSAGE,
  type CoverSettingsVersion,
  type SaveCoverSettingsInput,
} from '#src/domain/api/admin/rates.js';
import type { RatesView, RateVersion, SaveRatesInput } from '#src/domain/api/admin/rates.js';
import type { AuditAction } from '#src/domain/audit-actions.js';
import { DESTINATIONS } from '#src/domain/countries.js';
import type { CoverSettings } from '#src/domain/pricing.js';
import {
  cellKey,
  parsePounds,
  parseRatesCsv,
  RATE_WEIGHTS_KG,
  rateDifferences,
  ratesToCsv,
  rateWarnings,
  sortPrices,
  type RatePrice,
} from '#src/domain/rates.js';
import { readPounds } from '#src/domain/typed-pounds.js';
import type { Clock } from '../../clock.js';
import type { DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { AuditLog, Operator } from '../operator-actions/index.js';
import type { CatalogService, CoverSettingsRow, RateVersionRow } from './catalog.service.js';

/** The highest maximum an operator may set: the courier books no cover above £5,000. */
const MAX_COVER_SETTING_PENCE = 500_000;

/** "2", "2.5", "0.75" (a percentage, at most 2 decimals, 0 to 100) to basis points. */
export function readPercent(text: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, '').trim());
  if (!match) return undefined;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return basisPoints <= 10_000 ? basisPoints : undefined;
}

const versionOf = (
  v: Pick<RateVersionRow, 'id' | 'createdAt' | 'adminEmail' | 'note'>,
): RateVersion => ({
  id: v.id,
  createdAt: v.createdAt.toISOString(),
  adminEmail: v.adminEmail,
  note: v.note,
});

const coverVersionOf = (v: CoverSettingsRow): CoverSettingsVersion => ({
  ...versionOf(v),
  includedPence: v.includedPence,
  percentBasisPoints: v.percentBasisPoints,
  maxCoverPence: v.maxCoverPence,
});

/** A new version's note, the version it was based on, and what its audit row adds. */
interface NewVersion {
  note: string;
  basedOnVersionId: number | null;
  details?: Record<string, unknown>;
}

/** Who saved a new version, when, and why. */
interface VersionAuthor {
  note: string;
  author: Operator;
  basedOnVersionId: number | null;
  at: Date;
}

/** The note of a version restored from an earlier one. */
const restoredNote = (v: { id: number; note: string }) =>
  `Restored version ${v.id} (${v.note})`.slice(0, 500);

/** A grid's cells read as prices; else a 422 with each problem by cell (`economy.73.20`). */
function readGrid(cells: SaveRatesInput['prices']): RatePrice[] {
  const fields: Record<string, string> = {};
  const destinations = new Set(DESTINATIONS.map((d) => d.countryId));
  const prices: RatePrice[] = [];
  const seen = new Set<string>();
  for (const cell of cells) {
    const key = cellKey(cell);
    if (!destinations.has(cell.destinationCountryId) || !RATE_WEIGHTS_KG.includes(cell.weightKg)) {
      fields[key] = 'Not a destination and weight of the rate tables';
      continue;
    }
    if (seen.has(key)) {
      fields[key] = 'This price is given twice';
      continue;
    }
    seen.add(key);
    const parsed = parsePounds(cell.price);
    if ('error' in parsed) fields[key] = parsed.error;
    else prices.push({ ...cell, pricePence: parsed.pence });
  }
  const problems = Object.keys(fields).length;
  if (problems > 0) {
    throw new ApiError(
      422,
      'VALIDATION_FAILED',
      problems === 1 ? 'One price needs correcting.' : `${problems} prices need correcting.`,
      fields,
    );
  }
  return sortPrices(prices);
}

/**
 * The console's rates page (docs/operators.md, "Rates" and "Cover"): the rate tables and the
 * cover settings, each saved or restored as a new version through the audit entry.
 */
export class OperatorRates {
  constructor(
    private readonly deps: {
      catalog: CatalogService;
      /** The quotes' in-memory rate tables: reloaded at once after a save. */
      rateCache: { invalidate(): void };
      audit: Pick<AuditLog, 'act'>;
      clock: Clock;
    },
  ) {}

  // Rates ---------------------------------------------------------------------------------------

  async rates(): Promise<RatesView> {
    const [prices, latest] = await Promise.all([
      this.deps.catalog.allPrices(),
      this.deps.catalog.latestVersion(),
    ]);
    return {
      destinations: DESTINATIONS.map((d) => ({ countryId: d.countryId, title: d.title })),
      weightsKg: [...RATE_WEIGHTS_KG],
      prices: sortPrices(prices),
      currentVersion: latest ? versionOf(latest) : null,
      warnings: rateWarnings(prices),
    };
  }

  /** Validates every cell (all problems at once, by cell key) and saves one new version. */
  async saveRates(operator: Operator, input: SaveRatesInput) {
    const prices = readGrid(input.prices);
    return this.saveRatesVersion(operator, 'rates.save', prices, {
      note: input.note.trim(),
      basedOnVersionId: input.basedOnVersionId,
    });
  }

  async restoreRates(operator: Operator, versionId: number, basedOnVersionId: number | null) {
    const version = await this.deps.catalog.findVersion(versionId);
    if (!version) throw new ApiError(404, 'VERSION_NOT_FOUND', 'There is no such version.');
    return this.saveRatesVersion(operator, 'rates.restore', version.prices, {
      note: restoredNote(version),
      basedOnVersionId,
      details: { restoredVersionId: version.id },
    });
  }

  private async saveRatesVersion(
    operator: Operator,
    action: AuditAction,
    prices: readonly RatePrice[],
    version: NewVersion,
  ) {
    const saved = await this.saveVersion(
      operator,
      { action, subject: 'rates', ...version },
      (by, tx) => this.deps.catalog.saveVersion({ prices, ...by }, tx),
      (result) => ({ versionId: result.version.id, changedPrices: result.changes }),
    );
    // This process's quotes use the new prices from now on; others within the cache's age.
    this.deps.rateCache.invalidate();
    return {
      version: versionOf(saved.version),
      changes: saved.changes,
      warnings: rateWarnings(prices),
    };
  }

  async rateVersions() {
    const rows = await this.deps.catalog.listVersions(100);
    return rows.map((r) => ({ ...versionOf(r), changes: r.changes }));
  }

  async ratesCsv(): Promise<string> {
    return ratesToCsv(await this.deps.catalog.allPrices());
  }

  async previewRatesImport(csv: string) {
    const parsed = parseRatesCsv(csv);
    if (!parsed.ok) {
      const message = `Line ${parsed.line}: ${parsed.reason}`;
      throw new ApiError(422, 'CSV_INVALID', message, { csv: message });
    }
    const current = await this.deps.catalog.allPrices();
    return {
      prices: parsed.prices,
      changes: rateDifferences(current, parsed.prices),
      warnings: rateWarnings(parsed.prices),
    };
  }

  // Cover settings ------------------------------------------------------------------------------

  async coverSettings(): Promise<{
    current: CoverSettingsVersion | null;
    versions: CoverSettingsVersion[];
  }> {
    const rows = await this.deps.catalog.listCoverSettings(100);
    const versions = rows.map(coverVersionOf);
    return { current: versions[0] ?? null, versions };
  }

  /**
   * Saves the percentage and the maximum as a new version (the included cover is the courier's
   * and stays); audited. Orders already paid for keep their price.
   */
  async saveCoverSettings(operator: Operator, input: SaveCoverSettingsInput) {
    const percentBasisPoints = readPercent(input.percent);
    const max = readPounds(input.maxCover);
    // The included cover is the courier's own: kept as it is.
    const { includedPence } = await this.deps.catalog.coverSettings();
    const maxCoverPence =
      'pence' in max && max.pence >= includedPence && max.pence <= MAX_COVER_SETTING_PENCE
        ? max.pence
        : undefined;
    if (percentBasisPoints === undefined || maxCoverPence === undefined) {
      const fields: Record<string, string> = {
        ...(percentBasisPoints === undefined ? { percent: COVER_PERCENT_MESSAGE } : {}),
        ...(maxCoverPence === undefined ? { maxCover: COVER_MAX_MESSAGE } : {}),
      };
      throw new ApiError(422, 'VALIDATION_FAILED', Object.values(fields)[0] ?? '', fields);
    }
    return this.saveCoverVersion(
      operator,
      'cover-settings.save',
      { includedPence, percentBasisPoints, maxCoverPence },
      { note: input.note.trim(), basedOnVersionId: input.basedOnVersionId },
    );
  }

  async restoreCoverSettings(
    operator: Operator,
    versionId: number,
    basedOnVersionId: number | null,
  ) {
    const version = await this.deps.catalog.findCoverSettings(versionId);
    if (!version) throw new ApiError(404, 'VERSION_NOT_FOUND', 'There is no such version.');
    return this.saveCoverVersion(
      operator,
      'cover-settings.restore',
      {
        includedPence: version.includedPence,
        percentBasisPoints: version.percentBasisPoints,
        maxCoverPence: version.maxCoverPence,
      },
      { note: restoredNote(version), basedOnVersionId, details: { restoredVersionId: version.id } },
    );
  }

  private async saveCoverVersion(
    operator: Operator,
    action: AuditAction,
    settings: CoverSettings,
    version: NewVersion,
  ) {
    const saved = await this.saveVersion(
      operator,
      { action, subject: 'cover-settings', ...version },
      (by, tx) => this.deps.catalog.saveCoverSettings({ settings, ...by }, tx),
      (row) => ({ versionId: row.id, ...settings }),
    );
    return { version: coverVersionOf(saved) };
  }

  /**
   * Saves a new version (of the rate tables or the cover settings) through the audit entry: its
   * row records the version's id, its note and what `recorded` adds.
   */
  private saveVersion<T>(
    operator: Operator,
    version: NewVersion & { action: AuditAction; subject: 'rates' | 'cover-settings' },
    save: (by: VersionAuthor, tx: DbTransaction) => Promise<T>,
    recorded: (saved: T) => { versionId: number } & Record<string, unknown>,
  ): Promise<T> {
    const { action, subject, note, basedOnVersionId, details = {} } = version;
    return this.deps.audit.act(operator, action, subject, async (tx) => {
      const at = this.deps.clock.now();
      const result = await save({ note, author: operator, basedOnVersionId, at }, tx);
      const { versionId, ...more } = recorded(result);
      return { result, details: { ...details, versionId, note, ...more } };
    });
  }
}
