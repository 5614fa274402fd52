import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  DATABASE_BUSY_MESSAGE,
  DATABASE_UNREACHABLE_MESSAGE,
  GENERIC_SERVER_MESSAGE,
  STORAGE_UNAVAILABLE_MESSAGE,
  registerErrorHandling,
} from './errors.js';

/**
 * What a request answers when the database fails under it (docs/operations.md): a bound hit, an
 * unreachable database and a full disk each get 503 with Retry-After and a sentence; anything
 * else stays a 500 with the generic sentence.
 */
async function answerTo(error: object) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/fails', async () => {
    throw Object.assign(new Error('Failed query: update "orders" set …'), error);
  });
  const res = await app.inject('/fails');
  await app.close();
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() };
}

describe('database failures as answers', () => {
  it.each([
    [
      'a lock wait past its bound',
      { cause: { code: '55P03' } },
      'DATABASE_BUSY',
      '5',
      DATABASE_BUSY_MESSAGE,
    ],
    ['a statement past its bound', { code: '57014' }, 'DATABASE_BUSY', '5', DATABASE_BUSY_MESSAGE],
    [
      'a refused connection',
      { cause: { code: 'ECONNREFUSED' } },
      'DATABASE_UNAVAILABLE',
      '5',
      DATABASE_UNREACHABLE_MESSAGE,
    ],
    [
      'a terminated session',
      { code: '57P01' },
      'DATABASE_UNAVAILABLE',
      '5',
      DATABASE_UNREACHABLE_MESSAGE,
    ],
    [
      'a full disk',
      { cause: { code: '53100' } },
      'STORAGE_UNAVAILABLE',
      '60',
      STORAGE_UNAVAILABLE_MESSAGE,
    ],
  ])('%s: 503 with Retry-After', async (_name, error, code, retryAfter, message) => {
    expect(await answerTo(error)).toEqual({
      status: 503,
      retryAfter,
      body: { error: { code, message } },
    });
  });

  it('anything else: 500 with the generic sentence and no Retry-After', async () => {
    expect(await answerTo({ code: '23505' })).toEqual({
      status: 500,
      retryAfter: undefined,
      body: { error: { code: 'INTERNAL', message: GENERIC_SERVER_MESSAGE } },
    });
  });
});
