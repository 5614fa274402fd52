import { describe, expect, it } from 'vitest';
import { EnvError, listenHost, parseEnv } from './env.js';

/** What production needs besides sandboxes: the real courier and SMTP. */
const REAL_COURIER = {
  COURIER_PROVIDER: 'transglobal',
  COURIER_BASE_URL: 'https://staging2.services3.transglobalexpress.co.uk',
  COURIER_API_KEY: 'k',
  COURIER_PASSWORD: 'p',
};
const REAL_PAYMENTS = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_51abcdefSECRET',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_SECRETSECRET',
};
const REAL_ADDRESSES = {
  ADDRESS_PROVIDER: 'ideal-postcodes',
  IDEAL_POSTCODES_API_KEY: 'ak_live_SECRETKEY',
};
/** A production deployment names its own address (PUBLIC_URL) with its mail settings. */
const REAL_MAIL = {
  PUBLIC_URL: 'https://boxabroad.example',
  SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
  MAIL_FROM: 'BoxAbroad <no-reply@boxabroad.example>',
  SALES_EMAIL: 'sales@boxabroad.example',
};

describe('guard-rail settings', () => {
  const production = {
    NODE_ENV: 'production',
    ...REAL_COURIER,
    ...REAL_PAYMENTS,
    ...REAL_MAIL,
    ...REAL_ADDRESSES,
  };

  it('requires PUBLIC_URL in production, except for a sandbox start', () => {
    const withoutUrl = Object.fromEntries(
      Object.entries(production).filter(([name]) => name !== 'PUBLIC_URL'),
    );
    expect(() => parseEnv(withoutUrl)).toThrow(/PUBLIC_URL: is required in production/);
    expect(parseEnv({ ...withoutUrl, ALLOW_SANDBOX_PROVIDERS: 'true' }).PUBLIC_URL).toBeUndefined();
    expect(parseEnv(production).PUBLIC_URL).toBe('https://boxabroad.example');
  });

  it('trusts no proxy by default; hops or addresses when set', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(() => parseEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: must be false/);
  });

  it('starts a movable clock only with both sandbox providers', () => {
    expect(parseEnv({ SANDBOX_CLOCK: 'true' }).SANDBOX_CLOCK).toBe(true);
    expect(parseEnv({}).SANDBOX_CLOCK).toBe(false);
    expect(() =>
      parseEnv({
        SANDBOX_CLOCK: 'true',
        COURIER_PROVIDER: 'transglobal',
        COURIER_BASE_URL: 'https://courier.example',
        COURIER_API_KEY: 'k'.repeat(16),
        COURIER_PASSWORD: 'p'.repeat(16),
      }),
    ).toThrow(/SANDBOX_CLOCK: a clock that can be moved runs only with the courier simulator/);
  });

  it('reads rate limits as MAX/WINDOW and timeouts in ms', () => {
    const env = parseEnv({ RATE_LIMIT_QUOTES: '10/2m', RATE_LIMIT_CARD_DECLINES: '5/1h' });
    expect(env.RATE_LIMIT_QUOTES).toEqual({ max: 10, windowSeconds: 120 });
    expect(env.RATE_LIMIT_CARD_DECLINES).toEqual({ max: 5, windowSeconds: 3600 });
    expect(env.RATE_LIMIT_CONTACT).toBeUndefined();
    expect(() => parseEnv({ RATE_LIMIT_CONTACT: 'lots' })).toThrow(
      /RATE_LIMIT_CONTACT: must be MAX\/WINDOW/,
    );
    expect(parseEnv({}).REQUEST_TIMEOUT_MS).toBe(30_000);
  });
});

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

  it('refuses production without SMTP_URL, MAIL_FROM and SALES_EMAIL', () => {
    try {
      parseEnv({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const { problems } = error as EnvError;
      expect(problems.join('\n')).toMatch(/SMTP_URL: is required in production/);
      expect(problems.join('\n')).toMatch(/ALLOW_SANDBOX_PROVIDERS=true/);
      expect(problems.join('\n')).toMatch(/MAIL_FROM: is required in production/);
      expect(problems.join('\n')).toMatch(/SALES_EMAIL: is required in production/);
    }
  });

  it('runs production on the local mailbox only with the sandbox opt-in', () => {
    const env = parseEnv({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: 'true' });
    expect(env).toMatchObject({ ALLOW_SANDBOX_PROVIDERS: true });
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('accepts a production mail configuration', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://boxabroad.example',
      SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
      MAIL_FROM: 'BoxAbroad <no-reply@boxabroad.example>',
      SALES_EMAIL: 'sales@boxabroad.example',
      ...REAL_COURIER,
      ...REAL_PAYMENTS,
      ...REAL_ADDRESSES,
    });
    expect(env).toMatchObject({
      ALLOW_SANDBOX_PROVIDERS: false,
      MAIL_POLL_INTERVAL_MS: 2000,
      MAIL_MAX_ATTEMPTS: 8,
    });
  });

  it('never echoes the SMTP password', () => {
    expect(() => parseEnv({ SMTP_URL: 'http://mailer:hunter2@mail.example.com' })).toThrow(
      /^(?![\s\S]*hunter2)[\s\S]*SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });

  it('names bad mail variables', () => {
    expect(() =>
      parseEnv({ SMTP_URL: 'http://mail.example.com', SALES_EMAIL: 'sales', MAIL_FROM: 'nobody' }),
    ).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL[\s\S]*MAIL_FROM[\s\S]*SALES_EMAIL/);
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
        ...REAL_MAIL,
        ...REAL_PAYMENTS,
        ...REAL_ADDRESSES,
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

describe('address lookup configuration', () => {
  it('defaults to the sandbox, which production refuses unless sandboxes are allowed', () => {
    expect(parseEnv({})).toMatchObject({
      ADDRESS_PROVIDER: 'sandbox',
      ADDRESS_LOOKUP_TIMEOUT_MS: 2500,
      ADDRESS_LOOKUP_DAILY_CAP: 1000,
    });
    const production = { NODE_ENV: 'production', ...REAL_COURIER, ...REAL_PAYMENTS, ...REAL_MAIL };
    expect(() => parseEnv(production)).toThrow(
      /ADDRESS_PROVIDER: production refuses the address sandbox/,
    );
    expect(parseEnv({ ...production, ALLOW_SANDBOX_PROVIDERS: 'true' }).ADDRESS_PROVIDER).toBe(
      'sandbox',
    );
    expect(parseEnv({ ...production, ...REAL_ADDRESSES }).ADDRESS_PROVIDER).toBe('ideal-postcodes');
  });

  it('needs the provider’s key, and never echoes it', () => {
    expect(() => parseEnv({ ADDRESS_PROVIDER: 'ideal-postcodes' })).toThrow(
      /IDEAL_POSTCODES_API_KEY: required when ADDRESS_PROVIDER=ideal-postcodes/,
    );
    expect(() =>
      parseEnv({ ADDRESS_PROVIDER: 'ideal-postcodes', IDEAL_POSTCODES_API_KEY: ' ak_SECRET' }),
    ).toThrow(
      /^(?![\s\S]*ak_SECRET)[\s\S]*IDEAL_POSTCODES_API_KEY: has leading or trailing spaces/,
    );
    expect(
      parseEnv({ ADDRESS_LOOKUP_DAILY_CAP: '50', ADDRESS_LOOKUP_TIMEOUT_MS: '1500' }),
    ).toMatchObject({ ADDRESS_LOOKUP_DAILY_CAP: 50, ADDRESS_LOOKUP_TIMEOUT_MS: 1500 });
  });
});

describe('payment configuration', () => {
  it('defaults to the card sandbox, which production refuses unless sandboxes are allowed', () => {
    expect(parseEnv({}).PAYMENT_PROVIDER).toBe('sandbox');
    const production = {
      NODE_ENV: 'production',
      ...REAL_COURIER,
      ...REAL_MAIL,
      ...REAL_ADDRESSES,
    };
    expect(() => parseEnv(production)).toThrow(
      /PAYMENT_PROVIDER: production refuses the card sandbox/,
    );
    expect(parseEnv({ ...production, ALLOW_SANDBOX_PROVIDERS: 'true' }).PAYMENT_PROVIDER).toBe(
      'sandbox',
    );
    expect(parseEnv({ ...production, ...REAL_PAYMENTS }).PAYMENT_PROVIDER).toBe('stripe');
  });

  it('needs all three Stripe keys, and never echoes the secret ones', () => {
    try {
      parseEnv({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' });
      expect.unreachable();
    } catch (error) {
      expect((error as EnvError).problems).toEqual([
        'STRIPE_PUBLISHABLE_KEY: required when PAYMENT_PROVIDER=stripe',
        'STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe',
      ]);
    }
    try {
      parseEnv({ STRIPE_SECRET_KEY: 'pk_live_hunter2', STRIPE_WEBHOOK_SECRET: 'hunter3' });
      expect.unreachable();
    } catch (error) {
      const message = (error as EnvError).message;
      expect(message).toContain('STRIPE_SECRET_KEY: must be a Stripe secret key');
      expect(message).toContain('STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret');
      expect(message).not.toMatch(/hunter/);
    }
  });
});

describe('listen address', () => {
  it('is loopback only while any sandbox is active and HOST is unset', () => {
    expect(listenHost(parseEnv({}))).toEqual({ host: '127.0.0.1' });
    // Real courier and payments, but mail still lands in the local mailbox.
    expect(listenHost(parseEnv({ ...REAL_COURIER, ...REAL_PAYMENTS })).host).toBe('127.0.0.1');
    expect(listenHost(parseEnv({ ...REAL_COURIER, ...REAL_MAIL })).host).toBe('127.0.0.1');
  });

  it('is every interface once every provider is real', () => {
    expect(
      listenHost(parseEnv({ ...REAL_COURIER, ...REAL_PAYMENTS, ...REAL_MAIL, ...REAL_ADDRESSES })),
    ).toEqual({
      host: '0.0.0.0',
    });
  });

  it('follows an explicit HOST, with a warning when that exposes a sandbox', () => {
    const exposed = listenHost(parseEnv({ HOST: '0.0.0.0' }));
    expect(exposed.host).toBe('0.0.0.0');
    expect(exposed.warning).toMatch(
      /exposes a sandbox \(courier simulator, card sandbox, local mailbox\)/,
    );
    expect(listenHost(parseEnv({ HOST: '127.0.0.1' }))).toEqual({ host: '127.0.0.1' });
    const real = { ...REAL_COURIER, ...REAL_PAYMENTS, ...REAL_MAIL, HOST: '10.0.0.5' };
    expect(listenHost(parseEnv(real))).toEqual({ host: '10.0.0.5' });
  });
});
