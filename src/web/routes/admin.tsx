export {
  AdminDashboardPage,
  AdminMailPage,
  AdminMessagesPage,
  AdminOrderPage,
  AdminOrdersPage,
  AdminRatesPage,
} from '../features/admin/index.js';
import '../features/account/account.css';
import '../features/admin/admin.css';
