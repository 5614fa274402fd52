import type { EmailKind } from '#src/domain/email-kinds.js';
import { renderOrderUpdate } from '../templates/order-update.js';
import {
  BOOKER,
  defineOrderEmail,
  hello,
  type EmailOrder,
  type OrderEmailDefinition,
} from '../define-email.js';

/** What every claim email is about: the claim, and its box (1-based). */
export interface ClaimEmailData {
  claimId: string;
  boxNumber: number;
}

/**
 * One email about a customer's claim: to the person who booked, inviting a reply, keyed
 * `order-update:<reference>:<kind>:<claim id>` (and `:<occasion>` for an event a claim can have
 * more than once); it greets the collection contact, then says its own paragraphs.
 */
export function defineClaimEmail<Kind extends EmailKind, Data extends ClaimEmailData>(definition: {
  kind: Kind;
  when: string;
  /** What tells apart two of these emails about one claim (a question asked each time). */
  occasion?: (data: Data) => string;
  subject: (data: Data, order: EmailOrder) => string;
  heading: string;
  paragraphs: (data: Data, order: EmailOrder) => string[];
}): OrderEmailDefinition<Kind, Data> {
  const { kind, occasion } = definition;
  return defineOrderEmail({
    kind,
    when: definition.when,
    to: [...BOOKER],
    replyTo: true,
    key: (order, data: Data) =>
      `order-update:${order.reference}:${kind}:${data.claimId}${occasion ? `:${occasion(data)}` : ''}`,
    render: (data, { order, ...context }) =>
      renderOrderUpdate(
        {
          subject: definition.subject(data, order),
          heading: definition.heading,
          paragraphs: [
            hello(order.collectionAddress?.firstName),
            ...definition.paragraphs(data, order),
          ],
        },
        context,
      ),
  });
}
