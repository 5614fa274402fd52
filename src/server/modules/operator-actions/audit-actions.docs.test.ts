import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../domain/audit-actions.js';

const doc = readFileSync(new URL('../../../../docs/operators.md', import.meta.url), 'utf8');

/** The rows of the first markdown table under `heading`, as trimmed cells. */
function table(heading: string): string[][] {
  const start = doc.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const lines = doc
    .slice(start + 1)
    .split('\n')
    .slice(1);
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

describe('docs/operators.md agrees with the audit actions', () => {
  it('lists every action of AUDIT_ACTIONS, in its order, with its module, subject and meaning', () => {
    const typed = Object.entries(AUDIT_ACTIONS).map(([action, a]) => [
      `\`${action}\``,
      `\`${a.module}\``,
      a.subject,
      a.what,
    ]);
    expect(table('### Every action')).toEqual(typed);
  });
});
