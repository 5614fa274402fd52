import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_STATUSES,
  canTransition,
} from '../../../domain/order-states.js';

const doc = readFileSync(new URL('../../../../docs/orders.md', import.meta.url), 'utf8');

/** The rows of the markdown table under `heading`, as cells. */
function table(heading: string): string[][] {
  const start = doc.indexOf(heading);
  expect(start, heading).toBeGreaterThan(-1);
  const lines = doc.slice(start).split('\n').slice(1);
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
});
