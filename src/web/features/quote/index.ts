/** What other features use of the quote: the home page's copy of the order in progress. */
export {
  BOOKING_IN_PROGRESS_KEY,
  LAST_QUESTION_KEY,
  ORDER_ID_KEY,
  QUOTE_IN_PROGRESS_KEY,
  rememberQuestion,
  type BookingInProgress,
  type QuoteInProgress,
} from './quote-in-progress.js';
