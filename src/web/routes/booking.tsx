import '../features/orders/orders.css';
export { BookingPage } from '../features/booking/booking-page.js';
