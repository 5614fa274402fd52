import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { renderOrderUpdate } from '../templates/order-update.js';
import { BOOKER, defineOrderEmail, hello } from '../define-email.js';

/**
 * A date or contact change the courier did not make: refused after the request had answered, or
 * found not made when the courier was asked (decision 138). Nothing changed, and we say so.
 */
export const changeNotMadeEmail = defineOrderEmail({
  kind: 'change-not-made',
  when: 'A date or contact change whose answer came late or was in doubt ends without the courier making it',
  to: [...BOOKER, 'contact'],
  replyTo: true,
  key: (
    order,
    data: {
      changeId: string;
      change: 'collection_date' | 'contact';
      outcome: 'failed' | 'refused';
      /** The collection day in force, as before. */
      collectionDate: string;
    },
  ) => `order-update:${order.reference}:change-not-made:${data.changeId}`,
  render: (data, { order, ...context }) =>
    renderOrderUpdate(
      {
        subject: `Your booking has not changed: ${order.reference}`,
        heading: 'Your booking has not changed',
        paragraphs: [
          hello(order.collectionAddress?.firstName),
          `${data.outcome === 'refused' ? 'The courier could not make' : 'We have checked with the courier'} the change you asked for on booking ${order.reference}. ${
            data.change === 'collection_date'
              ? `The courier did not move your collection: it still collects on ${formatCalendarDate(data.collectionDate)}, as before, and your labels stay as they are.`
              : 'The courier did not take the new collection contact: it still has the previous phone, email and instructions.'
          }`,
          'You can ask for the change again from your order page, or reply to this email.',
        ],
      },
      context,
    ),
});
