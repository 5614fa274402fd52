export { AccountPage } from '../features/account/account-page.js';
import '../features/account/account.css';
import '../features/checkout/checkout.css';
import '../features/orders/orders.css';
