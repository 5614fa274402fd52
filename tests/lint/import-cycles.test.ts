import { describe, expect, it } from 'vitest';
import { importCycles } from './import-graph.js';

/** No import cycle in src/ (docs/decisions/087): type-only imports count, lazy import() does not. */
describe('import cycles', () => {
  it('src/ has none', () => {
    expect(importCycles('src')).toEqual([]);
  });

  it('a cycle, even through a type-only import, is found with its files', () => {
    expect(importCycles('tests/lint/fixtures/cycle')).toEqual([['account.ts', 'order.ts']]);
  });

  it('a cycle through a subpath import (#tests/…) is found too', () => {
    expect(importCycles('tests/lint/fixtures/subpath-cycle')).toEqual([
      ['deep/er/still/parcel.ts', 'route.ts'],
    ]);
  });
});
