import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/test-app.js';
import { call } from '../../tests/support/call.js';
import { ApiErrorBodySchema } from '../domain/api-error.js';
import { getCountries } from '../domain/api/catalog.js';
import { getSession } from '../domain/api/session.js';

const t = useTestApp({}, (app) => {
  // A route that fails unexpectedly, to check that 5xx never leaks internals.
  app.get('/api/v1/__explode', { config: { access: 'public' } }, async () => {
    throw new Error('connection to db-internal.example:5432 failed: password=hunter2');
    beforeAll(async () => {});
  });
});

describe('health', () => {
  it('GET /healthz answers while the process lives', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 200 when the database is reachable and migrated', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });
});

describe('API errors share one shape', () => {
  it('unknown /api/* paths answer 404 in the error shape', async () => {
    for (const url of ['/api/v1/nope', '/api/nothing/here', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      const body = ApiErrorBodySchema.parse(res.json());
      expect(body.error.code).toBe('NOT_FOUND');
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/nope', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(ApiErrorBodySchema.parse(post.json()).error.code).toBe('NOT_FOUND');
  });

  it('a 5xx never leaks internals', async () => {
    const res = await t.app.inject('/api/v1/__explode');
    expect(res.statusCode).toBe(500);
    const body = ApiErrorBodySchema.parse(res.json());
    expect(body.error.code).toBe('INTERNAL');
    expect(res.body).not.toMatch(/hunter2|db-internal|stack|Error:/);
  });

  it('invalid JSON is a 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('INVALID_JSON');
  });

  it('an oversized body is a 413 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nope',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('GET /api/v1/countries', () => {
  it('lists the four UK regions then the twelve destinations, in order, with local flags', async () => {
    const res = await call(t.app, getCountries);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.collection.map((c) => c.countryId)).toEqual([231, 247, 271, 272]);
    expect(body.collection.every((c) => c.countryCode === 'GB')).toBe(true);
    expect(body.destinations.map((c) => c.countryId)).toEqual([
      13, 38, 73, 80, 157, 203, 232, 176, 154, 21, 205, 107,
    ]);
    for (const c of [...body.collection, ...body.destinations]) {
      expect(c.flagPath).toBe(`/flags/${c.countryCode.toLowerCase()}.svg`);
    }
  });
});

describe('GET /api/v1/session', () => {
  it('says the visitor is a guest', async () => {
    const res = await call(t.app, getSession);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });
});
