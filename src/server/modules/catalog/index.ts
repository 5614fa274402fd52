export { catalogRoutes } from './catalog.routes.js';
export { CatalogService, coverSettingsOf } from './catalog.service.js';
export type { CoverSettingsRow, CurrentCoverSettings, RateVersionRow } from './catalog.service.js';
export { OperatorRates } from './operator-rates.js';
export { operatorRatesRoutes } from './operator-rates.routes.js';
export { RateCache } from './rate-cache.js';
export { CatalogRepository } from './catalog.repository.js';
