import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries (docs/decisions/001 and 012) and the React and promise rules, checked
 * against the real ESLint config. Boundaries need no type information, so that instance skips
 * it (the code below is linted as if it were at paths that do not exist).
 */
const eslint = new ESLint({ overrideConfig: [tseslint.configs.disableTypeChecked] });
/**
 * The full config with type information, from a one-file project (tests/lint/fixtures) so the
 * test does not build the whole program. Under CI=true typescript-eslint would assume a single
 * run and type the fixture from its text on disk, not the text linted here; the option keeps
 * the linted text as the one typed, wherever the test runs.
 */
const typedEslint = new ESLint({
  overrideConfig: {
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './tests/lint/fixtures/tsconfig.json',
        tsconfigRootDir: process.cwd(),
        disallowAutomaticSingleRunInference: true,
      },
    },
  },
});

async function messages(filePath: string, code: string, linter = eslint) {
  const [result] = await linter.lintText(code, { filePath });
  return result?.messages ?? [];
}

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  return (await messages(filePath, code))
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

const importing = (path: string) => `import { a } from '${path}';\nexport const b = a;\n`;

// Loading ESLint with its plugins (and TypeScript, for the promise rule) takes seconds.
const SLOW = { timeout: 60_000 };

describe('import boundaries', SLOW, () => {
  it('src/domain imports nothing of ours and no node:*', async () => {
    expect(await restrictedImports('src/domain/x.ts', importing('../server/app.js'))).toHaveLength(
      1,
    );
    expect(await restrictedImports('src/domain/x.ts', importing('../web/app/app.js'))).toHaveLength(
      1,
    );
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
    expect(await restrictedImports('src/web/x.ts', importing('../server/app.js'))).toHaveLength(1);
    expect(await restrictedImports('src/web/x.ts', importing('../domain/money.js'))).toHaveLength(
      0,
    );
    // Every web folder keeps the rule, whatever zone of its own it adds.
    for (const file of ['src/web/lib/x.ts', 'src/web/features/quote/x.ts']) {
      expect(await restrictedImports(file, importing('../../server/app.js')), file).toHaveLength(1);
    }
  });

  it('src/server never imports src/web', async () => {
    expect(await restrictedImports('src/server/x.ts', importing('../web/app/app.js'))).toHaveLength(
      1,
    );
  });

  it('src/server/db, jobs and providers never import a module', async () => {
    for (const file of [
      'src/server/db/x.ts',
      'src/server/jobs/x.ts',
      'src/server/providers/courier/x.ts',
    ]) {
      const up = file.startsWith('src/server/providers/') ? '../../' : '../';
      expect(
        await restrictedImports(file, importing(`${up}modules/email/outbox.js`)),
        file,
      ).toHaveLength(1);
      // They keep the rule of every server folder.
      expect(await restrictedImports(file, importing(`${up}../web/app/app.js`)), file).toHaveLength(
        1,
      );
    }
    expect(await restrictedImports('src/server/jobs/x.ts', importing('../db/client.js'))).toEqual(
      [],
    );
  });

  it('src/server/db never imports a provider', async () => {
    expect(
      await restrictedImports(
        'src/server/db/x.ts',
        importing('../providers/courier/courier-provider.js'),
      ),
    ).toHaveLength(1);
  });

  it('a module never imports another module’s repository, only its service', async () => {
    const file = 'src/server/modules/checkout/x.ts';
    expect(await restrictedImports(file, importing('../orders/orders.repository.js'))).toHaveLength(
      1,
    );
    // Not through the other module's entry either, which exports it for services.ts.
    const [byEntry] = await restrictedImports(
      file,
      "import { OrdersRepository } from '../orders/index.js';\nexport const b = OrdersRepository;\n",
    );
    expect(byEntry).toMatch(/never imports another module’s repository/);
    expect(
      await restrictedImports(
        file,
        "import { OrdersService } from '../orders/index.js';\nexport const b = OrdersService;\n",
      ),
    ).toEqual([]);
    expect(await restrictedImports(file, importing('./checkout.repository.js'))).toEqual([]);
    expect(await restrictedImports(file, importing('../../../web/app/app.js'))).toHaveLength(1);
  });

  it('a module reaches another module only through its index.ts (decision 087)', async () => {
    for (const [file, up] of [
      ['src/server/modules/checkout/x.ts', '../'],
      ['src/server/modules/email/templates/x.ts', '../../'],
    ] as const) {
      const [message] = await restrictedImports(file, importing(`${up}orders/orders.service.js`));
      expect(message, file).toMatch(/only through its public entry/);
      expect(
        await restrictedImports(file, importing(`${up}orders/order-access.js`)),
        file,
      ).toHaveLength(1);
      expect(await restrictedImports(file, importing(`${up}orders/index.js`)), file).toEqual([]);
      expect(await restrictedImports(file, importing(`${up}../db/client.js`)), file).toEqual([]);
    }
    // Its own files, a folder down or up, stay open to it.
    expect(
      await restrictedImports('src/server/modules/email/x.ts', importing('./templates/html.js')),
    ).toEqual([]);
    expect(
      await restrictedImports('src/server/modules/email/templates/x.ts', importing('../outbox.js')),
    ).toEqual([]);
    // Tests may reach into any module to wire and prove it.
    expect(
      await restrictedImports(
        'src/server/modules/checkout/x.test.ts',
        importing('../orders/orders.service.js'),
      ),
    ).toEqual([]);
  });

  it('the rest of src/server imports a module only through its index.ts', async () => {
    for (const [file, path] of [
      ['src/server/x.ts', './modules/orders/orders.service.js'],
      ['src/server/dev/x.ts', '../modules/email/mail.js'],
      ['src/server/spa/x.ts', '../modules/seo/page-head.js'],
    ] as const) {
      const [message] = await restrictedImports(file, importing(path));
      expect(message, file).toMatch(/only through its public entry/);
      expect(
        await restrictedImports(file, importing(path.replace(/[^/]+\.js$/, 'index.js'))),
        file,
      ).toEqual([]);
    }
    expect(
      await restrictedImports(
        'src/server/x.test.ts',
        importing('./modules/orders/orders.service.js'),
      ),
    ).toEqual([]);
  });

  it('components/ and lib/ never import a feature', async () => {
    for (const file of ['src/web/components/ui/x.tsx', 'src/web/lib/x.ts']) {
      const up = file.startsWith('src/web/lib/') ? '../' : '../../';
      const [message] = await restrictedImports(
        file,
        importing(`${up}features/quote/box-counter.js`),
      );
      expect(message, file).toMatch(/never import a feature/);
      expect(
        await restrictedImports(file, importing(`${up}features/quote/index.js`)),
        file,
      ).toHaveLength(1);
      expect(
        await restrictedImports(file, importing(`${up}../domain/boxes.js`)),
        file,
      ).toHaveLength(0);
    }
    expect(
      await restrictedImports('src/web/components/ui/x.tsx', importing('../../lib/api.js')),
    ).toHaveLength(0);
  });

  it('a feature reaches another feature only through its public entry', async () => {
    const file = 'src/web/features/booking/x.tsx';
    const [message] = await restrictedImports(file, importing('../orders/current-order.js'));
    expect(message).toMatch(/public entry/);
    expect(await restrictedImports(file, importing('../orders/index.js'))).toHaveLength(0);
    // Its own files, lib/, components/ and the domain stay open to it.
    for (const path of [
      './address-form.js',
      '../../lib/api.js',
      '../../components/ui/spinner.js',
      '../../../domain/address.js',
      '../orders/orders.css',
    ]) {
      expect(await restrictedImports(file, importing(path)), path).toHaveLength(0);
    }
  });

  it('keeps every boundary for a subpath import (#src/…)', async () => {
    for (const [file, path] of [
      ['src/domain/x.ts', '#src/server/app.js'],
      ['src/domain/x.ts', '#tests/support/test-app.js'],
      ['src/web/pages/booking/x.tsx', '#src/server/app.js'],
      ['src/server/modules/email/templates/x.ts', '#src/web/app/app.js'],
      ['src/server/db/x.ts', '#src/server/modules/email/outbox.js'],
      ['src/server/modules/checkout/deep/x.ts', '#src/server/modules/orders/orders.service.js'],
      ['src/server/modules/checkout/x.ts', '#src/server/modules/orders/order-access.js'],
      ['src/server/dev/x.ts', '#src/server/modules/email/mail.js'],
      ['src/web/features/booking/deep/x.tsx', '#src/web/features/orders/current-order.js'],
      ['src/web/lib/deep/x.ts', '#src/web/features/quote/index.js'],
    ] as const) {
      expect(await restrictedImports(file, importing(path)), `${file} ← ${path}`).toHaveLength(1);
    }
    const [byEntry] = await restrictedImports(
      'src/server/modules/checkout/deep/x.ts',
      "import { OrdersRepository } from '#src/server/modules/orders/index.js';\nexport const b = OrdersRepository;\n",
    );
    expect(byEntry).toMatch(/never imports another module’s repository/);
    for (const [file, path] of [
      ['src/web/pages/booking/x.tsx', '#src/domain/address.js'],
      ['src/server/modules/checkout/deep/x.ts', '#src/server/modules/orders/index.js'],
      ['src/server/modules/checkout/deep/x.ts', '#src/domain/money.js'],
      ['src/web/features/booking/deep/x.tsx', '#src/web/features/orders/index.js'],
    ] as const) {
      expect(await restrictedImports(file, importing(path)), `${file} ← ${path}`).toEqual([]);
    }
  });

  it('opens another feature’s stylesheet, never its code', async () => {
    const file = 'src/web/features/account/x.tsx';
    expect(await restrictedImports(file, importing('../checkout/checkout.css'))).toHaveLength(0);
    for (const path of ['../checkout/checkout.css.js', '../checkout/styles/x.css']) {
      expect(await restrictedImports(file, importing(path)), path).toHaveLength(1);
    }
  });
});

