import { Writable } from 'node:stream';
import { errors, postcodes } from '@ideal-postcodes/api-fixtures';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../provider-error.js';
import { sandboxFetch, SANDBOX_SWITCHES } from '../sandbox/sandbox-addresses.js';
import { sandboxAddressLookup } from '../index.js';
import { IdealPostcodesClient, type FetchFunction } from './ideal-postcodes.client.js';
import { townCase } from './ideal-postcodes.mapper.js';

/**
 * The Ideal Postcodes client against the provider's recorded answers (the sandbox serves them,
 * as `@ideal-postcodes/api-fixtures` recorded them, by the key and post code asked): each maps
 * to our address shape or to a ProviderError in our words.
 */

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('the Ideal Postcodes client on recorded answers', () => {
  it('maps a recorded success to our address shape', async () => {
    const [downing, ...others] = await sandboxAddressLookup().findAddresses('SW1A 2AA');
    expect(others).toEqual([]);
    expect(downing).toEqual({
      id: String(postcodes.success.body.result[0]!.udprn),
      label: 'Prime Minister & First Lord Of The Treasury, 10 Downing Street, London',
      company: 'Prime Minister & First Lord Of The Treasury',
      street: '10 Downing Street',
      street2: '',
      city: 'London',
      state: 'London',
      postcode: 'SW1A 2AA',
    });
  });

  it('reads every address of a recorded post code with many, flats after their street', async () => {
    const found = await sandboxAddressLookup().findAddresses('CV4 7AL');
    expect(found).toHaveLength(postcodes.multipleResidence.success.body.result.length);
    expect(new Set(found.map((a) => a.id)).size).toBe(found.length);
    const sw1a = await sandboxAddressLookup().findAddresses('SW1A 1AA');
    expect(sw1a).toHaveLength(5);
    expect(sw1a[2]).toMatchObject({
      label: 'Flat 3, 14 Buckingham Gate, London',
      company: '',
      street: '14 Buckingham Gate',
      street2: 'Flat 3',
      city: 'London',
      postcode: 'SW1A 1AA',
    });
  });

  it('answers no addresses for the recorded "Postcode Not Found"', async () => {
    const lookup = sandboxAddressLookup();
    expect(postcodes.notFound.httpStatus).toBe(404);
    expect(await lookup.findAddresses(SANDBOX_SWITCHES.notFound)).toEqual([]);
    expect(await lookup.findAddresses('EC1A 1BB')).toEqual([]);
  });

  it('says the key was refused on the recorded invalid-key answer', async () => {
    for (const apiKey of ['not-our-key', errors.invalidKey.query.api_key]) {
      const error = await failure(sandboxAddressLookup({ apiKey }).findAddresses('SW1A 2AA'));
      expect(error).toMatchObject({ provider: 'sandbox', code: 'INVALID_KEY', retryable: false });
      expect(error.message).not.toContain(apiKey);
    }
  });

  it('says the lookups are used up on the recorded balance and daily-limit answers', async () => {
    for (const recorded of [errors.balanceDepleted, errors.dailyLimitReached]) {
      const lookup = sandboxAddressLookup({ apiKey: recorded.query.api_key });
      const error = await failure(lookup.findAddresses('SW1A 2AA'));
      expect(error).toMatchObject({ code: 'OVER_LIMIT', retryable: false });
      expect(error.message).toContain(String(recorded.body.code));
    }
  });

  it('gives up after its timeout, and says when the provider cannot be reached', async () => {
    const slow = sandboxAddressLookup({ timeoutMs: 50, slowMs: 10_000 });
    const started = Date.now();
    expect(await failure(slow.findAddresses(SANDBOX_SWITCHES.slow))).toMatchObject({
      code: 'TIMEOUT',
      retryable: true,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    const down = await failure(sandboxAddressLookup().findAddresses(SANDBOX_SWITCHES.down));
    expect(down).toMatchObject({ code: 'NETWORK', retryable: true });
  });

  it('reads an answer it does not understand as such', async () => {
    const answering =
      (status: number, body: string): FetchFunction =>
      async () =>
        new Response(body, { status });
    const client = (fetch: FetchFunction) =>
      new IdealPostcodesClient({ apiKey: 'k', timeoutMs: 1_000, fetch });
    expect(await failure(client(answering(200, '<html>')).findAddresses('SW1A 1AA'))).toMatchObject(
      { code: 'INVALID_RESPONSE' },
    );
    expect(
      await failure(
        client(answering(200, '{"code":2000,"result":[{}]}')).findAddresses('SW1A 1AA'),
      ),
    ).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(
      await failure(client(answering(503, '{"code":5030}')).findAddresses('SW1A 1AA')),
    ).toMatchObject({ code: 'HTTP_ERROR', retryable: true });
  });

  it('sends the key in a header only, and logs neither the key nor the post code', async () => {
    const lines: string[] = [];
    const logger = pino(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const sent: { url: string; headers: Headers }[] = [];
    const sandbox = sandboxFetch();
    const key = 'sandbox';
    const client = new IdealPostcodesClient({
      baseUrl: 'https://api.example',
      apiKey: key,
      timeoutMs: 1_000,
      logger,
      fetch: (url, init) => {
        sent.push({ url, headers: new Headers(init.headers) });
        return sandbox(url, init);
      },
    });
    expect(await client.findAddresses('SW1A 1AA')).toHaveLength(5);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://api.example/v1/postcodes/SW1A1AA');
    expect(sent[0]!.headers.get('authorization')).toBe(`IDEALKEY api_key="${key}"`);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      addressLookupCall: 'postcodes',
      outcome: 'found',
    });
    expect(lines[0]).not.toMatch(/SW1A|sandbox"|api_key/);
  });
});

describe('townCase', () => {
  it('writes post towns as people do', () => {
    expect(townCase('LONDON')).toBe('London');
    expect(townCase('STOCKTON-ON-TEES')).toBe('Stockton-on-Tees');
    expect(townCase('ISLE OF MAN')).toBe('Isle of Man');
  });
});
