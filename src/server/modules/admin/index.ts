export { operatorOf, operatorRule } from './admin-guard.js';
export { adminRoutes } from './admin.routes.js';
export { adminInboxRoutes } from './admin-inbox.routes.js';
export { AdminService } from './admin.service.js';
export { AdminInbox } from './admin-inbox.js';
export { AdminOrderExtras } from './admin-order-extras.js';
export { AdminRepository } from './admin.repository.js';
export { OrderNotesRepository } from './order-notes.repository.js';
