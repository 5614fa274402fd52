import { useEffect, useRef, useState, type ReactNode } from 'react';
import { getAdminOrder, type AdminOrderDetail } from '#src/domain/api/admin/orders.js';
import {
  cancelAdminOrderAuthorisation,
  markAdminRefundOutside,
  refundAdminOrder,
  retryAdminRefund,
} from '#src/domain/api/admin/payments.js';
import { formatPence } from '#src/domain/money.js';
import {
  parseRefundAmount,
  REFUND_NOTE_MAX,
  REFUND_NOTE_MESSAGE,
  REFUND_STATUSES_ACTIONABLE,
  type RefundStatus,
} from '#src/domain/refunds.js';
import { penceToPounds } from '#src/domain/rates.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { FramedInput } from '../../components/ui/field-frame.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { OPERATOR_REASON_MAX, OPERATOR_REASON_MESSAGE } from '#src/domain/api/admin/console.js';
import {
  fieldRefused,
  NoteInput,
  REASON_LABEL,
  useNoteField,
  type NoteField,
} from './note-field.js';
import { formatLondon } from '#src/domain/london-time.js';
import { DataTable } from '../../components/ui/data-table.js';

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

const REFUND_STATUS_TEXT: Record<RefundStatus, string> = {
  pending: 'With the card provider',
  succeeded: 'Refunded',
  failed: 'Refused by the card provider',
  needs_action: 'Needs action: the card provider did not confirm it',
  refunded_outside: 'Refunded outside the site',
};

type AdminRefund = AdminOrderDetail['refunds'][number];

/** Who asked for a refund, as the table shows it. */
function askedBy(r: AdminRefund): string {
  if (r.requestedBy === 'operator') return r.adminEmail ?? 'An operator';
  if (r.requestedBy === 'customer')
    return `Customer${r.requesterEmail ? ` (${r.requesterEmail})` : ''}`;
  return 'The site';
}

