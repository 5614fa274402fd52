import { PlaceholderPage } from '../components/layout/placeholder-page.js';
import { titleFor } from '../../domain/site-routes.js';

export function BookingPage() {
  return (
    <PlaceholderPage title={titleFor('/booking')}>
      <p>Here you will enter the collection address, the delivery address and a collection date.</p>
    </PlaceholderPage>
  );
}
