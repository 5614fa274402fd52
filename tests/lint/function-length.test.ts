import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * No function or method of src/server over 80 lines (decision 118), checked against the real
 * ESLint config: every line counts, blank lines and comments included. The code is linted as if
 * it were at paths that do not exist; the rule needs no type information.
 */
const eslint = new ESLint({ overrideConfig: [tseslint.configs.disableTypeChecked] });

async function tooLong(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'max-lines-per-function')
    .map((m) => m.message);
}

/** A function of `lines` lines in all, its body statements, blank lines and comments. */
function functionOf(lines: number): string {
  const body = Array.from(
    { length: lines - 3 },
    (_, i) => ['  void value;', '', '  // a comment counts too'][i % 3],
  );
  return [
    'export function long(value: number): number {',
    ...body,
    '  return value;',
    '}',
    '',
  ].join('\n');
}

const SLOW = { timeout: 60_000 };

describe('function length in src/server', SLOW, () => {
  it('a function of 81 lines, blank lines and comments counted, fails; one of 80 passes', async () => {
    expect(functionOf(81).trimEnd().split('\n')).toHaveLength(81);
    expect(await tooLong('src/server/modules/orders/x.ts', functionOf(81))).toEqual([
      "Function 'long' has too many lines (81). Maximum allowed is 80.",
    ]);
    expect(await tooLong('src/server/modules/orders/x.ts', functionOf(80))).toEqual([]);
  });

  it('a method counts as a function, and so does a function inside one', async () => {
    const method = `export class Long {\n  run(): number {\n${'    void 0;\n'.repeat(80)}    return 1;\n  }\n}\n`;
    expect(await tooLong('src/server/jobs/x.ts', method)).toHaveLength(1);
  });

  it('holds everywhere in src/server but for its tests', async () => {
    for (const file of ['src/server/app.ts', 'src/server/providers/courier/simulator/x.ts']) {
      expect(await tooLong(file, functionOf(81)), file).toHaveLength(1);
    }
    expect(await tooLong('src/server/modules/orders/x.test.ts', functionOf(81))).toEqual([]);
    expect(await tooLong('src/web/lib/x.ts', functionOf(81))).toEqual([]);
  });
});
