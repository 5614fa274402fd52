import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMAIL_KIND_TEXT } from '#src/domain/email-kinds.js';
import { EMAILS, emailTable } from './registry.js';

/** The rows of docs/email.md's table under "## The emails", cells trimmed. */
function documentedTable(): { kind: string; when: string; who: string }[] {
  const doc = readFileSync(new URL('../../../../docs/email.md', import.meta.url), 'utf8');
  const section = doc.split('\n## The emails\n')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) => {
      const [kind = '', when = '', who = ''] = line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim());
      return { kind: kind.replace(/^`|`$/g, ''), when, who };
    });
}

describe('the email registry', () => {
  it('docs/email.md lists every email as the registry defines it: kind, when, who', () => {
    expect(documentedTable()).toEqual(emailTable());
  });

  it('every kind the console names has a definition filed under it, and no other', () => {
    expect(Object.keys(EMAILS).sort()).toEqual(Object.keys(EMAIL_KIND_TEXT).sort());
    for (const [kind, definition] of Object.entries(EMAILS)) expect(definition.kind).toBe(kind);
  });
});
