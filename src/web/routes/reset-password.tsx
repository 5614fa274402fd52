export { ResetPasswordForm } from '../features/account/auth-pages.js';
