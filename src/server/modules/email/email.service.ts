import type { Clock } from '../../clock.js';
import { validAddress } from './mail-headers.js';
import type { Queryable } from '../../db/queryable.js';
import type { EnqueueResult, MailOutbox } from './outbox.js';
import {
  renderBookingConfirmation,
  type BookingConfirmationInput,
} from './templates/booking-confirmation.js';
import { renderContactMessage, type ContactEmailInput } from './templates/contact-message.js';
import { renderPasswordReset, type PasswordResetInput } from './templates/password-reset.js';

export interface EmailConfig {
  /** Where contact form messages go (SALES_EMAIL). */
  salesEmail: string;
  /** The site's public address, for links in the emails' footer. */
  siteUrl: string;
}

/**
 * The emails the site sends. Each call renders one email and writes it to the outbox through
 * the caller's transaction `tx` (from `database.transaction`), so it is sent if and only if the
 * caller's change commits. Calling twice for the same event enqueues one email.
 * After the commit, `mail.worker.wake()` sends it at once instead of at the next poll.
 */
export class EmailService {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly clock: Clock,
    private readonly config: EmailConfig,
  ) {}

  /**
   * To the collection contact when an order is booked (docs/product-rules.md, "Pay and confirm"). The idempotency
   * key is `booking-confirmation:{orderReference}`; an operator's resend passes its own.
   */
  enqueueBookingConfirmation(
    tx: Queryable,
    input: BookingConfirmationInput,
    options: { idempotencyKey?: string } = {},
  ): Promise<EnqueueResult> {
    const rendered = renderBookingConfirmation(input, this.context());
    return this.outbox.enqueue(tx, {
      kind: 'booking-confirmation',
      idempotencyKey: options.idempotencyKey ?? `booking-confirmation:${input.orderReference}`,
      to: input.recipient.email,
      ...rendered,
    });
  }

  /**
   * A contact form message to the sales mailbox, Reply-To the visitor. A visitor address that
   * is not a single valid address is left out of the headers (it still shows in the body).
   */
  enqueueContactMessage(tx: Queryable, input: ContactEmailInput): Promise<EnqueueResult> {
    const rendered = renderContactMessage(input, this.context());
    const replyTo = validAddress(input.email);
    return this.outbox.enqueue(tx, {
      kind: 'contact-message',
      idempotencyKey: `contact-message:${input.id}`,
      to: this.config.salesEmail,
      ...(replyTo ? { replyTo } : {}),
      ...rendered,
    });
  }

  /** The forgotten-password link (for accounts, still to be built). */
  enqueuePasswordReset(tx: Queryable, input: PasswordResetInput): Promise<EnqueueResult> {
    const rendered = renderPasswordReset(input, this.context());
    return this.outbox.enqueue(tx, {
      kind: 'password-reset',
      idempotencyKey: `password-reset:${input.requestId}`,
      to: input.email,
      ...rendered,
    });
  }

  get siteUrl(): string {
    return this.config.siteUrl;
  }

  private context() {
    return { siteUrl: this.config.siteUrl, now: this.clock.now() };
  }
}
