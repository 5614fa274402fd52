export { savedItemsRoutes } from './saved-items.routes.js';
export { SavedItemsService } from './saved-items.service.js';
export { SavedItemsRepository } from './saved-items.repository.js';
