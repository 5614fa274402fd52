import { randomInt } from 'node:crypto';
import { ORDER_REFERENCE_ALPHABET as ALPHABET } from '#src/domain/order.js';

/** A customer-facing order reference such as "BA-7K2M9QXD" (40 random bits). */
export function newOrderReference(): string {
  let body = '';
  for (let i = 0; i < 8; i += 1) body += ALPHABET[randomInt(ALPHABET.length)];
  return `BA-${body}`;
}
