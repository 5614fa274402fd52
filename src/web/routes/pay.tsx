import { PlaceholderPage } from '../components/layout/placeholder-page.js';
import { titleFor } from '../../domain/site-routes.js';

export function PayPage() {
  return (
    <PlaceholderPage title={titleFor('/pay')}>
      <p>Here you will pay for your shipment by card.</p>
    </PlaceholderPage>
  );
}
