import { z } from '../../zod.js';
import { apiError, defineRoute } from '../define-route.js';
import { ADMIN_ERRORS, CONSOLE_TAG } from './console.js';

/**
 * The console's rates page: the rate tables (Economy and Express: the grid, its versions, CSV
 * export and import) and the cover settings (the price of extra cover, the most cover, and their
 * versions).
 */

const ServiceSchema = z.enum(['economy', 'express']);

export const RatePriceSchema = z.object({
  service: ServiceSchema,
  destinationCountryId: z.number().int(),
  weightKg: z.number().int(),
  pricePence: z.number().int(),
});

export const RateDifferenceSchema = z.object({
  service: ServiceSchema,
  destinationCountryId: z.number().int(),
  weightKg: z.number().int(),
  beforePence: z.number().int().nullable(),
  afterPence: z.number().int().nullable(),
});

export const RateVersionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  adminEmail: z.string(),
  note: z.string(),
});
export type RateVersion = z.infer<typeof RateVersionSchema>;

export const RatesViewSchema = z.object({
  destinations: z.array(z.object({ countryId: z.number().int(), title: z.string() })),
  weightsKg: z.array(z.number().int()),
  prices: z.array(RatePriceSchema),
  currentVersion: RateVersionSchema.nullable(),
  warnings: z.array(z.string()),
});
export type RatesView = z.infer<typeof RatesViewSchema>;

export const getAdminRates = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/rates',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Both rate tables, as the grid shows them',
  responses: { 200: RatesViewSchema.describe('The prices now and their version'), ...ADMIN_ERRORS },
});

export const RATE_NOTE_MESSAGE = 'Say in a few words what changed (at most 500 characters)';

/** The note of a new version (of the rate tables or the cover settings): what changed. */
const VersionNoteSchema = z
  .string({ message: RATE_NOTE_MESSAGE })
  .trim()
  .min(1, RATE_NOTE_MESSAGE)
  .max(500, RATE_NOTE_MESSAGE);

/**
 * Restoring an earlier version (of the rate tables or the cover settings): its id, and the
 * version the operator had open (refused if another came since).
 */
const RESTORE_VERSION = {
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ basedOnVersionId: z.number().int().nullable() }),
  notFound: { code: 'VERSION_NOT_FOUND', message: 'There is no such version.' },
} as const;

export const SaveRatesInputSchema = z.object({
  note: VersionNoteSchema,
  /** The version the operator edited (null before the first save): refused if another came since. */
  basedOnVersionId: z.number().int().nullable(),
  prices: z
    .array(
      z.object({
        service: ServiceSchema,
        destinationCountryId: z.number().int(),
        weightKg: z.number().int(),
        /** In pounds, as typed: "49.99". */
        price: z.string().max(20),
      }),
    )
    .max(2000),
});
export type SaveRatesInput = z.input<typeof SaveRatesInputSchema>;

export const SavedRatesSchema = z.object({
  version: RateVersionSchema,
  changes: z.number().int(),
  warnings: z.array(z.string()),
});

export const saveAdminRates = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/rates/versions',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Save both rate tables as a new version',
  description:
    'The whole grid is sent; a cell left out has no price (that weight is not offered). Prices are pounds with at most two decimals, above zero. Quotes use the new prices at once; orders already paid for keep their price.',
  body: SaveRatesInputSchema,
  responses: {
    201: SavedRatesSchema.describe('The new version, how many prices changed, and warnings'),
    ...ADMIN_ERRORS,
    409: apiError('Another version was saved after this one was opened (RATES_CHANGED)'),
    422: apiError(
      'A price that is not positive or has more than 2 decimals, a cell outside the grid, or no note (VALIDATION_FAILED; fields by cell: economy.73.20)',
    ),
  },
});

export const RateVersionWithChangesSchema = RateVersionSchema.extend({
  changes: z.array(RateDifferenceSchema),
});

export const listRateVersions = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/rates/versions',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'The rate tables’ versions, newest first, each with what it changed',
  responses: {
    200: z.object({ versions: z.array(RateVersionWithChangesSchema) }).describe('The history'),
    ...ADMIN_ERRORS,
  },
});

