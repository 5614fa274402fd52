/** The operator console's pages (docs/operators.md). */
export { AdminDashboardPage } from './dashboard.js';
export { AdminOrdersPage } from './orders-page.js';
export { AdminOrderPage } from './order-page.js';
export { AdminRatesPage } from './rates-page.js';
export { AdminMessagesPage } from './messages-page.js';
export { AdminMailPage } from './mail-page.js';
