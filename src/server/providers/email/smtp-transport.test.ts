import { describe, expect, it } from 'vitest';
import {
  parseSmtpUrl,
  queueIdOf,
  SMTP_TIMEOUT_DEFAULTS,
  smtpConnectionOptions,
  smtpError,
} from './smtp-transport.js';

describe('SMTP_URL', () => {
  it('reads host, port, TLS mode and credentials', () => {
    expect(parseSmtpUrl('smtp://us%40er:p%3Ass@smtp.example.com:2525')).toEqual({
      host: 'smtp.example.com',
      port: 2525,
      secure: false,
      auth: { user: 'us@er', pass: 'p:ss' },
    });
    expect(parseSmtpUrl('smtps://smtp.example.com')).toEqual({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
    });
    expect(parseSmtpUrl('smtp://smtp.example.com').port).toBe(587);
  });

  it('requires STARTTLS before sending credentials to another machine', () => {
    const remote = parseSmtpUrl('smtp://u:p@smtp.example.com:587');
    expect(smtpConnectionOptions(remote).requireTLS).toBe(true);
    expect(smtpConnectionOptions(parseSmtpUrl('smtps://u:p@smtp.example.com')).requireTLS).toBe(
      false,
    );
    expect(smtpConnectionOptions(parseSmtpUrl('smtp://u:p@127.0.0.1:2525')).requireTLS).toBe(false);
    expect(smtpConnectionOptions(parseSmtpUrl('smtp://smtp.example.com')).requireTLS).toBe(false);
  });
});

describe('SMTP errors in our words', () => {
  it('tell temporary from permanent failures', () => {
    expect(smtpError({ responseCode: 451, response: '451 later' })).toMatchObject({
      code: 'TEMPORARY_FAILURE',
      retryable: true,
    });
    expect(smtpError({ responseCode: 550, response: '550 no such user' })).toMatchObject({
      code: 'REJECTED',
      retryable: false,
    });
    expect(smtpError({ code: 'ECONNECTION', message: 'connect ECONNREFUSED' })).toMatchObject({
      code: 'UNAVAILABLE',
      retryable: true,
    });
    expect(smtpError({ name: 'AbortError', code: 'EABORT' })).toMatchObject({
      code: 'ABORTED',
      retryable: true,
    });
  });
});

describe('the server’s queue id and the timeouts', () => {
  it('reads the queue id from the common servers’ replies, and nothing from a bare OK', () => {
    expect(queueIdOf('250 2.0.0 Ok: queued as 4XyZ12AbC')).toBe('4XyZ12AbC');
    expect(queueIdOf('250 OK id=1rAbCd-000123-Xy')).toBe('1rAbCd-000123-Xy');
    expect(queueIdOf('250 2.0.0 4AB1cD3e123 Message accepted for delivery')).toBe('4AB1cD3e123');
    expect(queueIdOf('250 Ok <0100018c-abcd@email.amazonses.com>')).toBe(
      '0100018c-abcd@email.amazonses.com',
    );
    expect(queueIdOf('250 OK')).toBeUndefined();
  });

  it('gives up on a silent server in seconds, not a minute', () => {
    const options = smtpConnectionOptions(parseSmtpUrl('smtp://smtp.example.com'));
    expect(options).toMatchObject({
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    expect(SMTP_TIMEOUT_DEFAULTS.socketTimeoutMs).toBeLessThan(60_000);
  });
});
