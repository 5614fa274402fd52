import { formatKg } from '../../../domain/boxes.js';
import { COLLECTION_HOURS, formatCalendarDate } from '../../../domain/collection-calendar.js';
import { formatPence } from '../../../domain/money.js';
import {
  addressLines,
  type OrderAddress,
  type OrderPlace,
  type OrderView,
} from '../../../domain/order.js';

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

/** The order-details side panel shown beside every step after the quote (docs/product-rules.md). */
export function OrderSummary({ order }: { order: OrderView }) {
  const cheapest = Math.min(...order.services.map((s) => s.pricePence));
  const selected = order.services.find((s) => s.service === order.selectedService);
  // What the items weigh so far, against what the boxes allow.
  const declaredGrams = order.parcels.reduce((sum, p) => sum + p.declaredWeightGrams, 0);
  return (
    <aside className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-summary__title">
        Order details
      </h2>
      <dl className="order-summary__list">
        <Place label="From" place={order.collection} />
        <Place label="To" place={order.destination} />
        <div>
          <dt>Weight declared</dt>
          <dd>
            {formatKg(declaredGrams)} kg of {order.totalWeightKg} kg
          </dd>
        </div>
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
            {selected && order.pricePence !== null
              ? formatPence(order.pricePence)
              : Number.isFinite(cheapest)
                ? `from ${formatPence(cheapest)}`
                : '—'}
          </dd>
        </div>
        {order.collectionDate && (
          <div className="order-summary__date">
            <dt>Collection date</dt>
            <dd>
              {formatCalendarDate(order.collectionDate)}{' '}
              <span className="order-summary__hours">
                between {COLLECTION_HOURS.from} and {COLLECTION_HOURS.to}
              </span>
            </dd>
          </div>
        )}
        {order.collectionAddress && (
          <Address label="Collection address" address={order.collectionAddress} />
        )}
        {order.deliveryAddress && (
          <Address label="Delivery address" address={order.deliveryAddress} />
        )}
      </dl>
      <p className="order-summary__reference">
        Order reference <strong>{order.reference}</strong>
      </p>
    </aside>
  );
}
