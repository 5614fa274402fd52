export { ManageBookingPage } from '../features/account/manage-booking.js';
import '../features/account/account.css';
import '../features/checkout/checkout.css';
import '../features/orders/orders.css';
