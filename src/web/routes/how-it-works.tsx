import { PlaceholderPage } from '../components/layout/placeholder-page.js';
import { titleFor } from '../../domain/site-routes.js';

export function HowItWorksPage() {
  return (
    <PlaceholderPage title={titleFor('/how-it-works')}>
      <p>
        Book your item(s), pack your item(s), we collect, and you track your item(s) all the way.
      </p>
    </PlaceholderPage>
  );
}
