import { PlaceholderPage } from '../components/layout/placeholder-page.js';
import { titleFor } from '../../domain/site-routes.js';

export function TermsPage() {
  return (
    <PlaceholderPage title={titleFor('/terms')}>
      <p>The terms and conditions of our service will be published here.</p>
    </PlaceholderPage>
  );
}
