export { SignUpPage } from '../features/account/auth-pages.js';
export { ConfirmSignUpPage } from '../features/account/confirm-sign-up.js';
