import '../features/orders/orders.css';
export { OrderConfirmationPage } from '../features/checkout/order-confirmation-page.js';
