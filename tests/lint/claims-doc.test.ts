import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CLAIM_RULES,
  CLAIM_STATE_REGISTRY,
  CLAIM_STATES,
  CLAIM_TARGET_TIMES,
} from '#src/domain/claims.js';
import { markdownTable } from '#tests/support/markdown.js';

/**
 * docs/claims.md's tables of the time rules and of the states are src/domain/claims.ts's: a rule,
 * state, word, move or target time changed in one and not the other fails here. The rows each
 * test expects are the doc's rows to paste.
 */
const doc = readFileSync(new URL('../../docs/claims.md', import.meta.url), 'utf8');

describe('docs/claims.md agrees with the claims rules', () => {
  it('lists every rule with the sentence the customer reads', () => {
    expect(markdownTable(doc, '`claimEligibility(kind, box, holidayOn)`')).toEqual(
      Object.entries(CLAIM_RULES).map(([rule, sentence]) => [`\`${rule}\``, sentence]),
    );
  });

  it('lists every state with its label, end, moves and target time, and no other', () => {
    expect(markdownTable(doc, '## States')).toEqual(
      CLAIM_STATES.map((state) => {
        const r = CLAIM_STATE_REGISTRY[state];
        return [
          `\`${state}\``,
          r.label,
          r.final ? 'yes' : 'no',
          r.next.length ? r.next.map((s) => `\`${s}\``).join(', ') : '—',
          r.targetTime ? `\`${r.targetTime}\`: ${CLAIM_TARGET_TIMES[r.targetTime]}` : '—',
        ];
      }),
    );
  });
});
