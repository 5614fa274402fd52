/** What other features use of the quote: the home page's copy of the order in progress. */
export { ORDER_ID_KEY, QUOTE_IN_PROGRESS_KEY, type QuoteInProgress } from './quote-in-progress.js';
