import { formatPence } from '#src/domain/money.js';
import { renderOrderUpdate } from '../templates/order-update.js';
import { BOOKER, defineOrderEmail, hello } from '../define-email.js';

/** The courier cancelled a booked order: refunded, released, or nothing charged. */
export const bookingCancelledEmail = defineOrderEmail({
  kind: 'booking-cancelled',
  when: 'The courier confirms the cancellation of a booked order (asked by the customer or an operator)',
  to: [...BOOKER, 'contact'],
  replyTo: true,
  key: (
    order,
    _data: {
      byOperator: boolean;
      refundPence: number | null;
      releasing: boolean;
    },
  ) => `order-update:${order.reference}:booking-cancelled`,
  render: (data, { order, ...context }) =>
    renderOrderUpdate(
      {
        subject: `Your booking is cancelled: ${order.reference}`,
        heading: 'Your booking is cancelled',
        paragraphs: [
          hello(order.collectionAddress?.firstName),
          `We have cancelled booking ${order.reference} with the courier${data.byOperator ? ', as you asked us to' : ''}. The courier will not come to collect your boxes.`,
          data.refundPence !== null
            ? `A full refund of ${formatPence(data.refundPence)} is on its way to the card you paid with. We will email you again when the card provider confirms it; banks then take up to 5 working days to show it.`
            : data.releasing
              ? 'We have released the hold on your card: you will not be charged.'
              : 'You have not been charged for this booking.',
          'You are welcome to book again at any time. Reply to this email if you have any question.',
        ],
      },
      context,
    ),
});
