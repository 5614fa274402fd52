/**
 * The states an order and its payment can be in, and the moves between them, as data
 * (docs/orders.md shows the same tables; a test keeps the two equal). The orders repository's
 * `transition()` is the only code that writes an order's status and refuses any move
 * `canTransition` does not allow.
 */

/** Every order status. */
export const ORDER_STATUSES = [
  'draft',
  'authorised',
  'booking',
  'booked',
  'booking_failed',
  'needs_attention',
  'cancelling',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** One row of the transition table: the states it leaves from, the state it reaches, and why. */
export interface OrderTransition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  when: string;
}

/** Every move an order's status may make (creation as `draft` is not a move). */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  {
    from: ['draft', 'booking_failed'],
    to: 'authorised',
    when: 'the payment of the current attempt is authorised for exactly the order’s price',
  },
  {
    from: ['authorised'],
    to: 'booking',
    when: 'the booking job is about to call BookShipment',
  },
  { from: ['booking'], to: 'booked', when: 'BookShipment answered SUCCESS' },
  {
    from: ['booking'],
    to: 'authorised',
    when: 'a retryable failure that proves nothing was booked',
  },
  {
    from: ['authorised', 'booking'],
    to: 'booking_failed',
    when: 'the courier refused, the service is gone, or transient failures outlasted the window',
  },
  {
    from: ['booking'],
    to: 'needs_attention',
    when: 'the booking’s outcome is unknown',
  },
  {
    from: ['needs_attention'],
    to: 'booked',
    when: 'an operator found the booking on the courier’s side and entered its reference',
  },
  {
    from: ['needs_attention'],
    to: 'booking_failed',
    when: 'an operator found nothing booked and released the authorisation',
  },
  {
    from: ['booked'],
    to: 'cancelling',
    when: 'the customer or an operator cancelled the booking before the courier collected the boxes',
  },
  {
    from: ['cancelling'],
    to: 'cancelled',
    when: 'the courier confirmed the cancellation',
  },
  {
    from: ['cancelling'],
    to: 'booked',
    when: 'the courier refused the cancellation (it had collected the boxes)',
  },
];

/** Whether an order may move from one status to another. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS.some((t) => t.to === to && t.from.includes(from));
}

/**
 * Statuses in which the customer may still change the order and pay: before payment, and after
 * a booking the courier refused (the authorisation was cancelled).
 */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ['draft', 'booking_failed'];

export function isEditable(status: OrderStatus): boolean {
  return EDITABLE_STATUSES.includes(status);
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Every payment status (docs/orders.md, "Payment states"). */
export const PAYMENT_STATUSES = [
  'requires_payment_method',
  'requires_action',
  'authorised',
  'capture_pending',
  'captured',
  'cancel_pending',
  'cancelled',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * How far a payment has gone: it only moves forward (provider events arrive twice and out of
 * order); the two statuses before authorisation may alternate.
 */
export const PAYMENT_STATUS_RANK: Record<PaymentStatus, number> = {
  requires_payment_method: 0,
  requires_action: 0,
  authorised: 1,
  capture_pending: 2,
  cancel_pending: 2,
  captured: 3,
  cancelled: 3,
  refunded: 4,
};

const BEFORE_AUTHORISATION = ['requires_payment_method', 'requires_action'] as const;
const NOT_SETTLED = [
  ...BEFORE_AUTHORISATION,
  'authorised',
  'capture_pending',
  'cancel_pending',
] as const;

/** The moves a payment may make (docs/orders.md, "Payment states"). */
export const PAYMENT_TRANSITIONS: readonly { from: readonly PaymentStatus[]; to: PaymentStatus }[] =
  [
    { from: BEFORE_AUTHORISATION, to: 'requires_payment_method' },
    { from: BEFORE_AUTHORISATION, to: 'requires_action' },
    { from: BEFORE_AUTHORISATION, to: 'authorised' },
    { from: [...BEFORE_AUTHORISATION, 'authorised', 'capture_pending'], to: 'cancel_pending' },
    { from: ['authorised'], to: 'capture_pending' },
    { from: NOT_SETTLED, to: 'captured' },
    { from: NOT_SETTLED, to: 'cancelled' },
    { from: ['captured', 'cancelled'], to: 'refunded' },
  ];

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS.some((t) => t.to === to && t.from.includes(from));
}
