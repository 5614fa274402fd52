import { SignUpPage as SignUpForm } from '../features/account/auth-pages.js';

export function SignUpPage() {
  return <SignUpForm />;
}
