import { PlaceholderPage } from '../components/layout/placeholder-page.js';
import { titleFor } from '../../domain/site-routes.js';

export function ForgottenPasswordPage() {
  return (
    <PlaceholderPage title={titleFor('/login/forgotten-password')}>
      <p>Enter your email address to receive a link to reset your password.</p>
    </PlaceholderPage>
  );
}
