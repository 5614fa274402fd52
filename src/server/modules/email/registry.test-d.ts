/**
 * Type tests, run by `npm run typecheck` (never executed): an email is sent by its registry kind
 * with the data of that kind, so a wrong shape, a kind with no definition or an order email sent
 * to a bare address fails `tsc` (docs/email.md). Each `@ts-expect-error` line must fail to type.
 */
import type { Queryable } from '../../db/queryable.js';
import type { EmailOrder } from './define-email.js';
import type { Emails } from './emails.js';

export async function typedSend(emails: Emails, tx: Queryable, order: EmailOrder): Promise<void> {
  // What the site sends.
  await emails.send(tx, 'cover-raised', order, { changeId: 'c-1', toPence: 9000, paidPence: 80 });
  await emails.send(tx, 'cancel-not-made', order, { outcome: 'refused', changeId: 'c-1' });
  await emails.sendTo(tx, 'verify-email', { email: 'a@example.com', url: 'u', requestId: 'r' });

  // @ts-expect-error `paidPence` is missing
  await emails.send(tx, 'cover-raised', order, { changeId: 'c-1', toPence: 9000 });
  // @ts-expect-error `outcome` is one of two words
  await emails.send(tx, 'cancel-not-made', order, { outcome: 'maybe', changeId: 'c-1' });
  // @ts-expect-error another kind's data
  await emails.send(tx, 'refund', order, { changeId: 'c-1', toPence: 9000, paidPence: 80 });
  // @ts-expect-error no email of that kind
  await emails.send(tx, 'order-update', order, {});
  // @ts-expect-error an email to an address is not sent about an order
  await emails.send(tx, 'password-reset', order, {});
  // @ts-expect-error an email about an order names its order
  await emails.sendTo(tx, 'cover-raised', { changeId: 'c-1', toPence: 9000, paidPence: 80 });
}
