import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markdownTable } from '#tests/support/markdown.js';
import { AUDIT_ACTIONS } from '#src/domain/audit-actions.js';

const doc = readFileSync(new URL('../../../../docs/operators.md', import.meta.url), 'utf8');

describe('docs/operators.md agrees with the audit actions', () => {
  it('lists every action of AUDIT_ACTIONS, in its order, with its module, subject and meaning', () => {
    const typed = Object.entries(AUDIT_ACTIONS).map(([action, a]) => [
      `\`${action}\``,
      `\`${a.module}\``,
      a.subject,
      a.what,
    ]);
    expect(markdownTable(doc, '### Every action')).toEqual(typed);
  });
});
