import { ManageBookingPage as Page } from '../features/account/manage-booking.js';
import '../features/account/account.css';
import '../features/checkout/checkout.css';
import '../features/orders/orders.css';

export function ManageBookingPage() {
  return <Page />;
}
