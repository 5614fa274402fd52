import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.js';

describe('parseEnv', () => {
  it('runs on embedded defaults with nothing set', () => {
    expect(parseEnv({})).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development' });
    expect(parseEnv({}).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable at once', () => {
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as EnvError).message;
      expect(message).toMatch(/PORT: must be a whole number between 0 and 65535 \(got "abc"\)/);
      expect(message).toMatch(/DATABASE_URL: must be a postgres:\/\/ connection URL/);
      expect(message).toMatch(/LOG_LEVEL/);
      expect((error as EnvError).problems).toHaveLength(3);
    }
  });

  it('treats an empty value as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000 });
  });
});

describe('courier configuration', () => {
  it('defaults to the simulator with the documented timeouts', () => {
    expect(parseEnv({})).toMatchObject({
      COURIER_PROVIDER: 'simulator',
      COURIER_QUOTE_TIMEOUT_MS: 60_000,
      COURIER_BOOK_TIMEOUT_MS: 90_000,
      COURIER_COMMODITY_TIMEOUT_MS: 15_000,
      ALLOW_SANDBOX_PROVIDERS: false,
    });
    expect(parseEnv({}).COURIER_SIMULATOR_PORT).toBeUndefined();
  });

  it('refuses transglobal without its URL, key and password, naming each', () => {
    try {
      parseEnv({ COURIER_PROVIDER: 'transglobal', COURIER_API_KEY: 'k' });
      expect.unreachable();
    } catch (error) {
      expect((error as EnvError).problems).toEqual([
        'COURIER_BASE_URL: required when COURIER_PROVIDER=transglobal',
        'COURIER_PASSWORD: required when COURIER_PROVIDER=transglobal',
      ]);
    }
    expect(
      parseEnv({
        COURIER_PROVIDER: 'transglobal',
        COURIER_BASE_URL: 'https://staging2.services3.transglobalexpress.co.uk',
        COURIER_API_KEY: 'k',
        COURIER_PASSWORD: 'p',
        NODE_ENV: 'production',
      }).COURIER_PROVIDER,
    ).toBe('transglobal');
  });

  it('never echoes a secret in its complaint', () => {
    try {
      parseEnv({ COURIER_API_KEY: ' key-4b1d', COURIER_PASSWORD: 'hunter2hunter2 ' });
      expect.unreachable();
    } catch (error) {
      expect((error as EnvError).problems).toEqual([
        'COURIER_API_KEY: has leading or trailing spaces',
        'COURIER_PASSWORD: has leading or trailing spaces',
      ]);
    }
  });

  it('refuses the simulator in production unless sandboxes are explicitly allowed', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /COURIER_PROVIDER: production refuses the courier simulator/,
    );
    expect(
      parseEnv({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: 'true' }).COURIER_PROVIDER,
    ).toBe('simulator');
    expect(() => parseEnv({ ALLOW_SANDBOX_PROVIDERS: 'yes' })).toThrow(
      /ALLOW_SANDBOX_PROVIDERS: must be true or false/,
    );
  });

  it('takes the timeouts and the simulator port from the environment', () => {
    expect(
      parseEnv({
        COURIER_SIMULATOR_PORT: '4010',
        COURIER_QUOTE_TIMEOUT_MS: '1000',
        COURIER_BOOK_TIMEOUT_MS: '2000',
        COURIER_COMMODITY_TIMEOUT_MS: '3000',
      }),
    ).toMatchObject({
      COURIER_SIMULATOR_PORT: 4010,
      COURIER_QUOTE_TIMEOUT_MS: 1000,
      COURIER_BOOK_TIMEOUT_MS: 2000,
      COURIER_COMMODITY_TIMEOUT_MS: 3000,
    });
    expect(() => parseEnv({ COURIER_BOOK_TIMEOUT_MS: '0' })).toThrow(/COURIER_BOOK_TIMEOUT_MS/);
  });
});
