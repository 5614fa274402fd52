import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { renderOrderUpdate } from '../templates/order-update.js';
import { BOOKER, defineOrderEmail, hello } from '../define-email.js';

/**
 * The collection contact changed: the new contact, the one before (a change nobody asked for
 * reaches them) and the person who booked.
 */
export const contactChangedEmail = defineOrderEmail({
  kind: 'contact-changed',
  when: 'The courier has the new phone, email or instructions of a collection contact change',
  to: [...BOOKER, 'contact', 'previous-contact'],
  replyTo: true,
  key: (
    order,
    data: {
      changeId: string;
      collectionDate: string;
      previous: { email: string; firstName: string };
      next: { phone: string; email: string; instructions?: string | undefined };
    },
  ) => `order-update:${order.reference}:contact:${data.changeId}`,
  parties: (data) => ({ 'previous-contact': data.previous }),
  render: (data, { order, ...context }) =>
    renderOrderUpdate(
      {
        subject: `Your collection contact is updated: ${order.reference}`,
        heading: 'Your collection contact is updated',
        paragraphs: [
          hello(data.previous.firstName),
          `The courier now has these details for collecting booking ${order.reference} on ${formatCalendarDate(data.collectionDate)}: phone ${data.next.phone}, email ${data.next.email}${data.next.instructions ? `, instructions “${data.next.instructions}”` : ', no instructions'}.`,
          'Your labels stay valid. Reply to this email if you did not ask for this change.',
        ],
      },
      context,
    ),
});
