import { useId } from 'react';
import { formatPence } from '#src/domain/money.js';
import { DEFAULT_COVER_SETTINGS } from '#src/domain/pricing.js';
import { coverText, formatPaidAt, type Receipt } from '#src/domain/receipt.js';
import { companyLines } from '#src/domain/company.js';

/**
 * The receipt of a booked order's payment: what was paid, for what, when, and who took it. The
 * booking confirmation email carries the same receipt.
 */
export function PaymentReceipt({ receipt, reference }: { receipt: Receipt; reference: string }) {
  const titleId = useId();
  return (
    <section className="receipt" aria-labelledby={titleId}>
      <h2 id={titleId}>Receipt</h2>
      <dl className="confirmation__facts">
        <dt>Amount paid</dt>
        <dd>{formatPence(receipt.amountPence)}</dd>
        <dt>For</dt>
        <dd>{receipt.description}</dd>
        {receipt.lines.length > 1 && (
          <>
            <dt>Made up of</dt>
            <dd>
              {receipt.lines.map((line, i) => (
                <span key={i} className="receipt__line">
                  {line.text}: {formatPence(line.amountPence)}
                </span>
              ))}
            </dd>
          </>
        )}
        <dt>Cover</dt>
        <dd>{coverText(receipt.coverPence, DEFAULT_COVER_SETTINGS.includedPence)}</dd>
        <dt>Paid on</dt>
        <dd>{formatPaidAt(receipt.paidAt)}</dd>
        <dt>Paid by</dt>
        <dd>Card</dd>
        <dt>Order reference</dt>
        <dd>{reference}</dd>
      </dl>
      <p className="receipt__company">
        {companyLines().map((line, i) => (
          <span key={i}>{line}</span>
        ))}
      </p>
    </section>
  );
}
