import { DESTINATIONS, EU_COUNTRY_CODES } from '../../domain/countries.js';
import { SHIPMENT_LIMITS } from '../../domain/prohibited-items.js';
import { titleFor } from '../../domain/site-routes.js';
import { ProhibitedList } from '../components/content/prohibited-list.js';
import { Link } from '../lib/router.js';
import { usePageTitle } from '../lib/use-page-title.js';

const pounds = (value: number) => `£${value.toLocaleString('en-GB')}`;

const EU_DESTINATIONS = DESTINATIONS.filter((d) => EU_COUNTRY_CODES.has(d.countryCode)).map(
  (d) => d.title,
);

export function ProhibitedItemsPage() {
  usePageTitle(titleFor('/prohibited-items'));
  const limits = SHIPMENT_LIMITS;
  return (
    <article className="page container">
      <header className="page__header">
        <h1>Prohibited Items</h1>
        <p className="page__lead">
          Couriers and customs authorities do not allow some goods to travel, and others only up to
          a value. Please check this page before you pack: boxes holding prohibited items can be
          stopped, returned or destroyed, and the cost falls on the sender.
        </p>
      </header>

      <section className="section-block" aria-labelledby="never-title">
        <h2 id="never-title">Never send</h2>
        <ProhibitedList />
      </section>

      <section className="section-block prose" aria-labelledby="limits-title">
        <h2 id="limits-title">Limits</h2>
        <ul className="limits-list">
          <li>
            <strong>Electronic devices:</strong> at most {limits.maxElectronicDevicesPerBox}{' '}
            electronic devices per box (laptops, tablets, phones, cameras, games consoles).
          </li>
          <li>
            <strong>Shipment value:</strong> the goods in one shipment may be worth up to{' '}
            {pounds(limits.maxShipmentValuePounds)} in total.
          </li>
          <li>
            <strong>Art and antiques:</strong> pieces worth over{' '}
            {pounds(limits.artAndAntiquesMaxEachPounds)} individually are prohibited.
          </li>
          <li>
            <strong>Collectibles:</strong> collectibles worth over{' '}
            {pounds(limits.collectiblesMaxPounds)} are prohibited.
          </li>
          <li>
            <strong>Jewellery and watches:</strong> jewellery and watches worth over{' '}
            {pounds(limits.jewelleryAndWatchesMaxTotalPounds)} in total are prohibited.
          </li>
          <li>
            <strong>EU only:</strong> some categories of goods are allowed to the EU only, that is
            to {EU_DESTINATIONS.join(', ')}. If you are not sure whether your items may go to your
            destination, <Link to="/contact">contact us</Link> before you book.
          </li>
        </ul>
        <p>
          You declare the contents and value of each box when you book. Please declare them
          truthfully and completely: customs may open and inspect any box.
        </p>
      </section>
    </article>
  );
}
