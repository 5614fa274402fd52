export { openApiRoutes, registerOpenApi } from './openapi.js';
