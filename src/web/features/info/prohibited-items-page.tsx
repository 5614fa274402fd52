import { DESTINATIONS, EU_COUNTRY_CODES } from '#src/domain/countries.js';
import { GOODS_CATEGORIES, MAX_SHIPMENT_VALUE_PENCE } from '#src/domain/prohibited-items.js';
import { formatPence } from '#src/domain/money.js';
import { ProhibitedList, RestrictedList } from '../../components/content/prohibited-list.js';
import { Link } from '../../lib/router.js';
import { hrefOf } from '#src/domain/site-links.js';
import { ContentPage } from '../../components/layout/content-page.js';

const EU_DESTINATIONS = DESTINATIONS.filter((d) => EU_COUNTRY_CODES.has(d.countryCode)).map(
  (d) => d.title,
);

export function ProhibitedItemsPage() {
  return (
    <ContentPage
      page="prohibitedItems"
      heading="Prohibited Items"
      lead={
        <>
          Couriers and customs authorities do not allow some goods to travel, and others only up to
          a value or a number. Please check this page before you pack: we check each item when you
          declare it, and boxes holding prohibited items can be stopped, returned or destroyed, at
          the sender’s cost.
        </>
      }
    >
      <section className="section-block" aria-labelledby="never-title">
        <h2 id="never-title">Never send</h2>
        <ProhibitedList categories={GOODS_CATEGORIES} />
      </section>

      <section className="section-block prose" aria-labelledby="limits-title">
        <h2 id="limits-title">Only within a limit, or only to the EU</h2>
        <RestrictedList categories={GOODS_CATEGORIES} />
        <p>
          <strong>Every shipment:</strong> the goods in one shipment may be worth up to{' '}
          {formatPence(MAX_SHIPMENT_VALUE_PENCE).replace('.00', '')} in total.
        </p>
        <p>
          The EU destinations we deliver to are {EU_DESTINATIONS.join(', ')}. If you are not sure
          whether your items may go to your destination,{' '}
          <Link to={hrefOf('contact')}>contact us</Link> before you book.
        </p>
        <p>
          You declare the contents and value of each box when you book. Please declare them
          truthfully and completely: customs may open and inspect any box.
        </p>
      </section>
    </ContentPage>
  );
}
