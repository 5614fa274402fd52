export { trackingRoutes } from './tracking.routes.js';
export {
  type TrackingDeps,
  DEFAULT_TRACKING_SETTINGS,
  RebookingAnswerUnknown,
  TrackingService,
  type TrackingSettings,
} from './tracking.service.js';
export { TrackingRepository } from './tracking.repository.js';
export { TrackingTokens } from './tracking-token.js';
export { pollShipmentsJob } from './jobs/poll-shipments.job.js';
export { refreshLabelsJob } from './jobs/refresh-labels.job.js';
export { checkRebookingJob } from './jobs/check-rebooking.job.js';
export type { ClaimBoxFacts } from './claim-facts.js';
