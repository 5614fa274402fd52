import type { ReactNode } from 'react';
import { ACCEPTANCE_LABEL } from '#src/domain/checkout.js';
import { COLLECTION_HOURS, formatCalendarDate } from '#src/domain/collection-calendar.js';
import { formatKg } from '#src/domain/items.js';
import { formatPence } from '#src/domain/money.js';
import { extraCoverText } from '#src/domain/pricing.js';
import { addressLines, type OrderAddress, type OrderView } from '#src/domain/order.js';
import { Link } from '../../lib/router.js';
import { hrefOf } from '#src/domain/site-links.js';
import { TitledSection } from '../../components/ui/titled-section.js';

/** An address of the booking, a line each. */
function AddressLines({ address, country }: { address: OrderAddress; country: string }) {
  return addressLines({ ...address, countryTitle: country }).map((line, i) => (
    <span key={i} className="pay-review__line">
      {line}
    </span>
  ));
}

/**
 * What is being paid for, before the card: the service and price, the collection date and
 * window, both addresses and the items in each box (docs/product-rules.md, "Pay and confirm").
 */
export function PaymentReview({ order }: { order: OrderView }) {
  const service = order.services.find((s) => s.service === order.selectedService);
  return (
    <TitledSection block="pay-review" title="Check your booking">
      <dl className="pay-review__facts">
        <ReviewFact term="Service">
          {service?.name ?? order.selectedService}
          {order.pricePence !== null && (
            <> · {formatPence(order.pricePence - order.cover.pricePence)}</>
          )}
        </ReviewFact>
        {order.cover.coverPence !== null && order.cover.pricePence > 0 && (
          <ReviewFact term="Cover">
            {extraCoverText(order.cover.coverPence)} · {formatPence(order.cover.pricePence)}
          </ReviewFact>
        )}
        {order.pricePence !== null && order.cover.pricePence > 0 && (
          <ReviewFact term="Total">{formatPence(order.pricePence)}</ReviewFact>
        )}
        {order.collectionDate && (
          <ReviewFact term="Collection">
            {formatCalendarDate(order.collectionDate)}, between {COLLECTION_HOURS.from} and{' '}
            {COLLECTION_HOURS.to}
          </ReviewFact>
        )}
        {order.collectionAddress && (
          <ReviewFact term="Collect from">
            <AddressLines address={order.collectionAddress} country={order.collection.title} />
          </ReviewFact>
        )}
        {order.deliveryAddress && (
          <ReviewFact term="Deliver to">
            <AddressLines address={order.deliveryAddress} country={order.destination.title} />
          </ReviewFact>
        )}
      </dl>
      {order.parcels.map((parcel) => (
        <div key={parcel.key} className="pay-review__parcel">
          <h3 className="pay-review__parcel-title">
            {parcel.title}{' '}
            <span className="pay-review__parcel-weight">
              ({formatKg(parcel.declaredWeightGrams)} kg of {parcel.maxWeightKg} kg)
            </span>
          </h3>
          <ul className="pay-review__items">
            {parcel.items.map((item) => (
              <li key={item.id}>
                {item.numberOfUnits} × {item.name}, {formatPence(item.unitValuePence)} each
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="pay-review__change">
        <Link to={hrefOf('booking')}>Change addresses or date</Link> ·{' '}
        <Link to={hrefOf('items')}>Change items</Link>
      </p>
    </TitledSection>
  );
}

/** The required tick box: the Terms accepted and nothing prohibited inside. */
export function AcceptanceField({
  checked,
  error,
  disabled,
  onChange,
}: {
  checked: boolean;
  error: string | undefined;
  disabled: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div className={`field field--wide pay-accept${error ? ' field--error' : ''}`}>
      <p className="field__hint" id="accept-terms-hint">
        Read our <Link to={hrefOf('terms')}>Terms &amp; Conditions</Link> and the list of{' '}
        <Link to={hrefOf('prohibitedItems')}>prohibited items</Link>.
      </p>
      {error && (
        <p className="field__error" id="accept-terms-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <div className="tick-control">
        <input
          id="accept-terms"
          type="checkbox"
          className="tick-control__input"
          checked={checked}
          disabled={disabled}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={['accept-terms-hint', error ? 'accept-terms-error' : '']
            .filter(Boolean)
            .join(' ')}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor="accept-terms" className="pay-accept__label">
          {ACCEPTANCE_LABEL}
        </label>
      </div>
    </div>
  );
}

/** One fact of the review: its term, then what the booking says. */
function ReviewFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
