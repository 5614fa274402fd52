import { randomInt } from 'node:crypto';

/** Crockford's base32 without I, L, O, U: easy to read out on the phone. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A customer-facing order reference such as "BA-7K2M9QXD" (40 random bits). */
export function newOrderReference(): string {
  let body = '';
  for (let i = 0; i < 8; i += 1) body += ALPHABET[randomInt(ALPHABET.length)];
  return `BA-${body}`;
}
