import { PlaceholderPage } from '../components/layout/placeholder-page.js';
import { titleFor } from '../../domain/site-routes.js';

export function ContactPage() {
  return (
    <PlaceholderPage title={titleFor('/contact')}>
      <p>
        A form to send us a message will be here. Customer service runs 9am to 5:30pm Monday to
        Friday.
      </p>
    </PlaceholderPage>
  );
}
