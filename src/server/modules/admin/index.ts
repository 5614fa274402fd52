export { adminRoutes } from './admin.routes.js';
export { AdminService } from './admin.service.js';
export { OrderNotes } from './order-notes.js';
export { OrderNotesRepository } from './order-notes.repository.js';
