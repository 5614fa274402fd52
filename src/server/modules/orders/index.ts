export { ordersRoutes } from './orders.routes.js';
export { orderRule, OrderAccess } from './order-access.js';
export type { Viewer } from './order-access.js';
export {
  OrdersService,
  PURGE_ABANDONED_DRAFTS_JOB,
  DEFAULT_DRAFT_RETENTION_DAYS,
  DRAFT_PURGE_INTERVAL_MS,
} from './orders.service.js';
export type { OrderRow, OrderItemRow } from './orders.service.js';
export { toOrderView } from './order-view.js';
export { newOrderReference } from './order-reference.js';
export { DeclarationService } from './declaration.service.js';
export { OrderItemsRepository } from './order-items.repository.js';
export { OrdersRepository } from './orders.repository.js';
