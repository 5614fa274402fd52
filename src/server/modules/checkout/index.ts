export { checkoutRoutes, WEBHOOK_PATH } from './checkout.routes.js';
export { CheckoutService } from './checkout.service.js';
export type { Resolution } from './checkout.service.js';
export type { CheckoutOptions } from './checkout-deps.js';
export { CheckoutRepository, checkoutHoldsOrder } from './checkout.repository.js';
