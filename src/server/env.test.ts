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
