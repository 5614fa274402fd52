/**
 * What other features use of the checkout: the payment step's card form, for a second card
 * payment, the list of the items the cover does not pay for in full, and the courier's facts of
 * a booked order.
 */
export {
  billingFor,
  CardStep,
  summaryErrors,
  useCardPayment,
  type Billing,
  type CardPayment,
} from './card-payment.js';
export { poundsText } from './cover-choice.js';
export { CoverExclusionsList } from './cover-exclusions-list.js';
export { CourierFacts } from './courier-facts.js';
