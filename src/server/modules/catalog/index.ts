export { catalogRoutes } from './catalog.routes.js';
export { CatalogService, coverSettingsOf } from './catalog.service.js';
export type { CoverSettingsRow, CurrentCoverSettings, RateVersionRow } from './catalog.service.js';
export { RateCache } from './rate-cache.js';
export { CatalogRepository } from './catalog.repository.js';
