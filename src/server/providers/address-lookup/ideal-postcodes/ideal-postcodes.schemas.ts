import { z } from 'zod';

/**
 * Ideal Postcodes' JSON, as far as we read it (GET /v1/postcodes/:postcode). Unknown fields are
 * dropped; missing text fields read as empty, as the API sends "" for a part an address lacks.
 */
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

export const IdealAddressSchema = z.object({
  postcode: z.string(),
  post_town: text,
  line_1: text,
  line_2: text,
  line_3: text,
  organisation_name: text,
  county: text,
  postal_county: text,
  traditional_county: text,
  udprn: z.union([z.number(), z.string()]),
  umprn: z.union([z.number(), z.string()]).nullish(),
});
export type IdealAddress = z.input<typeof IdealAddressSchema>;

export const IdealPostcodeReplySchema = z.object({
  code: z.number(),
  message: z.string().optional(),
  result: z.array(IdealAddressSchema).optional(),
});

/** Every answer carries `code` (2000 success, 4040 not found, 4010 bad key, 4020/4021 limits…). */
export const IdealErrorReplySchema = z.object({ code: z.number(), message: z.string().optional() });
