import { formatKg } from '#src/domain/boxes.js';
import { COLLECTION_HOURS, formatCalendarDate } from '#src/domain/collection-calendar.js';
import { formatPence } from '#src/domain/money.js';
import {
  addressLines,
  type OrderAddress,
  type OrderPlace,
  type OrderView,
  type QuoteView,
} from '#src/domain/order.js';

function Place({ label, place }: { label: string; place: OrderPlace }) {
  return (
    <div className="order-summary__place">
      <dt>{label}</dt>
      <dd>
        <img className="flag" src={place.flagPath} alt="" width="24" height="18" />
        <span>
          {place.title}
          <span className="order-summary__postcode">{place.postcode}</span>
        </span>
      </dd>
    </div>
  );
}

function Address({ label, address }: { label: string; address: OrderAddress }) {
  const lines = addressLines(address);
  return (
    <div className="order-summary__address">
      <dt>{label}</dt>
      <dd>
        <address>
          {lines.map((line, i) => (
            <span key={i}>{line.toUpperCase()}</span>
          ))}
        </address>
      </dd>
    </div>
  );
}

/**
 * The order-details side panel shown beside every step after the quote (docs/product-rules.md);
 * on /quote before there is an order, the quote's part of it.
 */
export function OrderSummary({ order }: { order: OrderView | QuoteView }) {
  const placed = 'id' in order ? order : null;
  const cheapest = Math.min(...order.services.map((s) => s.pricePence));
  const selected = order.services.find((s) => s.service === placed?.selectedService);
  // What the items weigh so far, against what the boxes allow.
  const declaredGrams = placed?.parcels.reduce((sum, p) => sum + p.declaredWeightGrams, 0) ?? 0;
  return (
    <aside className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-summary__title">
        Order details
      </h2>
      <dl className="order-summary__list">
        <Place label="From" place={order.collection} />
        <Place label="To" place={order.destination} />
        {placed ? (
          <div>
            <dt>Weight declared</dt>
            <dd>
              {formatKg(declaredGrams)} kg of {order.totalWeightKg} kg
            </dd>
          </div>
        ) : (
          <div>
            <dt>Weight allowed</dt>
            <dd>{order.totalWeightKg} kg</dd>
          </div>
        )}
        <div>
          <dt>Total boxes</dt>
          <dd>{order.totalBoxes}</dd>
        </div>
        <div>
          <dt>Small boxes</dt>
          <dd>{order.smallBoxes}</dd>
        </div>
        <div>
          <dt>Large boxes</dt>
          <dd>{order.largeBoxes}</dd>
        </div>
        <div className="order-summary__price">
          <dt>{selected ? `Price (${selected.name})` : 'Price'}</dt>
          <dd>
            {selected && placed?.pricePence != null
              ? formatPence(placed.pricePence)
              : Number.isFinite(cheapest)
                ? `from ${formatPence(cheapest)}`
                : '—'}
          </dd>
        </div>
        {placed?.collectionDate && (
          <div className="order-summary__date">
            <dt>Collection date</dt>
            <dd>
              {formatCalendarDate(placed.collectionDate)}{' '}
              <span className="order-summary__hours">
                between {COLLECTION_HOURS.from} and {COLLECTION_HOURS.to}
              </span>
            </dd>
          </div>
        )}
        {placed?.collectionAddress && (
          <Address label="Collection address" address={placed.collectionAddress} />
        )}
        {placed?.deliveryAddress && (
          <Address label="Delivery address" address={placed.deliveryAddress} />
        )}
      </dl>
      {placed && (
        <p className="order-summary__reference">
          Order reference <strong>{placed.reference}</strong>
        </p>
      )}
    </aside>
  );
}
