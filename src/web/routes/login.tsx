import { PlaceholderPage } from '../components/layout/placeholder-page.js';
import { titleFor } from '../../domain/site-routes.js';

export function LoginPage() {
  return (
    <PlaceholderPage title={titleFor('/login')}>
      <p>
        Sign in to your account to see your orders. Accounts are optional: you can quote, book and
        pay as a guest.
      </p>
    </PlaceholderPage>
  );
}
