import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The import boundaries of docs/decisions/001, checked against the real ESLint config. */
const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('import boundaries', () => {
  it('src/domain imports nothing of ours and no node:*', async () => {
    expect(
      await restrictedImports(
        'src/domain/x.ts',
        "import { a } from '../server/app.js';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'src/domain/x.ts',
        "import { a } from '../web/app/app.js';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'src/domain/x.ts',
        "import { readFile } from 'node:fs';\nexport const b = readFile;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports('src/domain/x.ts', "import { z } from 'zod';\nexport const b = z;\n"),
    ).toHaveLength(0);
  });

  it('src/web never imports src/server', async () => {
    expect(
      await restrictedImports(
        'src/web/x.ts',
        "import { a } from '../server/app.js';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'src/web/x.ts',
        "import { a } from '../domain/money.js';\nexport const b = a;\n",
      ),
    ).toHaveLength(0);
  });

  it('src/server never imports src/web', async () => {
    expect(
      await restrictedImports(
        'src/server/x.ts',
        "import { a } from '../web/app/app.js';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
  });
});
