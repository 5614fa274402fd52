import { z } from '../zod.js';
import { apiError } from './define-route.js';
import { orderRoute, UpdatedOrder } from './orders.js';

/** The cover choice on the payment step (docs/cover-and-import-charges.md, "Cover"). */

const TAG = 'Quotes and orders';

export const CoverSettingsSchema = z.object({
  includedPence: z.number().int(),
  /** 200 = 2% of the cover above the included cover. */
  percentBasisPoints: z.number().int(),
  maxCoverPence: z.number().int(),
  /** The settings' version (null only before any exists). */
  version: z.number().int().nullable(),
});
export type CoverSettingsView = z.infer<typeof CoverSettingsSchema>;

/**
 * The declared items the courier's cover does not pay for in full (`coverLimits` in
 * src/domain/cover.ts): why, what each is worth and how much of it counts towards the cover.
 */
export const CoverExclusionsSchema = z.array(
  z.object({
    itemId: z.string(),
    name: z.string(),
    covered: z.enum(['nothing', 'included-only']),
    group: z.string(),
    valuePence: z.number().int(),
    countedPence: z.number().int(),
  }),
);

export const CoverOptionsSchema = z.object({
  settings: CoverSettingsSchema,
  /** The declared items' total value. */
  declaredValuePence: z.number().int(),
  /** The declared value of the goods the cover pays for (the excluded goods left out). */
  coveredValuePence: z.number().int(),
  /** The most cover this shipment can have: the value the cover pays for, at most the maximum. */
  maxCoverPence: z.number().int(),
  /** The cover suggested: the value of the goods the cover pays for (within the maximum). */
  suggestedPence: z.number().int(),
  /** The cover the order has now (the included cover when none was bought). */
  coverPence: z.number().int(),
  /** What the order's extra cover costs now. */
  coverPricePence: z.number().int(),
  /** The declared items the courier's cover does not pay for in full, and what it pays. */
  exclusions: CoverExclusionsSchema,
});
export type CoverOptions = z.infer<typeof CoverOptionsSchema>;

export const getCoverOptions = orderRoute({
  method: 'GET',
  path: '/api/v1/orders/:id/cover',
  tag: TAG,
  summary: 'The cover that can be chosen for an order, its price and what it does not pay for',
  responses: {
    200: CoverOptionsSchema.describe('The cover settings, the order’s cover and its exclusions'),
  },
});

export const COVER_MESSAGE = 'Enter the cover you want in pounds, like 600';

export const ChooseCoverInputSchema = z.object({
  /** The whole cover wanted, in pounds as typed ("600"); the included cover alone is "50". */
  cover: z.string({ message: COVER_MESSAGE }).trim().min(1, COVER_MESSAGE).max(20, COVER_MESSAGE),
});
export type ChooseCoverInput = z.input<typeof ChooseCoverInputSchema>;

export const chooseCover = orderRoute({
  method: 'PUT',
  path: '/api/v1/orders/:id/cover',
  tag: TAG,
  summary: 'Choose the order’s cover',
  description:
    'The cover is the whole amount the shipment is covered for, from the included £50 up to the declared value of the goods the cover pays for (goods it does not pay for left out, goods it covers only by the included £50 counted at most £50 together), at most the cover settings’ maximum (£2,000). The order’s price becomes the service’s price plus the cover’s (a percentage of the cover above the included amount, rounded up to the penny), worked out on the server; the payment is for that price. Only while the order may be changed.',
  body: ChooseCoverInputSchema,
  responses: {
    200: UpdatedOrder,
    409: apiError(
      'The order can no longer be changed (ORDER_LOCKED), or its service is not chosen yet (SERVICE_NOT_SELECTED)',
    ),
    422: apiError(
      'Not an amount, under the included cover, over the value of the goods the cover pays for or over the maximum (VALIDATION_FAILED, field cover)',
    ),
  },
});
