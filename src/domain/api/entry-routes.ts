/**
 * The method and path of the routes the web's entry chunk calls (every first page load, the
 * home page included). This file holds no schema: the entry chunk must not load zod (see
 * docs/decisions/011). Their declarations, with schemas, spread these: session.ts, catalog.ts.
 */
export const SESSION_ROUTE = { method: 'GET', path: '/api/v1/session' } as const;
export const SIGN_OUT_ROUTE = { method: 'DELETE', path: '/api/v1/session' } as const;
export const RATES_ROUTE = { method: 'GET', path: '/api/v1/rates' } as const;
