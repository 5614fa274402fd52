export { claimsRoutes } from './claims.routes.js';
export { ClaimsService } from './claims.service.js';
export { ClaimDecisions, claimRefundKey } from './claim-decisions.js';
export { ClaimsRepository, type ClaimRow, type ClaimEventRow } from './claims.repository.js';
export type { ClaimsDeps } from './claims.deps.js';
