import { PlaceholderPage } from '../components/layout/placeholder-page.js';
import { titleFor } from '../../domain/site-routes.js';

export function QuotePage() {
  return (
    <PlaceholderPage title={titleFor('/quote')}>
      <p>Your Express and Economy prices will be shown here, with the order details beside them.</p>
    </PlaceholderPage>
  );
}
