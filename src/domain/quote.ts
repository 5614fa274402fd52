import { z } from './zod.js';
import { MAX_BOXES } from './boxes.js';
import { QUOTE_MESSAGES, validateQuoteRequest } from './quote-rules.js';

export * from './quote-rules.js';

export const QuoteServiceSchema = z.enum(['express', 'economy']);

const count = z
  .number({ message: 'Box counts must be whole numbers' })
  .int('Box counts must be whole numbers')
  .min(0, 'Box counts cannot be negative')
  .max(MAX_BOXES, QUOTE_MESSAGES.tooManyBoxes);

const place = z.object({
  countryId: z.number({ message: 'Please choose a country' }).int('Please choose a country'),
  postcode: z.string().max(16, 'Post codes are at most 16 characters').default(''),
});

export const QuoteRequestShape = z.object({
  collection: place,
  destination: place,
  smallBoxes: count,
  largeBoxes: count,
});

/** The API's request schema: the shape, then every rule above as zod issues in the same order. */
export const QuoteRequestSchema = QuoteRequestShape.superRefine((value, ctx) => {
  const result = validateQuoteRequest(value);
  if (result.ok) return;
  for (const error of result.errors) {
    ctx.addIssue({ code: 'custom', path: error.field.split('.'), message: error.message });
  }
});
