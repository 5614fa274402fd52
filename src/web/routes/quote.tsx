import '../features/orders/orders.css';
export { QuotePage } from '../features/quote/quote-page.js';
