export { contactRoutes } from './contact.routes.js';
export { ContactService } from './contact.service.js';
export { ContactRepository } from './contact.repository.js';
