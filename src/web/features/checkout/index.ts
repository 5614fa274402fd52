/**
 * What other features use of the payment step: its card form, for a second card payment, and the
 * list of the items the cover does not pay for in full.
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
