import { ResetPasswordForm } from '../features/account/auth-pages.js';

export function ResetPasswordPage() {
  return <ResetPasswordForm />;
}
