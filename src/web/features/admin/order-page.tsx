import { useState } from 'react';
import {
  getAdminOrder,
  type AdminOrderDetail,
  type TimelineEntry,
} from '#src/domain/api/admin/orders.js';
import { COURIER_REFERENCE_MESSAGE, resolveAdminOrder } from '#src/domain/api/admin/payments.js';
import { formatPence } from '#src/domain/money.js';
import { DEFAULT_COVER_SETTINGS, extraCoverText, formatWholePounds } from '#src/domain/pricing.js';
import { addressLines, OrderAddressSchema } from '#src/domain/order.js';
import { callApi } from '../../lib/api.js';
import { FramedInput } from '../../components/ui/field-frame.js';
import { useParams } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { CancelBooking } from './cancel-booking.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { RecordPage } from './record-page.js';
import { OrderActions } from './order-actions.js';
import { OrderExtras } from './order-extras.js';
import { OrderTracking } from './order-tracking.js';
import { StaffOnly } from './staff-only.js';
import { useLoad } from './use-load.js';
import { formatLondon } from '#src/domain/london-time.js';
import { orderStatusClass, orderStatusText } from '../../lib/order-status.js';
import '../tracking/tracking.css';
import { Fact } from './fact.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';

/** `/admin/orders/:id`: one order, what happened to it, and what an operator may do. */
export function AdminOrderPage() {
  const { id = '' } = useParams();
  usePageTitle(SITE_PAGES.adminOrder.title);
  return <StaffOnly>{() => <OrderView id={id} />}</StaffOnly>;
}

function OrderView({ id }: { id: string }) {
  const [load, reload, replace] = useLoad(
    (signal) => callApi(getAdminOrder, { params: { id }, signal }),
    id,
  );
  const [result, setResult] = useState<string | null>(null);
  const detail = load.state === 'ready' ? load.data : null;
  return (
    <RecordPage
      kind="orders"
      title={detail ? `Order ${detail.order.reference}` : 'Order'}
      load={load}
      done={result}
    >
      {detail && (
        <OrderBody
          detail={detail}
          onAction={reload}
          onResolved={(next, message) => {
            replace(next);
            if (message) setResult(message);
          }}
        />
      )}
    </RecordPage>
  );
}

/** The saved address as the customer gave it (both address lines, company), then how to reach them. */
function contactLines(address: Record<string, unknown> | null): string[] {
  if (!address) return [];
  const parsed = OrderAddressSchema.safeParse(address);
  if (!parsed.success) return [];
  return [...addressLines(parsed.data), parsed.data.email, parsed.data.phone];
}

function OrderBody({
  detail,
  onAction,
  onResolved,
}: {
  detail: AdminOrderDetail;
  onAction: () => void;
  onResolved: (next: AdminOrderDetail, message?: string) => void;
}) {
  const { order } = detail;

  return (
    <>
      <dl className="facts">
        <Fact term="Status">
          <span
            className={`status status--${orderStatusClass(order)}`}
            data-testid="admin-order-status"
            data-status={order.trackingStatus ?? order.status}
          >
            {orderStatusText(order, 'operator')}
          </span>
        </Fact>
        <Fact term="Made">{formatLondon(order.createdAt, 'short')}</Fact>
        <Fact term="Service">{order.service ?? 'Not chosen'}</Fact>
        <Fact term="Price">{order.pricePence === null ? '—' : formatPence(order.pricePence)}</Fact>
        <Fact term="Cover">
          {order.coverPence === null
            ? `${formatWholePounds(DEFAULT_COVER_SETTINGS.includedPence)}, included`
            : `${extraCoverText(order.coverPence)}: ${formatPence(order.coverPricePence)}`}
        </Fact>
        <Fact term="Boxes">
          {order.smallBoxes} small, {order.largeBoxes} large ({order.totalWeightKg} kg)
        </Fact>
        {order.importEstimate && (
          <Fact term="Import charges shown">
            <span data-testid="admin-import-estimate">{order.importEstimate.words}</span>
          </Fact>
        )}
        <Fact term="Collection date">{order.collectionDate ?? 'Not chosen'}</Fact>
        <Fact term="Courier reference">{order.courierReference ?? '—'}</Fact>
        {order.trackingUrl && (
          <Fact term="Tracking">
            <a href={order.trackingUrl} rel="noreferrer noopener" target="_blank">
              Track with the courier
            </a>
          </Fact>
        )}
        {(order.failureCode || order.failureMessage) && (
          <Fact term="Courier’s failure">
            {[order.failureCode, order.failureMessage].filter(Boolean).join(': ')}
          </Fact>
        )}
      </dl>

      {order.status === 'needs_attention' && (
        <Resolve orderId={order.id} reference={order.reference} onResolved={onResolved} />
      )}

      <OrderActions detail={detail} onChanged={onResolved} />

      <CancelBooking
        order={order}
        refundablePence={detail.refundablePence}
        onChanged={onResolved}
      />

      {order.status === 'booked' && <OrderTracking orderId={order.id} />}

      <OrderExtras order={order} onAction={onAction} />

      <div className="address-pair">
        <section aria-labelledby="collection-heading">
          <h2 id="collection-heading">Collection</h2>
          <Address
            lines={contactLines(order.collectionAddress)}
            fallback={order.collectionPostcode}
          />
        </section>
        <section aria-labelledby="delivery-heading">
          <h2 id="delivery-heading">Delivery ({order.destination})</h2>
          <Address
            lines={contactLines(order.deliveryAddress)}
            fallback={order.destinationPostcode}
          />
        </section>
      </div>

      <section aria-labelledby="timeline-heading" className="console-section">
        <h2 id="timeline-heading">Timeline</h2>
        <ol className="timeline">
          {detail.timeline.map((entry, index) => (
            <TimelineItem key={index} entry={entry} />
          ))}
        </ol>
      </section>
    </>
  );
}

