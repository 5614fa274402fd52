import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUS_PRECEDENCE,
  TRACKING_STATUS_REGISTRY,
  TRACKING_STATUSES,
} from '#src/domain/tracking.js';
import { markdownTable } from '#tests/support/markdown.js';

/**
 * docs/tracking.md's tables of the statuses and of the order's rule are the registry's
 * (src/domain/tracking.ts): a status added, or a word, interval or precedence changed, in one
 * and not the other fails here. The rows each test expects are the doc's rows to paste.
 */

const doc = readFileSync(new URL('../../../../docs/tracking.md', import.meta.url), 'utf8');

const HOUR = 3_600_000;

function every(ms: number | null): string {
  if (ms === null) return 'never';
  return ms === HOUR ? 'hourly' : `every ${ms / HOUR} hours`;
}

/** The statuses' table, a row per record. */
export function statusRows(): string[][] {
  return TRACKING_STATUSES.map((status) => {
    const r = TRACKING_STATUS_REGISTRY[status];
    return [
      `\`${status}\``,
      r.label,
      r.consoleLabel,
      r.tone,
      r.final ? 'yes' : 'no',
      every(r.pollEveryMs),
      r.email ? `\`${r.email.replace(/_/g, '-')}\`` : '—',
    ];
  });
}

/** The order's rule, a row per status by precedence. */
export function precedenceRows(): string[][] {
  return ORDER_STATUS_PRECEDENCE.map((status) => {
    const { label, order } = TRACKING_STATUS_REGISTRY[status];
    return [String(order.precedence), `\`${status}\``, label, order.when];
  });
}

describe('docs/tracking.md agrees with the status registry', () => {
  it('lists every status with its words, tone, end, polling and email, and no other', () => {
    expect(markdownTable(doc, '## Statuses')).toEqual(statusRows());
  });

  it('gives the order’s rule by the registry’s precedence', () => {
    expect(markdownTable(doc, "**The order's status**")).toEqual(precedenceRows());
  });
});
