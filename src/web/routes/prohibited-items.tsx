export { ProhibitedItemsPage } from '../features/info/prohibited-items-page.js';
