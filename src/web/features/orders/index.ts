/** What other features use of this tab's order in progress. */
export {
  currentOrderState,
  forgetDiscardedOrder,
  refreshHeldOrder,
  reloadCurrentOrder,
  rememberExpressSelected,
  setCurrentOrder,
  startOrder,
  useCurrentOrder,
} from './current-order.js';
export { continuePath } from './continue-path.js';
export {
  forgetAddressDraft,
  keepAddressDraft,
  readAddressDraft,
  type AddressRole,
} from './address-drafts.js';
export { BackLink } from './back-link.js';
export { DocumentLinks } from './document-links.js';
export { TrackingLinks } from './tracking-links.js';
export { OrderGate } from './order-gate.js';
export { OrderSummary } from './order-summary.js';
export { CollectionWhen, isReadOnly, PaidOrderNotice } from './paid-order.js';
