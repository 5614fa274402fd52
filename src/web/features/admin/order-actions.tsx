import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  cancelAdminOrderAuthorisation,
  getAdminOrder,
  refundAdminOrder,
  type AdminOrderDetail,
} from '../../../domain/api/admin.js';
import { formatPence } from '../../../domain/money.js';
import { parseRefundAmount } from '../../../domain/refunds.js';
import { penceToPounds } from '../../../domain/rates.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { formatLondon } from '../../../domain/london-time.js';

type Changed = (next: AdminOrderDetail, message?: string) => void;

/** How often the page asks again while a refund is with the card provider. */
const REFUND_POLL_MS = 1_000;

/** A key per confirmation: the same request sent twice (a double click) refunds once. */
function requestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const REFUND_STATUS_TEXT = {
  pending: 'With the card provider',
  succeeded: 'Refunded',
  failed: 'Refused by the card provider',
} as const;

/**
 * The order page's payment actions (docs/operators.md): cancel an `authorised` order and release
 * the card, refund a captured payment in part or whole. Each asks for confirmation first; the result
 * is announced by the page.
 */
export function OrderActions({
  detail,
  onChanged,
}: {
  detail: AdminOrderDetail;
  onChanged: Changed;
}) {
  const { order, refunds, refundablePence } = detail;
  const pending = refunds.some((r) => r.status === 'pending');
  const changed = useRef(onChanged);
  useEffect(() => {
    changed.current = onChanged;
  });

  // While a refund is with the card provider, ask again until it is confirmed or refused.
  useEffect(() => {
    if (!pending) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callApi(getAdminOrder, { params: { id: order.id }, signal: controller.signal })
        .then((next) => {
          const done = next.refunds.filter(
            (r) =>
              r.status !== 'pending' &&
              refunds.some((p) => p.id === r.id && p.status === 'pending'),
          );
          const [first] = done;
          changed.current(
            next,
            first
              ? first.status === 'succeeded'
                ? `The card provider confirmed the refund of ${formatPence(first.amountPence)}. The customer has been emailed.`
                : `The card provider refused the refund of ${formatPence(first.amountPence)}: ${first.lastError ?? 'no reason given'}. Nothing was refunded.`
              : undefined,
          );
        })
        .catch(() => {
          // The next round asks again; the page keeps showing the refund as pending.
        });
    }, REFUND_POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [pending, order.id, refunds]);

  const canCancel = order.status === 'authorised';
  const canRefund = refundablePence > 0;
  if (!canCancel && !canRefund && refunds.length === 0) return null;

  return (
    <section aria-labelledby="payment-actions-heading" className="console-section order-actions">
      <h2 id="payment-actions-heading">Payment and booking</h2>
      {refunds.length > 0 && (
        <div className="table-scroll">
          <table className="refunds">
            <caption>Refunds</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Amount</th>
                <th scope="col">State</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((r) => (
                <tr key={r.id}>
                  <td>{formatLondon(r.createdAt, 'short')}</td>
                  <td>{formatPence(r.amountPence)}</td>
                  <td>
                    {REFUND_STATUS_TEXT[r.status]}
                    {r.lastError ? ` (${r.lastError})` : ''}
                  </td>
                  <td className="refunds__who">{r.adminEmail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(canRefund || refunds.length > 0) && (
        <p>
          Left to refund: <strong>{formatPence(refundablePence)}</strong>
        </p>
      )}
      <div className="button-row">
        {canCancel && <CancelAuthorisation detail={detail} onChanged={onChanged} />}
        {canRefund && <Refund detail={detail} onChanged={onChanged} disabled={pending} />}
      </div>
      {pending && (
        <p className="muted">
          A refund is with the card provider; another can start once it is confirmed.
        </p>
      )}
    </section>
  );
}

/** A button that opens a confirmation dialog; `confirm` runs on its submit. */
function Confirmed({
  label,
  title,
  submitLabel,
  disabled,
  onOpen,
  confirm,
  children,
}: {
  label: string;
  title: string;
  submitLabel: string;
  disabled?: boolean;
  onOpen?: () => void;
  /** Resolves true when done (the dialog closes); throws to show the failure in the dialog. */
  confirm: () => Promise<boolean>;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        {label}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={submitLabel}
        action={async () => {
          if (await confirm()) setOpen(false);
        }}
        onClose={() => setOpen(false)}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}

function CancelAuthorisation({
  detail,
  onChanged,
}: {
  detail: AdminOrderDetail;
  onChanged: Changed;
}) {
  const { order } = detail;
  return (
    <Confirmed
      label="Cancel and release the card"
      title={`Cancel ${order.reference}?`}
      submitLabel="Yes, cancel the order"
      confirm={async () => {
        const next = await callApi(cancelAdminOrderAuthorisation, { params: { id: order.id } });
        onChanged(
          next,
          'The order is cancelled. The card authorisation is being released and the customer has been emailed that they were not charged.',
        );
        return true;
      }}
    >
      <p>
        The order is not booked with the courier. The hold of{' '}
        {order.pricePence === null ? 'the payment' : formatPence(order.pricePence)} on the
        customer’s card is released, and the customer is emailed that they were not charged.
      </p>
    </Confirmed>
  );
}

function Refund({
  detail,
  onChanged,
  disabled,
}: {
  detail: AdminOrderDetail;
  onChanged: Changed;
  disabled: boolean;
}) {
  const { order, refundablePence } = detail;
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [key, setKey] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // A field error moves focus to the field once it is shown.
  useEffect(() => {
    if (fieldError) input.current?.focus();
  }, [fieldError]);

  return (
    <Confirmed
      label="Refund…"
      title={`Refund ${order.reference}`}
      submitLabel="Refund now"
      disabled={disabled}
      onOpen={() => {
        setAmount(penceToPounds(refundablePence));
        setFieldError(null);
        setKey(requestKey());
      }}
      confirm={async () => {
        const parsed = parseRefundAmount(amount, refundablePence);
        if ('error' in parsed) {
          setFieldError(parsed.error);
          return false;
        }
        setFieldError(null);
        try {
          const next = await callApi(refundAdminOrder, {
            params: { id: order.id },
            body: { amount, requestKey: key },
          });
          onChanged(
            next,
            `Refund of ${formatPence(parsed.pence)} asked of the card provider. The customer is emailed once it is confirmed.`,
          );
          return true;
        } catch (error) {
          if (error instanceof ApiClientError && error.fields.amount) {
            setFieldError(error.fields.amount);
            return false;
          }
          throw error;
        }
      }}
    >
      <p>
        Up to {formatPence(refundablePence)} can be refunded to the customer’s card. Enter the whole
        of it for a full refund, or less for a part refund. The customer is emailed when the card
        provider confirms it.
      </p>
      <div className={`field${fieldError ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor="refund-amount">
          Amount to refund (£)
        </label>
        {fieldError && (
          <p className="field__error" id="refund-amount-error">
            {fieldError}
          </p>
        )}
        <input
          ref={input}
          id="refund-amount"
          className="field__input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          maxLength={20}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'refund-amount-error' : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
    </Confirmed>
  );
}
