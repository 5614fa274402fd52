/**
 * An amount of pounds as a person types it, read into pence. Apart from money.ts, which the home
 * page's script carries for its prices: only the forms that take an amount need this.
 */

/** Why a typed amount of pounds cannot be read (each caller words it for its own field). */
export type PoundsProblem =
  'notANumber' | 'commaForPence' | 'notPositive' | 'tooManyDecimals' | 'tooLarge';

/** The most digits of whole pounds read: beyond this every caller refuses the amount anyway. */
const MAX_WHOLE_DIGITS = 9;

/**
 * An amount of pounds as a person types it ("12.50", "£1,250", "7") to integer pence. A comma
 * only ever separates thousands, in groups of three: "1,00" or "12,5" is refused as a comma
 * used for pence (where it was read as £100 before), never guessed at. Positive, whole pence.
 */
export function readPounds(text: string): { pence: number } | { problem: PoundsProblem } {
  const typed = text.trim().replace(/^£/, '').trim();
  const negative = typed.startsWith('-');
  const unsigned = negative ? typed.slice(1) : typed;
  const number = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/.exec(unsigned);
  if (!number || unsigned === '' || unsigned === '.') {
    return /^\d+,\d{1,2}$/.test(unsigned)
      ? { problem: 'commaForPence' }
      : { problem: 'notANumber' };
  }
  const whole = (number[1] ?? '').replace(/,/g, '');
  const decimals = number[2] ?? '';
  if (decimals.length > 2) return { problem: 'tooManyDecimals' };
  if (whole.replace(/^0+/, '').length > MAX_WHOLE_DIGITS) return { problem: 'tooLarge' };
  const pence = Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0'));
  if (negative || pence <= 0) return { problem: 'notPositive' };
  return { pence };
}
