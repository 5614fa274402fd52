import { z } from './zod.js';
import { MAX_BOXES } from './boxes.js';
import { QUOTE_QUERY } from './quote-question.js';
import { QUOTE_MESSAGES, validateQuoteRequest, type ValidQuoteRequest } from './quote-rules.js';

export * from './quote-rules.js';
export * from './quote-question.js';

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

const queryNumber = (message: string) =>
  z
    .string()
    .regex(/^\d{1,4}$/, message)
    .transform(Number);
const queryCount = z
  .string()
  .regex(/^\d{1,4}$/, 'Box counts must be whole numbers')
  .transform(Number);

/**
 * `GET /api/v1/quotes`: the question as a query string (quote-rules.ts `quoteSearchOf`), read into
 * the request's shape and checked by the same rules as the form; its output is the checked
 * request (countries found, post codes normalised), so the handler checks nothing again.
 */
export const QuoteQuerySchema = z
  .object({
    [QUOTE_QUERY.collection]: queryNumber('Please choose a collection country from the list'),
    [QUOTE_QUERY.collectionPostcode]: z
      .string()
      .max(16, 'Post codes are at most 16 characters')
      .default(''),
    [QUOTE_QUERY.destination]: queryNumber('Please choose a destination country from the list'),
    [QUOTE_QUERY.destinationPostcode]: z
      .string()
      .max(16, 'Post codes are at most 16 characters')
      .default(''),
    [QUOTE_QUERY.smallBoxes]: queryCount,
    [QUOTE_QUERY.largeBoxes]: queryCount,
  })
  .transform((q, ctx): ValidQuoteRequest => {
    const value = {
      collection: { countryId: q.collection, postcode: q.collectionPostcode },
      destination: { countryId: q.destination, postcode: q.destinationPostcode },
      smallBoxes: q.small,
      largeBoxes: q.large,
    };
    const result = validateQuoteRequest(value);
    if (!result.ok) {
      for (const error of result.errors) {
        ctx.addIssue({ code: 'custom', path: error.field.split('.'), message: error.message });
      }
      return z.NEVER;
    }
    return result.value;
  });
