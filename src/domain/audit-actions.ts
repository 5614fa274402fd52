/**
 * Every action the audit log records: the one list (docs/operators.md, "The audit log"). The
 * audit entry that writes a row (`AuditLog` in `src/server/modules/operator-actions/`) and the
 * table's column take only these names, so an action written anywhere else fails the
 * type-check; the docs' table of actions is checked against this list.
 *
 * `module` is the server module whose operator route (or command) does it, `subject` what the
 * row's subject holds.
 */
export const AUDIT_ACTIONS = {
  'operator.create': {
    module: 'accounts',
    subject: 'the email',
    what: 'An admin account made by `npm run admin:create`',
  },
  'operator.invite': {
    module: 'accounts',
    subject: 'the email',
    what: 'An existing account invited to become an operator',
  },
  'operator.accept': {
    module: 'accounts',
    subject: 'the email',
    what: 'An invitation accepted (the account itself is the actor)',
  },
  'operator.remove': {
    module: 'accounts',
    subject: 'the email',
    what: 'An operator’s role taken away by `npm run admin:remove`',
  },
  'rates.save': {
    module: 'catalog',
    subject: '`rates`',
    what: 'The rate tables saved as a new version',
  },
  'rates.restore': {
    module: 'catalog',
    subject: '`rates`',
    what: 'An earlier version of the rate tables saved again',
  },
  'cover-settings.save': {
    module: 'catalog',
    subject: '`cover-settings`',
    what: 'The cover settings saved as a new version',
  },
  'cover-settings.restore': {
    module: 'catalog',
    subject: '`cover-settings`',
    what: 'An earlier version of the cover settings saved again',
  },
  'order.resolve.booked': {
    module: 'checkout',
    subject: 'the order’s reference',
    what: 'An order needing attention resolved as booked, with the courier’s reference',
  },
  'order.resolve.not_booked': {
    module: 'checkout',
    subject: 'the order’s reference',
    what: 'An order needing attention resolved as not booked: its card hold released',
  },
  'order.authorisation.cancel': {
    module: 'checkout',
    subject: 'the order’s reference',
    what: 'An order cancelled before its booking, with its reason: its card released',
  },
  'order.refund': {
    module: 'checkout',
    subject: 'the order’s reference',
    what: 'A refund asked (once per request key), with its reason',
  },
  'order.refund.retry': {
    module: 'checkout',
    subject: 'the order’s reference',
    what: 'A refund that needs action, or was refused, sent to the card provider again',
  },
  'order.refund.outside': {
    module: 'checkout',
    subject: 'the order’s reference',
    what: 'A refund marked refunded outside the site, with a note',
  },
  'order.document_upload': {
    module: 'checkout',
    subject: 'the order’s reference',
    what: 'A label or document the courier could not give, uploaded',
  },
  'order.resend_confirmation': {
    module: 'checkout',
    subject: 'the order’s reference',
    what: 'The booking confirmation sent again',
  },
  'order.booking.cancel': {
    module: 'booking-changes',
    subject: 'the order’s reference',
    what: 'A booking cancelled for the customer (once per request key), with its reason',
  },
  'claim.ask_info': {
    module: 'claims',
    subject: 'the order’s reference',
    what: 'More information asked of the customer on a claim (the reason is the question)',
  },
  'claim.courier': {
    module: 'claims',
    subject: 'the order’s reference',
    what: 'A claim recorded as sent to the courier, with the courier’s claim reference',
  },
  'claim.approve': {
    module: 'claims',
    subject: 'the order’s reference',
    what: 'A claim approved in full or in part, with the amount and its reason',
  },
  'claim.decline': {
    module: 'claims',
    subject: 'the order’s reference',
    what: 'A claim declined, with the rule and its reason',
  },
  'claim.bank_paid': {
    module: 'claims',
    subject: 'the order’s reference',
    what: 'An approved claim recorded as paid by bank transfer, with the bank’s reference',
  },
  'claim.bank_details_view': {
    module: 'claims',
    subject: 'the order’s reference',
    what: 'A claim’s bank details seen in full by an operator making the transfer, with the reason (never the details)',
  },
  'order.ask_to_pay_again': {
    module: 'my-orders',
    subject: 'the order’s reference',
    what: 'The customer of a failed booking emailed a link to pay again',
  },
  'order.note': {
    module: 'admin',
    subject: 'the order’s reference',
    what: 'An internal note written on the order',
  },
  'message.read': {
    module: 'contact',
    subject: 'the message’s id',
    what: 'A contact message marked read',
  },
  'message.unread': {
    module: 'contact',
    subject: 'the message’s id',
    what: 'A contact message marked unread',
  },
  'mail.retry': {
    module: 'email',
    subject: 'the email’s id',
    what: 'A failed email queued again',
  },
  'mail.send_again': {
    module: 'email',
    subject: 'the email’s id',
    what: 'An email whose delivery is unknown sent again (it may arrive twice)',
  },
  'mail.send_held': {
    module: 'email',
    subject: 'the email’s id',
    what: 'An email held by a restore sent (the recipient may have had it before the restore)',
  },
  'mail.discard': {
    module: 'email',
    subject: 'the email’s id',
    what: 'An email held by a restore discarded: never sent',
  },
} as const satisfies Record<string, { module: string; subject: string; what: string }>;

/** An action the audit log records: a name of `AUDIT_ACTIONS`, and no other. */
export type AuditAction = keyof typeof AUDIT_ACTIONS;
