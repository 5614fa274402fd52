/**
 * The operator console's pages (docs/operators.md), one chunk: operators move between them all
 * the time, and each page file of its own would cost every customer's home page a few hundred
 * bytes of loader (docs/decisions/040).
 */
export { AdminDashboardPage } from './dashboard-page.js';
export { AdminOrdersPage } from './orders-page.js';
export { AdminOrderPage } from './order-page.js';
export { AdminClaimsPage } from './claims-page.js';
export { AdminClaimPage } from './claim-page.js';
export { AdminShipmentsPage } from './shipments-page.js';
export { AdminRatesPage } from './rates-page.js';
export { AdminMessagesPage } from './messages-page.js';
export { AdminMailPage } from './mail-page.js';
