export { AccountOrderPage } from '../features/account/order-page.js';
import '../features/account/account.css';
import '../features/checkout/checkout.css';
import '../features/orders/orders.css';
