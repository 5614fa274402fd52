/**
 * Post code formats of the destinations, so a customer hears about a mistyped post code before
 * the courier does. Keyed by ISO country code.
 */
export interface PostcodeFormat {
  pattern: RegExp;
  /** How the format is described to the customer. */
  description: string;
  example: string;
  /** Normalises a valid post code for storage and display. */
  normalise(value: string): string;
}

const upper = (value: string) => value.trim().toUpperCase();
const digits = (count: number): PostcodeFormat => ({
  pattern: new RegExp(`^\\d{${count}}$`),
  description: `${count} digits`,
  example: '',
  normalise: (v) => v.trim(),
});

export const DESTINATION_POSTCODE_FORMATS: Readonly<Record<string, PostcodeFormat>> = {
  AU: { ...digits(4), example: '2000' },
  BE: { ...digits(4), example: '1000' },
  NZ: { ...digits(4), example: '6011' },
  ZA: { ...digits(4), example: '8001' },
  FR: { ...digits(5), example: '75001' },
  DE: { ...digits(5), example: '10115' },
  IT: { ...digits(5), example: '00184' },
  ES: {
    pattern: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
    description: '5 digits',
    example: '28013',
    normalise: (v) => v.trim(),
  },
  US: {
    pattern: /^\d{5}(-?\d{4})?$/,
    description: 'a 5-digit ZIP code or ZIP+4',
    example: '10001 or 10001-1234',
    normalise: (v) => {
      const compact = v.trim().replace('-', '');
      return compact.length === 9 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
    },
  },
  CA: {
    pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
    description: 'letter, digit, letter, space, digit, letter, digit',
    example: 'K1A 0B1',
    normalise: (v) => {
      const compact = upper(v).replace(/\s+/g, '');
      return `${compact.slice(0, 3)} ${compact.slice(3)}`;
    },
  },
  PT: {
    pattern: /^\d{4}-?\d{3}$/,
    description: '4 digits, a hyphen and 3 digits',
    example: '1100-148',
    normalise: (v) => {
      const compact = v.trim().replace('-', '');
      return `${compact.slice(0, 4)}-${compact.slice(4)}`;
    },
  },
  NL: {
    pattern: /^[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}$/,
    description: '4 digits and 2 letters',
    example: '1012 AB',
    normalise: (v) => {
      const compact = upper(v).replace(/\s+/g, '');
      return `${compact.slice(0, 4)} ${compact.slice(4)}`;
    },
  },
};

/** Whether the value is a valid post code of the country (true when we know no format for it). */
export function isValidDestinationPostcode(countryCode: string, value: string): boolean {
  const format = DESTINATION_POSTCODE_FORMATS[countryCode];
  if (!format) return value.trim().length > 0;
  const candidate = countryCode === 'NL' || countryCode === 'CA' ? upper(value) : value.trim();
  return format.pattern.test(candidate);
}

export function normaliseDestinationPostcode(countryCode: string, value: string): string {
  const format = DESTINATION_POSTCODE_FORMATS[countryCode];
  return format ? format.normalise(value) : value.trim();
}
