import { PlaceholderPage } from '../components/layout/placeholder-page.js';
import { titleFor } from '../../domain/site-routes.js';

export function OrderConfirmationPage() {
  return (
    <PlaceholderPage title={titleFor('/order-confirmation')}>
      <p>After payment your order reference, labels and tracking link will be shown here.</p>
    </PlaceholderPage>
  );
}
