import { z } from 'zod';

/**
 * Header hygiene. Every value that reaches a mail header goes through one of these, so a name,
 * subject or file name carrying CR/LF can never add a header (e.g. `Bcc:`) or end the headers.
 */

/** One line of text: line breaks and other control characters become spaces; trimmed. */
export function headerText(value: string, maxLength = 200): string {
  // eslint-disable-next-line no-control-regex
  const oneLine = value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ');
  const collapsed = oneLine.replace(/\s+/g, ' ').trim();
  return collapsed.length > maxLength ? `${collapsed.slice(0, maxLength - 1)}…` : collapsed;
}

const AddressSchema = z.email();

/** A single bare address (`name@example.com`), or undefined when it is not one. */
export function validAddress(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (trimmed.length > 254 || /[\s<>,;:"\\()[\]]/.test(trimmed)) return undefined;
  return AddressSchema.safeParse(trimmed).success ? trimmed : undefined;
}

export class InvalidMailAddressError extends Error {
  constructor(field: string, value: string) {
    super(`${field} is not a single email address: ${JSON.stringify(value)}`);
    this.name = 'InvalidMailAddressError';
  }
}

export function requireAddress(field: string, value: string): string {
  const address = validAddress(value);
  if (!address) throw new InvalidMailAddressError(field, value);
  return address;
}

/** A file name safe for Content-Disposition: one line, no path, no quotes. */
export function attachmentFilename(value: string): string {
  const name = headerText(value, 120)
    .replace(/[/\\"]/g, '_')
    .replace(/^\.+/, '');
  return name || 'attachment';
}
