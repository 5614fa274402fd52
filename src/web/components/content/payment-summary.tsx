import { useId } from 'react';
import { formatLondon } from '#src/domain/london-time.js';
import { formatPence } from '#src/domain/money.js';
import type { PaymentSummary } from '#src/domain/refunds.js';

/**
 * What the customer paid and what came back (docs/orders.md, "Refund states"): the payment (each
 * of its parts when a change was paid for later, such as more cover), each refund with its state
 * in the customer's words, and the net paid, with the card's last four digits. Only the order's
 * own pages show it (the account's order page, Manage my booking), never the shareable tracking
 * page.
 */
export function PaymentSummaryView({ summary }: { summary: PaymentSummary }) {
  const titleId = useId();
  const { paid, refunds } = summary;
  return (
    <section className="payment-summary" aria-labelledby={titleId}>
      <h2 id={titleId}>Payment</h2>
      <dl className="confirmation__facts">
        <dt>Paid</dt>
        <dd data-testid="amount-paid">
          {formatPence(paid.amountPence)} on {formatLondon(paid.paidAt, 'day')}
          {paid.cardLast4 ? ` by card ending ${paid.cardLast4}` : ' by card'}
        </dd>
        {paid.parts.length > 1 && (
          <>
            <dt>Payments</dt>
            <dd>
              <ul className="payment-summary__parts" data-testid="payment-parts">
                {paid.parts.map((part, i) => (
                  <li key={`${part.paidAt}-${i}`}>
                    {part.words}: {formatPence(part.amountPence)}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {refunds.length > 0 && (
          <>
            <dt>Refunded</dt>
            <dd data-testid="amount-refunded">{formatPence(summary.refundedPence)}</dd>
            <dt>Net paid</dt>
            <dd data-testid="net-paid">{formatPence(summary.netPence)}</dd>
          </>
        )}
      </dl>
      {refunds.length > 0 && (
        <>
          <h3>{refunds.length === 1 ? 'Refund' : 'Refunds'}</h3>
          <ul className="payment-summary__refunds">
            {refunds.map((r, i) => (
              <li key={`${r.askedAt}-${i}`}>
                <dl className="confirmation__facts">
                  <dt>Amount</dt>
                  <dd>{formatPence(r.amountPence)}</dd>
                  <dt>Asked on</dt>
                  <dd>{formatLondon(r.askedAt, 'day')}</dd>
                  <dt>State</dt>
                  <dd data-testid="refund-state">{r.words}</dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
