/** What other features use of this tab's order in progress. */
export { setCurrentOrder } from './current-order.js';
export { DocumentLinks } from './document-links.js';
