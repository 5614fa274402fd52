export { myOrdersRoutes } from './my-orders.routes.js';
export { MyOrdersService } from './my-orders.service.js';
export { OperatorPayAgain } from './operator-pay-again.js';
export { operatorPayAgainRoutes } from './operator-pay-again.routes.js';
export { BookingLinksRepository } from './booking-links.repository.js';
