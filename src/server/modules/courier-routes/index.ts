export {
  CourierRoutesService,
  withDeadline,
  DEFAULT_CUSTOMER_WAITS,
  DEFAULT_WARMUP_CONCURRENCY,
  REFRESH_COURIER_ROUTES_JOB,
  ROUTE_REFRESH_INTERVAL_MS,
} from './courier-routes.service.js';
export type { CustomerWaits, RouteCachePolicy } from './courier-routes.service.js';
export { CourierRoutesRepository } from './courier-routes.repository.js';
