import { z } from '../../zod.js';
import { apiError, defineRoute } from '../define-route.js';
import { ADMIN_ERRORS, CONSOLE_TAG } from './console.js';
import { RESTORE_VERSION, VersionNoteSchema } from './rates.js';

/** The cover settings: the price of extra cover and the most cover, and their versions. */

export const CoverSettingsVersionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  adminEmail: z.string(),
  note: z.string(),
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
