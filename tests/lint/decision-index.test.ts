import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions/README.md lists every decision record, and every record it lists exists: the
 * index is how a newcomer finds why the code is as it is, so a record left out of it is lost.
 */
const DIR = 'docs/decisions';
const RECORD = /^\d{3}-[a-z0-9-]+\.md$/;

export function indexProblems(records: string[], index: string): string[] {
  const linked = new Set([...index.matchAll(/\]\((\d{3}-[a-z0-9-]+\.md)\)/g)].map((m) => m[1]!));
  return [
    ...records
      .filter((record) => !linked.has(record))
      .map((record) => `not in the index: ${record}`),
    ...[...linked]
      .filter((link) => !records.includes(link))
      .map((link) => `no such record: ${link}`),
  ];
}

describe('the decision index', () => {
  it('lists every record, and every record it lists exists', () => {
    const records = readdirSync(DIR).filter((name) => RECORD.test(name));
    expect(records.length).toBeGreaterThan(90);
    expect(indexProblems(records, readFileSync(`${DIR}/README.md`, 'utf8'))).toEqual([]);
  });

  it('names a record left out and a link to nothing', () => {
    const index =
      '- [001](001-layout.md) Layout — accepted\n- [009](009-gone.md) Gone — accepted\n';
    expect(indexProblems(['001-layout.md', '002-database.md'], index)).toEqual([
      'not in the index: 002-database.md',
      'no such record: 009-gone.md',
    ]);
  });
});
