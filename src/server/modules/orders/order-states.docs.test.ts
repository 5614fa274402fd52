import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_STATUSES,
  canTransition,
} from '#src/domain/order-states.js';
import { REFUND_STATUSES, refundStateWords } from '#src/domain/refunds.js';
import { markdownTable } from '#tests/support/markdown.js';

const doc = readFileSync(new URL('../../../../docs/orders.md', import.meta.url), 'utf8');

const table = (heading: string) => markdownTable(doc, heading);

const states = (cell: string) => [...cell.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);

describe('docs/orders.md agrees with the typed tables', () => {
  it('lists every order status, and no other', () => {
    expect(table('## Order states').map((r) => states(r[0]!)[0])).toEqual([...ORDER_STATUSES]);
  });

  it('lists every allowed transition, and no other', () => {
    const documented = table('### Transitions')
      .filter((r) => r[0] !== '(none)' && r[1] !== '(unchanged)')
      .flatMap((r) => states(r[0]!).map((from) => `${from} → ${states(r[1]!)[0]}`));
    const typed = ORDER_TRANSITIONS.flatMap((t) => t.from.map((from) => `${from} → ${t.to}`));
    expect(documented.sort()).toEqual(typed.sort());
    for (const pair of typed) {
      const [from, to] = pair.split(' → ') as [never, never];
      expect(canTransition(from, to)).toBe(true);
    }
  });

  it('lists every payment status, and no other', () => {
    expect(
      table('## Payment states')
        .map((r) => states(r[0]!)[0])
        .sort(),
    ).toEqual([...PAYMENT_STATUSES].sort());
  });

  it('lists every refund status, and no other, with the words the customer reads', () => {
    const rows = table('## Refund states');
    expect(rows.map((r) => states(r[0]!)[0])).toEqual([...REFUND_STATUSES]);
    for (const row of rows) {
      const status = states(row[0]!)[0] as (typeof REFUND_STATUSES)[number];
      expect(row[3], status).toBe(
        refundStateWords({ status, settledAt: '2026-11-26T12:00:00Z' }, '4242'),
      );
    }
  });
});
