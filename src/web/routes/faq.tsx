import { PlaceholderPage } from '../components/layout/placeholder-page.js';
import { titleFor } from '../../domain/site-routes.js';

export function FaqPage() {
  return (
    <PlaceholderPage title={titleFor('/faq')}>
      <p>Answers to the questions customers ask most often will be listed here.</p>
    </PlaceholderPage>
  );
}
