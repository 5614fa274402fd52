import { describe, expect, it } from 'vitest';
import { parseSmtpUrl, smtpConnectionOptions, smtpError } from './smtp-transport.js';

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
