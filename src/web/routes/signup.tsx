import { SignUpPage as SignUpForm } from '../features/account/auth-pages.js';
import { ConfirmSignUpPage as ConfirmSignUp } from '../features/account/confirm-sign-up.js';

export function SignUpPage() {
  return <SignUpForm />;
}

export function ConfirmSignUpPage() {
  return <ConfirmSignUp />;
}
