import { z } from '../../zod.js';
import { apiError, defineRoute } from '../define-route.js';
import { ADMIN_ERRORS, CONSOLE_TAG } from './console.js';

/** The rate tables (Economy and Express): the grid, its versions, CSV export and import. */

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
export const VersionNoteSchema = z
  .string({ message: RATE_NOTE_MESSAGE })
  .trim()
  .min(1, RATE_NOTE_MESSAGE)
  .max(500, RATE_NOTE_MESSAGE);

/**
 * Restoring an earlier version (of the rate tables or the cover settings): its id, and the
 * version the operator had open (refused if another came since).
 */
export const RESTORE_VERSION = {
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
