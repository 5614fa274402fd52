export { myOrdersRoutes } from './my-orders.routes.js';
export { MyOrdersService } from './my-orders.service.js';
export { BookingLinksRepository } from './booking-links.repository.js';
