import { describe, expect, it, vi } from 'vitest';
import { call, ok } from '#tests/support/call.js';
import { newOrder, quoteBody } from '#tests/support/factories/orders.js';
import { useTestApp, type TestApp } from '#tests/support/test-app.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import { ADDRESS_LOOKUP_MESSAGES } from '#src/domain/address-lookup.js';
import { findAddresses } from '#src/domain/api/address-lookup.js';
import { COLLECTION_REGIONS } from '#src/domain/countries.js';
import { checkCollectionPostcode, QUOTE_MESSAGES } from '#src/domain/quote-rules.js';
import { sandboxAddressLookup } from '../../providers/address-lookup/index.js';
import { SANDBOX_SWITCHES } from '../../providers/address-lookup/sandbox/sandbox-addresses.js';

/**
 * "Find address" (docs/providers.md, "Addresses"): the order's collection post code only, the
 * provider's answer kept 15 minutes, the day's provider calls capped, per-order and per-address
 * limits, and every provider failure one 503 the form answers by asking for the address.
 */

const provider = sandboxAddressLookup({ timeoutMs: 200, slowMs: 5_000 });

const t = useTestApp({
  addressLookup: provider,
  rateLimits: { addressLookupsPerOrder: { max: 4, windowSeconds: 900 } },
});

const orderAt = (postcode: string, countryId = 231) =>
  newOrder(t.app, { quote: quoteBody({ collection: { countryId, postcode } }) });
const errorOf = (res: { json(): unknown }) => (res.json() as ApiErrorBody).error;
const lookup = (app: TestApp['app'], id: string, postcode: string) =>
  call(app, findAddresses, { params: { id }, query: { postcode } });

describe('finding the collection address', () => {
  it('lists the addresses at the order’s post code, however it is typed', async () => {
    const order = await orderAt('SW1A 1AA');
    const found = await ok(t.app, findAddresses, {
      params: { id: order.id },
      query: { postcode: ' sw1a1aa ' },
    });
    expect(found.postcode).toBe('SW1A 1AA');
    expect(found.addresses.map((a) => a.label)).toEqual([
      'Flat 1, 14 Buckingham Gate, London',
      'Flat 2, 14 Buckingham Gate, London',
      'Flat 3, 14 Buckingham Gate, London',
      'Westminster Lodge Ltd, 16 Buckingham Gate, London',
      '18 Buckingham Gate, London',
    ]);
  });

  it('answers a post code asked again from what it kept, without a second provider call', async () => {
    const order = await orderAt('IV2 4SF', 271);
    const spy = vi.spyOn(provider, 'findAddresses');
    const first = await lookup(t.app, order.id, 'IV2 4SF');
    const again = await lookup(t.app, order.id, 'iv2 4sf');
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(spy).toHaveBeenCalledTimes(1);
    // 15 minutes later it asks again.
    t.clock.set(new Date(t.clock.now().getTime() + 15 * 60_000));
    expect((await lookup(t.app, order.id, 'IV2 4SF')).statusCode).toBe(200);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('refuses a post code of another region with the quote form’s message, asking nobody', async () => {
    const order = await orderAt('SW1A 1AA');
    const spy = vi.spyOn(provider, 'findAddresses');
    const mainland = COLLECTION_REGIONS.find((r) => r.countryId === 231)!;
    const other = await lookup(t.app, order.id, 'BT1 5GS');
    expect(other.statusCode).toBe(422);
    const expected = checkCollectionPostcode(mainland, 'BT1 5GS');
    expect(expected.ok).toBe(false);
    const message = expected.ok ? '' : expected.error.message;
    expect(message).toMatch(/^BT1 5GS is in .*Northern Ireland/);
    expect(errorOf(other)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message,
      fields: { postcode: message },
    });
    // In the region, but not the post code quoted: as a saved address elsewhere is refused.
    const elsewhere = await lookup(t.app, order.id, 'SW1A 2AA');
    expect(errorOf(elsewhere).message).toBe(
      'This address is at SW1A 2AA; this booking collects from SW1A 1AA. Get a new quote from SW1A 2AA to use it.',
    );
    const jersey = await lookup(t.app, order.id, 'JE2 3AB');
    expect(errorOf(jersey).message).toBe(
      'JE2 3AB is in Jersey. We collect from the United Kingdom only.',
    );
    const notAPostcode = await lookup(t.app, order.id, 'HELLO');
    expect(errorOf(notAPostcode).message).toBe(QUOTE_MESSAGES.invalidUkPostcode);
    const empty = await lookup(t.app, order.id, '  ');
    expect(empty.statusCode).toBe(422);
    expect(errorOf(empty).message).toBe(ADDRESS_LOOKUP_MESSAGES.postcodeRequired);
    expect(spy).not.toHaveBeenCalled();
  });

  it('answers no addresses for a post code the provider does not know', async () => {
    const order = await orderAt(SANDBOX_SWITCHES.notFound);
    const res = await lookup(t.app, order.id, SANDBOX_SWITCHES.notFound);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ postcode: SANDBOX_SWITCHES.notFound, addresses: [] });
  });

  it('answers 503 when the provider is down or slower than its timeout', async () => {
    for (const postcode of [SANDBOX_SWITCHES.down, SANDBOX_SWITCHES.slow]) {
      const order = await orderAt(postcode);
      const started = Date.now();
      const res = await lookup(t.app, order.id, postcode);
      expect(res.statusCode).toBe(503);
      expect(errorOf(res)).toEqual({
        code: 'ADDRESS_LOOKUP_UNAVAILABLE',
        message: ADDRESS_LOOKUP_MESSAGES.unavailable,
      });
      expect(Date.now() - started).toBeLessThan(3_000);
    }
  });

  it('limits the lookups of one order, whoever asks', async () => {
    const order = await orderAt('SW1A 1AA');
    for (let i = 0; i < 4; i++) {
      expect((await lookup(t.app, order.id, 'SW1A 1AA')).statusCode).toBe(200);
    }
    const over = await lookup(t.app, order.id, 'SW1A 1AA');
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).code).toBe('TOO_MANY_ATTEMPTS');
    expect(over.headers['retry-after']).toBeDefined();
  });
});

describe('the day’s cap of provider calls and the per-address limit', () => {
  const capped = useTestApp({
    addressLookupSettings: { dailyCap: 2, cacheTtlMs: 0 },
    rateLimits: { addressLookups: { max: 5, windowSeconds: 900 } },
  });

  it('refuses past the cap with a clear error until the next UK day, and per address', async () => {
    const order = await newOrder(capped.app);
    const ask = () => lookup(capped.app, order.id, 'SW1A 1AA');
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const third = await ask();
    expect(third.statusCode).toBe(503);
    expect(errorOf(third)).toEqual({
      code: 'ADDRESS_LOOKUP_CAPPED',
      message: ADDRESS_LOOKUP_MESSAGES.capped,
    });
    expect((await ask()).statusCode).toBe(503);
    expect((await ask()).statusCode).toBe(503);
    // Five per client address in the window: the sixth is refused before anything else.
    const sixth = await ask();
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth).code).toBe('TOO_MANY_ATTEMPTS');
    // The next day in London (midnight GMT in November), the count starts again.
    capped.clock.set('2026-11-24T00:00:01Z');
    expect((await ask()).statusCode).toBe(200);
  });
});
