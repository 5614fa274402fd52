/**
 * The card sandbox's test cards and messages, as the card provider's test mode answers them
 * (docs/providers.md, "The card sandbox"). Pure: the sandbox's card fields in the browser and the sandbox on the server share them.
 */

export type CardOutcome =
  | { kind: 'authorise' }
  | { kind: 'authenticate' }
  | { kind: 'decline'; code: string; message: string };

export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  liveCard: 'Your card was declined. Your request was in test mode, but used a non test card.',
  invalidNumber: 'Your card number is invalid.',
  incompleteNumber: 'Your card number is incomplete.',
  incompleteExpiry: "Your card's expiry date is incomplete.",
  pastExpiry: "Your card's expiry date is in the past.",
  incompleteCvc: "Your card's security code is incomplete.",
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  /** "MM / YY", "MM/YY" or "MMYY". */
  expiry: string;
  cvc: string;
}

/** The field checks the card provider's own fields make; the first problem per field. */
export function cardFieldErrors(
  card: CardInput,
  now: Date,
): Partial<Record<'number' | 'expiry' | 'cvc', string>> {
  const errors: Partial<Record<'number' | 'expiry' | 'cvc', string>> = {};
  const number = digitsOnly(card.number);
  if (!/^\d*$/.test(number)) errors.number = CARD_MESSAGES.invalidNumber;
  else if (number.length < 16) errors.number = CARD_MESSAGES.incompleteNumber;
  else if (number.length > 19 || !luhnValid(number)) errors.number = CARD_MESSAGES.invalidNumber;
  const expiry = parseExpiry(card.expiry);
  if (!expiry) errors.expiry = CARD_MESSAGES.incompleteExpiry;
  else {
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;
    if (expiry.year < year || (expiry.year === year && expiry.month < month)) {
      errors.expiry = CARD_MESSAGES.pastExpiry;
    }
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = CARD_MESSAGES.incompleteCvc;
  return errors;
}

export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const digits = value.replace(/[\s/]/g, '');
  if (!/^\d{4}$/.test(digits)) return undefined;
  const month = Number(digits.slice(0, 2));
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(digits.slice(2)) };
}

/** What the provider does with a well-formed card number. */
export function cardOutcome(number: string): CardOutcome {
  switch (digitsOnly(number)) {
    case '4242424242424242':
      return { kind: 'authorise' };
    case '4000000000000002':
      return { kind: 'decline', code: 'card_declined', message: CARD_MESSAGES.declined };
    case '4000000000009995':
      return {
        kind: 'decline',
        code: 'insufficient_funds',
        message: CARD_MESSAGES.insufficientFunds,
      };
    case '4000002760003184':
      return { kind: 'authenticate' };
    default:
      return { kind: 'decline', code: 'card_declined', message: CARD_MESSAGES.liveCard };
  }
}