/** What the page announces when the provider's answer arrives for a refund that was pending. */
function outcomeMessage(r: AdminRefund): string {
  switch (r.status) {
    case 'succeeded':
      return `The card provider confirmed the refund of ${formatPence(r.amountPence)}. The customer has been emailed.`;
    case 'needs_action':
      return `The refund of ${formatPence(r.amountPence)} needs action: the card provider did not confirm it (${r.lastError ?? 'no reason given'}). Retry it, or mark it refunded outside the site.`;
    default:
      return `The card provider refused the refund of ${formatPence(r.amountPence)}: ${r.lastError ?? 'no reason given'}. Nothing was refunded.`;
  }
}

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
          changed.current(next, first ? outcomeMessage(first) : undefined);
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
        <DataTable
          className="refunds"
          caption="Refunds"
          showCaption
          heads={['When', 'Amount', 'State', 'By', 'Action']}
        >
          {refunds.map((r) => (
            <tr key={r.id}>
              <td>{formatLondon(r.createdAt, 'short')}</td>
              <td>{formatPence(r.amountPence)}</td>
              <td>
                {REFUND_STATUS_TEXT[r.status]}
                {r.lastError ? ` (${r.lastError})` : ''}
                {r.status === 'refunded_outside' && (
                  <>
                    {' '}
                    by {r.resolvedByEmail}
                    {r.resolvedAt ? ` on ${formatLondon(r.resolvedAt, 'short')}` : ''}: “{r.note}”
                  </>
                )}
                {r.retries > 0 ? ` (sent again ${r.retries}×)` : ''}
              </td>
              <td className="refunds__who">{askedBy(r)}</td>
              <td>
                {REFUND_STATUSES_ACTIONABLE.includes(r.status) ? (
                  <div className="button-row">
                    <RetryRefund detail={detail} refund={r} onChanged={onChanged} />
                    <RefundedOutside detail={detail} refund={r} onChanged={onChanged} />
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {(canRefund || refunds.length > 0) && (
        <p>
          Left to refund: <strong>{formatPence(refundablePence)}</strong>
        </p>
      )}
      <div className="button-row">
        {canCancel && <CancelAuthorisation detail={detail} onChanged={onChanged} />}
        {canRefund && <Refund detail={detail} onChanged={onChanged} />}
      </div>
      {pending && (
        <p className="muted">
          A refund is with the card provider: its amount is not left to refund while it is.
        </p>
      )}
    </section>
  );
}

/**
 * A button that opens a confirmation dialog; on its submit, `check` and the note (when it asks for
 * one) are checked, then `send` runs and the order changed is shown with `done`. The server's
 * refusal of the note is shown at its field; `send` resolving null keeps the dialog open too (a
 * field of its own says why); any other failure is shown in the dialog.
 */
function Confirmed({
  label,
  title,
  submitLabel,
  disabled,
  onOpen,
  note,
  check,
  send,
  done,
  onChanged,
  children,
}: {
  label: string;
  title: string;
  submitLabel: string;
  disabled?: boolean;
  onOpen?: () => void;
  /** The written note the action asks for, emptied on each opening, and its field's name. */
  note?: { field: NoteField; name: string };
  check?: () => boolean;
  /** Sends the action with the note (empty when it asks for none). */
  send: (note: string) => Promise<AdminOrderDetail | null>;
  done: string;
  onChanged: Changed;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    if (check && !check()) return;
    const written = note ? note.field.checked() : '';
    if (written === null) return;
    let next: AdminOrderDetail | null;
    try {
      next = await send(written);
    } catch (error) {
      if (!note) throw error;
      fieldRefused(error, note.name, note.field);
      return;
    }
    if (next === null) return;
    onChanged(next, done);
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled}
        onClick={() => {
          note?.field.reset();
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
        action={confirm}
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
  const reason = useNoteField(OPERATOR_REASON_MAX, OPERATOR_REASON_MESSAGE);
  return (
    <Confirmed
      label="Cancel and release the card"
      title={`Cancel ${order.reference}?`}
      submitLabel="Yes, cancel the order"
      note={{ field: reason, name: 'reason' }}
      send={(why) =>
        callApi(cancelAdminOrderAuthorisation, { params: { id: order.id }, body: { reason: why } })
      }
      done="The order is cancelled. The card authorisation is being released and the customer has been emailed that they were not charged."
      onChanged={onChanged}
    >
      <p>
        The order is not booked with the courier. The hold of{' '}
        {order.pricePence === null ? 'the payment' : formatPence(order.pricePence)} on the
        customer’s card is released, and the customer is emailed that they were not charged.
      </p>
      <NoteInput id="cancel-authorisation-reason" label={REASON_LABEL} field={reason} />
    </Confirmed>
  );
}

/** What an action on one refund of the order is given. */
interface RefundActionProps {
  detail: AdminOrderDetail;
  refund: AdminRefund;
  onChanged: Changed;
}

/** Sends a refund that needs action (or was refused) to the card provider again. */
function RetryRefund({ detail, refund, onChanged }: RefundActionProps) {
  return (
    <Confirmed
      label={`Retry refund of ${formatPence(refund.amountPence)}`}
      title={`Send the refund of ${formatPence(refund.amountPence)} again?`}
      submitLabel="Yes, send it again"
      send={() =>
        callApi(retryAdminRefund, { params: { id: detail.order.id, refundId: refund.id } })
      }
      done={`The refund of ${formatPence(refund.amountPence)} is with the card provider again.`}
      onChanged={onChanged}
    >
      <p>
        The card provider is asked for this refund again, with the same key as before: if the first
        request did go through, nothing more is refunded.
      </p>
    </Confirmed>
  );
}

/** Marks a refund that needs action (or was refused) as refunded outside the site, with a note. */
function RefundedOutside({ detail, refund, onChanged }: RefundActionProps) {
  const note = useNoteField(REFUND_NOTE_MAX, REFUND_NOTE_MESSAGE);
  return (
    <Confirmed
      label="Mark as refunded outside the site"
      title={`Mark the refund of ${formatPence(refund.amountPence)} as refunded outside the site?`}
      submitLabel="Yes, mark it refunded"
      note={{ field: note, name: 'note' }}
      send={(written) =>
        callApi(markAdminRefundOutside, {
          params: { id: detail.order.id, refundId: refund.id },
          body: { note: written },
        })
      }
      done={`The refund of ${formatPence(refund.amountPence)} is marked refunded outside the site.`}
      onChanged={onChanged}
    >
      <p>
        Only once the customer has the money back by other means (a bank transfer, the card
        provider’s dashboard). The card provider is not asked again; the customer’s page says it was
        refunded by other means.
      </p>
      <NoteInput id={`refund-note-${refund.id}`} label="How it was refunded" field={note} />
    </Confirmed>
  );
}

function Refund({ detail, onChanged }: { detail: AdminOrderDetail; onChanged: Changed }) {
  const { order, refundablePence } = detail;
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [key, setKey] = useState('');
  const reason = useNoteField(OPERATOR_REASON_MAX, OPERATOR_REASON_MESSAGE);
  const input = useRef<HTMLInputElement>(null);
  // A field error moves focus to the field once it is shown.
  useEffect(() => {
    if (fieldError) input.current?.focus();
  }, [fieldError]);
  const parsed = parseRefundAmount(amount, refundablePence);

  return (
    <Confirmed
      label="Refund…"
      title={`Refund ${order.reference}`}
      submitLabel="Refund now"
      onOpen={() => {
        setAmount(penceToPounds(refundablePence));
        setFieldError(null);
        setKey(requestKey());
      }}
      note={{ field: reason, name: 'reason' }}
      check={() => {
        setFieldError('error' in parsed ? parsed.error : null);
        return !('error' in parsed);
      }}
      send={(why) =>
        callApi(refundAdminOrder, {
          params: { id: order.id },
          body: { amount, requestKey: key, reason: why },
        }).catch((error: unknown) => {
          if (!(error instanceof ApiClientError && error.fields.amount)) throw error;
          setFieldError(error.fields.amount);
          return null;
        })
      }
      done={`Refund of ${formatPence('pence' in parsed ? parsed.pence : 0)} asked of the card provider. The customer is emailed once it is confirmed.`}
      onChanged={onChanged}
    >
      <p>
        Up to {formatPence(refundablePence)} can be refunded to the customer’s card. Enter the whole
        of it for a full refund, or less for a part refund. The customer is emailed when the card
        provider confirms it.
      </p>
      <FramedInput
        ref={input}
        id="refund-amount"
        label="Amount to refund (£)"
        value={amount}
        error={fieldError}
        onChange={setAmount}
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
      />
      <NoteInput id="refund-reason" label={REASON_LABEL} field={reason} />
    </Confirmed>
  );
}
