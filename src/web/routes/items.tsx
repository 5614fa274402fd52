import '../features/orders/orders.css';
export { ItemsPage } from '../features/items/items-page.js';
