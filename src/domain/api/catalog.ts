import { z } from '../zod.js';
import { defineRoute } from './define-route.js';
import { RATES_ROUTE } from './entry-routes.js';

export const CountryOptionSchema = z.object({
  /** The courier's CountryID (regions sharing an ISO code have their own). */
  countryId: z.number().int(),
  title: z.string(),
  countryCode: z.string(),
  role: z.enum(['collection', 'destination']),
  flagPath: z.string(),
});

export const getCountries = defineRoute({
  method: 'GET',
  path: '/api/v1/countries',
  access: 'public',
  tag: 'Catalogue',
  summary: 'Collection regions and destinations, in display order',
  responses: {
    200: z
      .object({
        collection: z.array(CountryOptionSchema),
        destinations: z.array(CountryOptionSchema),
      })
      .describe('Country options with their courier CountryIDs'),
  },
});

const RateTableViewSchema = z.object({
  title: z.string(),
  /** ISO time of the table's last change, or null when the table is missing. */
  updatedAt: z.string().nullable(),
  destinations: z.array(
    z.object({
      countryId: z.number().int(),
      /** The lowest price in the table for this destination: "from £…". */
      fromPence: z.number().int(),
      prices: z.array(z.object({ weightKg: z.number(), pricePence: z.number().int() })),
    }),
  ),
});

export const RatesSchema = z.object({
  currency: z.literal('GBP'),
  services: z.object({ economy: RateTableViewSchema, express: RateTableViewSchema }),
});
export type Rates = z.infer<typeof RatesSchema>;

export const getRates = defineRoute({
  ...RATES_ROUTE,
  access: 'public',
  tag: 'Catalogue',
  summary: 'Both public rate tables, with each destination’s from-price',
  responses: { 200: RatesSchema.describe('Rate tables in pence by destination and weight') },
});
