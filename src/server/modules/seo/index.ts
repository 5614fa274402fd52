export { seoRoutes, siteOrigin } from './seo.routes.js';
export type { SiteAddress } from './seo.routes.js';
export { renderIndexHtml } from './page-head.js';
