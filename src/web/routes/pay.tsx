import '../features/orders/orders.css';
export { PayPage } from '../features/checkout/pay-page.js';
