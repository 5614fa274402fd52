import { PlaceholderPage } from '../components/layout/placeholder-page.js';
import { titleFor } from '../../domain/site-routes.js';

export function ProhibitedItemsPage() {
  return (
    <PlaceholderPage title={titleFor('/prohibited-items')}>
      <p>
        The items we cannot carry, and the limits on value and electronic devices, will be listed
        here.
      </p>
    </PlaceholderPage>
  );
}
