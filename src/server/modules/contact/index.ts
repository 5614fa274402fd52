export { contactRoutes } from './contact.routes.js';
export { ContactService } from './contact.service.js';
export { OperatorMessages } from './operator-messages.js';
export { operatorMessagesRoutes } from './operator-messages.routes.js';
export { ContactRepository } from './contact.repository.js';
