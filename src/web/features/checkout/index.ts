/** What other features use of the payment step: its card form, for a second card payment. */
export {
  billingFor,
  CardStep,
  summaryErrors,
  useCardPayment,
  type Billing,
  type CardPayment,
} from './card-payment.js';
export { poundsText } from './cover-choice.js';
