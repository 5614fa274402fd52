import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, defineRoute } from '../../domain/api/define-route.js';
import { z } from '../../domain/zod.js';
import { ApiError, registerErrorHandling } from './errors.js';
import { addRoute, NO_STORE } from './route.js';

const NOT_FOUND = { code: 'THING_NOT_FOUND', message: 'We could not find that thing.' };

const putThing = defineRoute({
  method: 'PUT',
  path: '/api/v1/things/:id',
  access: 'public',
  tag: 'Test',
  summary: 'Save a thing',
  params: z.object({ id: z.uuid() }),
  body: z.object({
    name: z.string({ message: 'Enter a name' }).trim().min(1, 'Enter a name'),
    size: z.number({ message: 'Enter a size' }).int('Whole numbers only'),
  }),
  responses: {
    201: z.object({ id: z.string(), name: z.string() }),
    409: apiError('Locked (THING_LOCKED)'),
  },
  notFound: NOT_FOUND,
});

const getThing = defineRoute({
  method: 'GET',
  path: '/api/v1/things',
  access: 'public',
  tag: 'Test',
  summary: 'Read things',
  query: z.object({ broken: z.enum(['yes', 'no']).default('no') }),
  responses: { 200: z.object({ count: z.number().int() }) },
});

const ID = '5f0c5f5e-8a0a-4c1e-9c1e-6d1f1f1f1f1f';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  registerErrorHandling(app);
  addRoute(
    app,
    putThing,
    async ({ params, body }) => {
      if (body.name === 'locked') throw new ApiError(409, 'THING_LOCKED', 'That thing is locked.');
      return { id: params.id, name: body.name };
    },
    NO_STORE,
  );
  addRoute(
    app,
    getThing,
    // A reply that breaks its declaration when asked to: the server must not send it.
    async ({ query }) => (query.broken === 'yes' ? ({ count: 'many' } as never) : { count: 3 }),
    { cacheControl: 'public, max-age=60' },
  );
  await app.ready();
});
afterAll(() => app.close());

const put = (id: string, payload?: unknown) =>
  app.inject({ method: 'PUT', url: `/api/v1/things/${id}`, ...(payload ? { payload } : {}) });

describe('addRoute', () => {
  it('hands the handler the parsed input and answers with the declared success status', async () => {
    const res = await put(ID, { name: '  Box  ', size: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: ID, name: 'Box' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a body that fails its schema: 422, first message, one message per field', async () => {
    const res = await put(ID, { name: ' ', size: 1.5 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Enter a name',
        fields: { name: 'Enter a name', size: 'Whole numbers only' },
      },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const absent = await put(ID);
    expect(absent.statusCode).toBe(422);
    expect(absent.json().error.message).toBe(
      z.object({}).safeParse(undefined).error?.issues[0]?.message,
    );
  });

  it('answers the route’s own 404 when a path parameter names nothing', async () => {
    const res = await put('not-a-uuid', { name: 'Box', size: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: NOT_FOUND });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps a declared error as the handler threw it', async () => {
    const res = await put(ID, { name: 'locked', size: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('THING_LOCKED');
  });

  it('checks the query, and never sends a reply that breaks its declaration', async () => {
    const ok = await app.inject('/api/v1/things');
    expect(ok.json()).toEqual({ count: 3 });
    expect(ok.headers['cache-control']).toBe('public, max-age=60');

    const bad = await app.inject('/api/v1/things?broken=maybe');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toHaveProperty('broken');
    // A refusal is never cached as if it were the answer.
    expect(bad.headers['cache-control']).toBeUndefined();

    const broken = await app.inject('/api/v1/things?broken=yes');
    expect(broken.statusCode).toBe(500);
    expect(broken.json().error.code).toBe('INTERNAL');
    expect(broken.body).not.toContain('many');
  });

  it('refuses a declaration with params but no not-found error', () => {
    const withoutNotFound = { ...putThing, notFound: undefined };
    expect(() => addRoute(Fastify(), withoutNotFound, async () => ({ id: ID, name: 'x' }))).toThrow(
      /notFound/,
    );
  });
});
