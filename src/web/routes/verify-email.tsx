export { VerifyEmailPage } from '../features/account/verify-email.js';
import '../features/account/account.css';
import '../features/checkout/checkout.css';
import '../features/orders/orders.css';
