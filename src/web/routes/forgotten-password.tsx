export { ForgottenPasswordForm } from '../features/account/auth-pages.js';
