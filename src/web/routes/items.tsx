import { PlaceholderPage } from '../components/layout/placeholder-page.js';
import { titleFor } from '../../domain/site-routes.js';

export function ItemsPage() {
  return (
    <PlaceholderPage title={titleFor('/items')}>
      <p>Here you will declare what is in each box before paying.</p>
    </PlaceholderPage>
  );
}
