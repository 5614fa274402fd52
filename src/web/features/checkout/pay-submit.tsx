import { formatPence } from '#src/domain/money.js';
import { Spinner } from '../../components/ui/spinner.js';

/**
 * The end of every card form: the card provider's message, if any, and the Pay button, which
 * is disabled until the card fields are ready and shows a spinner while paying (docs/product-rules.md, "Pay and confirm").
 */
export function PaySubmit({
  error,
  disabled,
  busy,
  amountPence,
}: {
  error: string | null;
  disabled: boolean;
  busy: boolean;
  /** The server's price: the button says what will be paid ("Pay £93.99"). */
  amountPence: number | null;
}) {
  return (
    <>
      {error && (
        <div
          className="notice notice--error pay__provider-error"
          role="alert"
          data-testid="payment-error"
        >
          <p>{error}</p>
        </div>
      )}
      <button
        type="submit"
        className="button button--primary pay__submit"
        disabled={disabled}
        aria-busy={busy || undefined}
      >
        {busy ? (
          <Spinner label="Paying" />
        ) : amountPence !== null ? (
          `Pay ${formatPence(amountPence)}`
        ) : (
          'Pay'
        )}
      </button>
    </>
  );
}