describe('React hooks', SLOW, () => {
  it('an effect that misses a dependency is reported', async () => {
    const code = `import { useEffect } from 'react';
export function Page({ id }: { id: string }) {
  useEffect(() => {
    document.title = id;
  }, []);
  return null;
}
`;
    const found = await messages('src/web/features/faq/x.tsx', code);
    expect(found.map((m) => m.ruleId)).toContain('react-hooks/exhaustive-deps');
  });

  it('a hook called conditionally is reported', async () => {
    const code = `import { useState } from 'react';
export function Page({ on }: { on: boolean }) {
  if (on) useState(0);
  return null;
}
`;
    const found = await messages('src/web/features/faq/x.tsx', code);
    expect(found.map((m) => m.ruleId)).toContain('react-hooks/rules-of-hooks');
  });
});

describe('promises', SLOW, () => {
  // Type information needs a file of the project: the text below stands in for its content.
  const file = 'tests/lint/fixtures/promises.ts';

  it('a promise neither awaited nor marked void is reported', async () => {
    const floating = `async function save(): Promise<void> {}\nexport function run() {\n  save();\n}\n`;
    const found = await messages(file, floating, typedEslint);
    expect(found.map((m) => m.ruleId)).toContain('@typescript-eslint/no-floating-promises');
  });

  it('an awaited promise, or one marked void on purpose, is not', async () => {
    const handled = `async function save(): Promise<void> {}
export async function run() {
  await save();
  // Fire and forget: nothing waits for it.
  void save();
}
`;
    const found = await messages(file, handled, typedEslint);
    expect(found.filter((m) => m.ruleId === '@typescript-eslint/no-floating-promises')).toEqual([]);
    expect(found.filter((m) => m.fatal)).toEqual([]);
  });
});
