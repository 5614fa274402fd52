import {
  AdminDashboardPage as Dashboard,
  AdminMailPage as Mail,
  AdminMessagesPage as Messages,
  AdminOrderPage as Order,
  AdminOrdersPage as Orders,
  AdminRatesPage as Rates,
} from '../features/admin/index.js';
import '../features/account/account.css';
import '../features/admin/admin.css';

// The console's pages share this one chunk (their routes declare `module: 'admin'`).
export function AdminDashboardPage() {
  return <Dashboard />;
}
export function AdminOrdersPage() {
  return <Orders />;
}
export function AdminOrderPage() {
  return <Order />;
}
export function AdminRatesPage() {
  return <Rates />;
}
export function AdminMessagesPage() {
  return <Messages />;
}
export function AdminMailPage() {
  return <Mail />;
}
