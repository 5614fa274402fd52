import { ORDER_LINK_SUBJECT, renderAccountLink } from '../templates/account-link.js';
import { defineAddressEmail } from '../define-email.js';

/** "Manage my booking": a single-use link that opens one order in the browser that uses it. */
export const orderLinkEmail = defineAddressEmail({
  kind: 'order-link',
  when: 'Someone asks “Manage my booking” with the order’s reference and an email the order knows',
  who: 'the address asked with (the person who booked, or the collection contact)',
  replyTo: 'none',
  key: (data: {
    email: string;
    orderId: string;
    orderReference: string;
    url: string;
    requestId: string;
  }) => `order-link:${data.requestId}`,
  address: (data) => data.email,
  orderId: (data) => data.orderId,
  render: (data, context) =>
    renderAccountLink(
      {
        subject: `${ORDER_LINK_SUBJECT} ${data.orderReference}`,
        heading: `Your booking ${data.orderReference}`,
        intro: `Someone asked to open booking ${data.orderReference}. If it was you, open it here:`,
        buttonText: 'Open my booking',
        url: data.url,
        validity: 'once, for an hour',
        ignore:
          'If you did not ask for this, ignore this email: nobody can open the booking without it.',
      },
      context,
    ),
});