const KIND_LABEL: Record<TimelineEntry['kind'], string> = {
  order: 'Order',
  payment: 'Payment',
  courier: 'Courier',
  email: 'Email',
  operator: 'Operator',
  note: 'Note',
};

/** One event; a courier exchange opens to its request and reply (never a credential). */
function TimelineItem({ entry }: { entry: TimelineEntry }) {
  return (
    <li className={`timeline__entry timeline__entry--${entry.kind}`}>
      <time dateTime={entry.at}>{formatLondon(entry.at, 'short')}</time>{' '}
      <span className="timeline__kind">{KIND_LABEL[entry.kind]}</span> {entry.text}
      {entry.courier && (
        <details className="timeline__exchange">
          <summary>Request and reply</summary>
          <h3 className="timeline__exchange-heading">Request</h3>
          <pre tabIndex={0}>{JSON.stringify(entry.courier.request, null, 2)}</pre>
          <h3 className="timeline__exchange-heading">Reply</h3>
          <pre tabIndex={0}>
            {entry.courier.reply === null
              ? 'No reply'
              : JSON.stringify(entry.courier.reply, null, 2)}
          </pre>
        </details>
      )}
    </li>
  );
}

function Address({ lines, fallback }: { lines: string[]; fallback: string }) {
  if (lines.length === 0) return <p>Postcode {fallback}; no address yet.</p>;
  return (
    <address>
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}

type Outcome = 'booked' | 'not_booked';

/** Records what the operator found at the courier, each after a confirmation. */
function Resolve({
  orderId,
  reference,
  onResolved,
}: {
  orderId: string;
  reference: string;
  onResolved: (next: AdminOrderDetail, message: string) => void;
}) {
  const [outcome, setOutcome] = useState<Outcome>('booked');
  const [asking, setAsking] = useState(false);
  const [courierReference, setCourierReference] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const open = (next: Outcome) => {
    if (next === 'booked' && courierReference.trim().length < 3) {
      setFieldError(COURIER_REFERENCE_MESSAGE);
      document.getElementById('courier-reference')?.focus();
      return;
    }
    setFieldError(null);
    setOutcome(next);
    setAsking(true);
  };

  const record = async () => {
    const next = await callApi(resolveAdminOrder, {
      params: { id: orderId },
      body:
        outcome === 'booked' ? { outcome, courierReference: courierReference.trim() } : { outcome },
    });
    setAsking(false);
    onResolved(
      next,
      outcome === 'booked'
        ? `Recorded as booked with the courier’s reference ${courierReference.trim()}. The payment will be captured and the customer has been emailed.`
        : 'Recorded as not booked. The card authorisation will be cancelled and the customer has been emailed that they were not charged.',
    );
  };

  return (
    <section aria-labelledby="resolve-heading" className="console-section resolve">
      <h2 id="resolve-heading">Resolve this order</h2>
      <p>
        The courier did not say whether this shipment was booked. Check on the courier’s side, then
        record what you found.
      </p>
      <FramedInput
        id="courier-reference"
        label="Courier’s reference (if booked)"
        value={courierReference}
        error={fieldError}
        onChange={setCourierReference}
        maxLength={100}
      />
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => open('booked')}>
          Mark as booked
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => open('not_booked')}
        >
          Release: not booked
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title={outcome === 'booked' ? `Mark ${reference} as booked?` : `Release ${reference}?`}
        confirmLabel={outcome === 'booked' ? 'Yes, mark as booked' : 'Yes, release it'}
        action={record}
        onClose={() => setAsking(false)}
      >
        <p>
          {outcome === 'booked'
            ? `The order becomes booked with the courier’s reference ${courierReference.trim()}, the held payment is captured and the customer is emailed that their booking is confirmed.`
            : 'The card authorisation is cancelled, the order is marked not booked, and the customer is emailed that they were not charged and may book again.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
