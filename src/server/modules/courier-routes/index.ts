export {
  CourierRoutesService,
  withDeadline,
  DEFAULT_CUSTOMER_WAITS,
} from './courier-routes.service.js';
export type { CustomerWaits, RouteCachePolicy } from './courier-routes.service.js';
export { CourierRoutesRepository } from './courier-routes.repository.js';
export { refreshCourierRoutesJob } from './jobs/refresh-courier-routes.job.js';
