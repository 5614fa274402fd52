/** What other features use of this tab's order in progress. */
export { setCurrentOrder } from './current-order.js';
export { continuePath } from './continue-path.js';
export {
  forgetAddressDraft,
  keepAddressDraft,
  readAddressDraft,
  type AddressRole,
} from './address-drafts.js';
export { DocumentLinks } from './document-links.js';
