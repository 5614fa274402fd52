import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminRestore } from '#src/domain/api/admin/restore.js';
import { RestoreReport } from './restore-panel.js';

const ORDER = '11111111-1111-4111-8111-111111111111';

const restore = (outcome: AdminRestore['outcome']): AdminRestore => ({
  restoredAt: '2026-11-29T10:00:00.000Z',
  backupTakenAt: '2026-11-29T09:00:00.000Z',
  backupFile: 'boxabroad-2026-11-29.tar',
  reconciledAt: outcome ? '2026-11-29T10:01:00.000Z' : null,
  outcome,
});

describe('the console’s report of a restore', () => {
  it('lists each booking change and refund the reconciliation settled, with what it found', () => {
    const html = renderToStaticMarkup(
      <RestoreReport
        restore={restore({
          bookings: [],
          payments: [],
          changes: [
            {
              changeId: 'c1',
              orderId: ORDER,
              kind: 'cancel',
              was: 'pending',
              found: 'the courier has cancelled it',
              outcome: 'done',
            },
            {
              changeId: 'c2',
              orderId: ORDER,
              kind: 'cover',
              was: 'authorised',
              found: 'the courier did not answer',
              outcome: 'needs_attention',
            },
          ],
          refunds: [
            {
              refundId: 'r1',
              orderId: ORDER,
              found: 'refunded by the card provider',
              outcome: 'succeeded',
            },
            {
              refundId: 'r2',
              orderId: ORDER,
              found: 'the payment was refunded £40.00 more than this site records',
              outcome: 'needs_action',
            },
          ],
          refundsWaiting: 0,
          heldEmails: 3,
        })}
      />,
    );
    expect(html).toContain('2 booking changes and 2 refunds settled');
    expect(html).toContain('3 emails held');
    expect(html).toContain('(cancel, was pending): the courier has cancelled it — done');
    expect(html).toContain('(cover, was authorised): the courier did not answer — needs attention');
    expect(html).toContain('refunded by the card provider — made, as the card provider has it');
    expect(html).toContain(
      'needs action: the card provider has refunds this site has no record of',
    );
    expect(html.match(new RegExp(`/admin/orders/${ORDER}`, 'g'))?.length).toBe(4);
  });

  it('says what waits while the restore is not reconciled', () => {
    const html = renderToStaticMarkup(<RestoreReport restore={restore(null)} />);
    expect(html).toContain('Not reconciled yet');
    expect(html).not.toContain('<ul>');
  });
});
