export { SignInPage } from '../features/account/auth-pages.js';
