/**
 * Characters no text a person types contains. Control characters (NUL and the rest of C0 and C1,
 * DEL), except tab and line breaks, which a message may hold; tab and line breaks too (and the
 * Unicode line and paragraph separators) in every field that is one line (names, streets,
 * towns, phones, emails…: every field but the few a person writes lines in, below), since a
 * line break there would print on a label or in an email's header as two lines; and, in names
 * and file names, the bidirectional overrides and isolates, which make text display in another
 * order than it is stored ("invoice\u202Efdp.exe"). Checked on every request body and query by
 * the route contract, in the browser before sending and on the server before the route's own
 * schema, so both refuse the same input with the same message (docs/security.md, decisions 027
 * and 116).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]/;
const BIDI_OVERRIDE = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * The fields a person writes lines in: a contact message, the driver's instructions, an
 * operator's note and a refund's note (`note`, `body`), and a rates CSV file. Every other string
 * is one line.
 */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set([
  'message',
  'instructions',
  'note',
  'body',
  'csv',
]);

export const TEXT_INPUT_MESSAGES = {
  control: 'Remove the invisible control character from this field',
  lineBreak: 'Remove the line break or tab: this field takes a single line',
  bidi: 'Remove the text-direction character from this name',
  summary: 'Some text contains characters that cannot be used.',
} as const;

/** A field whose value names someone or something, or a file: no direction overrides. */
function isNameField(key: string): boolean {
  return /name$/i.test(key);
}

export interface TextInputProblem {
  path: (string | number)[];
  message: string;
}

/** Every string in `input` (any depth) holding a character above, with its path and message. */
export function textInputProblems(input: unknown): TextInputProblem[] {
  const problems: TextInputProblem[] = [];
  const visit = (value: unknown, path: (string | number)[], depth: number): void => {
    if (depth > 20) return;
    if (typeof value === 'string') {
      const key = String(path[path.length - 1] ?? '');
      if (CONTROL.test(value)) problems.push({ path, message: TEXT_INPUT_MESSAGES.control });
      else if (!MULTI_LINE_FIELDS.has(key) && LINE_BREAK_OR_TAB.test(value)) {
        problems.push({ path, message: TEXT_INPUT_MESSAGES.lineBreak });
      } else if (isNameField(key) && BIDI_OVERRIDE.test(value)) {
        problems.push({ path, message: TEXT_INPUT_MESSAGES.bidi });
      }
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...path, index], depth + 1));
      return;
    }
    if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
      for (const [key, item] of Object.entries(value)) {
        // A key is text the client chose too.
        if (CONTROL.test(key))
          problems.push({ path: [...path, key], message: TEXT_INPUT_MESSAGES.control });
        visit(item, [...path, key], depth + 1);
      }
    }
  };
  visit(input, [], 0);
  return problems;
}

/** The problems as the API's `fields`: one message per dotted path. */
export function textInputFields(problems: readonly TextInputProblem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems)
    fields[problem.path.map(String).join('.') || '_'] ??= problem.message;
  return fields;
}
