import { ForgottenPasswordForm } from '../features/account/auth-pages.js';

export function ForgottenPasswordPage() {
  return <ForgottenPasswordForm />;
}
