export { quotesRoutes } from './quotes.routes.js';
export { QuotesService } from './quotes.service.js';
