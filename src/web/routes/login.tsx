import { SignInPage } from '../features/account/auth-pages.js';

export function LoginPage() {
  return <SignInPage />;
}