export const restoreRateVersion = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/rates/versions/:id/restore',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Save an earlier version’s prices as a new version',
  ...RESTORE_VERSION,
  responses: {
    201: SavedRatesSchema.describe('The new version'),
    ...ADMIN_ERRORS,
    404: apiError('No such version (VERSION_NOT_FOUND)'),
    409: apiError('Another version was saved after this one was opened (RATES_CHANGED)'),
  },
});

export const exportRatesCsv = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/rates/export',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Both rate tables as CSV',
  description:
    'One line per price: service,destination_id,destination,weight_kg,price_gbp. The same format is imported.',
  replyMediaType: 'text/csv',
  responses: { 200: z.string().describe('The CSV file'), ...ADMIN_ERRORS },
});

export const previewRatesImport = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/rates/import-preview',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'What a CSV file would change, before it is saved',
  description:
    'Nothing is saved: the reply lists the prices the file holds and how they differ from the current ones; saving them is an ordinary save. A malformed file is refused with its first bad line and why.',
  body: z.object({ csv: z.string().max(1_000_000) }),
  responses: {
    200: z
      .object({
        prices: z.array(RatePriceSchema),
        changes: z.array(RateDifferenceSchema),
        warnings: z.array(z.string()),
      })
      .describe('The file’s prices and their differences'),
    ...ADMIN_ERRORS,
    422: apiError('The file is not a rates CSV: "Line 4: …" (CSV_INVALID)'),
  },
});

// Cover settings --------------------------------------------------------------------------------

/** A version of the cover settings: who saved it, when and why (as for rates), and its values. */
export const CoverSettingsVersionSchema = RateVersionSchema.extend({
  includedPence: z.number().int(),
  /** 200 = 2% of the cover above the included cover. */
  percentBasisPoints: z.number().int(),
  maxCoverPence: z.number().int(),
});
export type CoverSettingsVersion = z.infer<typeof CoverSettingsVersionSchema>;

export const getAdminCoverSettings = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/cover-settings',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'The cover settings in force and their versions, newest first',
  responses: {
    200: z
      .object({
        current: CoverSettingsVersionSchema.nullable(),
        versions: z.array(CoverSettingsVersionSchema),
      })
      .describe('The settings now and their history'),
    ...ADMIN_ERRORS,
  },
});

export const COVER_PERCENT_MESSAGE =
  'Enter a percentage from 0 to 100 with at most 2 decimals, like 2';
export const COVER_MAX_MESSAGE =
  'Enter the most cover in pounds, from the included £50 to £5,000, like 2000';

export const SaveCoverSettingsInputSchema = z.object({
  note: VersionNoteSchema,
  /** The version the operator edited: refused if another came since. */
  basedOnVersionId: z.number().int().nullable(),
  /** The percentage of the cover above the included cover, as typed: "2", "2.5". */
  percent: z.string({ message: COVER_PERCENT_MESSAGE }).max(20, COVER_PERCENT_MESSAGE),
  /** The most cover per shipment, in pounds as typed: "2000". */
  maxCover: z.string({ message: COVER_MAX_MESSAGE }).max(20, COVER_MAX_MESSAGE),
});
export type SaveCoverSettingsInput = z.input<typeof SaveCoverSettingsInputSchema>;

export const saveAdminCoverSettings = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/cover-settings/versions',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Save the cover settings as a new version',
  description:
    'The price of extra cover (a percentage of the cover above the included £50, rounded up to the penny) and the most cover per shipment. Orders not yet paid for are priced with the new settings; orders already paid for keep the price they were paid at.',
  body: SaveCoverSettingsInputSchema,
  responses: {
    201: z.object({ version: CoverSettingsVersionSchema }).describe('The new version'),
    ...ADMIN_ERRORS,
    409: apiError('Another version was saved after this one was opened (COVER_SETTINGS_CHANGED)'),
    422: apiError('A percentage or maximum that cannot be read, or no note (VALIDATION_FAILED)'),
  },
});

export const restoreCoverSettings = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/cover-settings/versions/:id/restore',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Save an earlier version of the cover settings as a new version',
  ...RESTORE_VERSION,
  responses: {
    201: z.object({ version: CoverSettingsVersionSchema }).describe('The new version'),
    ...ADMIN_ERRORS,
    404: apiError('No such version (VERSION_NOT_FOUND)'),
    409: apiError('Another version was saved after this one was opened (COVER_SETTINGS_CHANGED)'),
  },
});
