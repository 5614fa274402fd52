import { renderOrderUpdate, type OrderUpdateInput } from './templates/order-update.js';
import { renderTrackingUpdate, type TrackingUpdateInput } from './templates/tracking-update.js';
import type { Clock } from '../../clock.js';
import { validAddress } from './mail-headers.js';
import type { Queryable } from '../../db/queryable.js';
import type { EnqueueResult, MailOutbox } from './outbox.js';
import {
  renderBookingConfirmation,
  type BookingConfirmationInput,
} from './templates/booking-confirmation.js';
import {
  ORDER_LINK_SUBJECT,
  renderAccountLink,
  SIGN_UP_EXISTING_SUBJECT,
  SIGN_IN_FAILURES_SUBJECT,
  SIGN_UP_LINK_SUBJECT,
  VERIFY_EMAIL_SUBJECT,
} from './templates/account-link.js';
import { renderContactMessage, type ContactEmailInput } from './templates/contact-message.js';
import { renderPasswordReset, type PasswordResetInput } from './templates/password-reset.js';
import {
  renderOperatorInvitation,
  type OperatorInvitationInput,
} from './templates/operator-invitation.js';

export interface EmailConfig {
  /** Where contact form messages go (SALES_EMAIL). */
  salesEmail: string;
  /**
   * Reply-To of every email that invites the customer to reply (REPLY_TO_EMAIL, default
   * SALES_EMAIL): MAIL_FROM is a no-reply address nobody reads.
   */
  replyTo?: string;
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
    options: { idempotencyKey?: string; orderId?: string } = {},
  ): Promise<EnqueueResult> {
    const rendered = renderBookingConfirmation(input, this.context());
    return this.outbox.enqueue(tx, {
      kind: 'booking-confirmation',
      idempotencyKey: options.idempotencyKey ?? `booking-confirmation:${input.orderReference}`,
      to: input.recipient.email,
      ...this.replyTo(),
      ...(options.orderId ? { orderId: options.orderId } : {}),
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

  /** The link that finishes a sign-up (decision 077): nothing exists until it is opened. */
  enqueueSignUpLink(
    tx: Queryable,
    input: { email: string; url: string; requestId: string },
  ): Promise<EnqueueResult> {
    const rendered = renderAccountLink(
      {
        subject: SIGN_UP_LINK_SUBJECT,
        heading: 'Finish creating your account',
        intro:
          'Open this link to confirm your email and finish creating your BoxAbroad account. Orders you booked with this address as a guest will then show in your account.',
        buttonText: 'Create my account',
        url: input.url,
        validity: 'once, for an hour',
        ignore:
          'If you did not try to create a BoxAbroad account, ignore this email: nothing is created.',
      },
      this.context(),
    );
    return this.outbox.enqueue(tx, {
      kind: 'sign-up-link',
      idempotencyKey: `sign-up-link:${input.requestId}`,
      to: input.email,
      ...rendered,
    });
  }

  /**
   * To the owner of an address that already has an account when someone signs up with it: the
   * sign-up page answers the same either way, so only the owner learns of it.
   */
  enqueueSignUpExistingAccount(
    tx: Queryable,
    input: { email: string; signInUrl: string; resetUrl: string; requestId: string },
  ): Promise<EnqueueResult> {
    const rendered = renderAccountLink(
      {
        subject: SIGN_UP_EXISTING_SUBJECT,
        heading: 'You already have an account',
        intro:
          'Someone — maybe you — tried to create an account with this address. Sign in, or reset your password:',
        buttonText: 'Sign in',
        url: input.signInUrl,
        validity: 'as long as your account does',
        ignore: `Forgotten your password? Choose a new one at ${input.resetUrl}. If it was not you, you need do nothing: your account has not changed.`,
      },
      this.context(),
    );
    return this.outbox.enqueue(tx, {
      kind: 'sign-up-existing-account',
      idempotencyKey: `sign-up-existing-account:${input.requestId}`,
      to: input.email,
      ...rendered,
    });
  }

  /**
   * To the owner of an account that wrong passwords, or wrong second-step codes after the right
   * password, were tried on again and again (decision 115): each further try now waits; the
   * owner learns of it, and how to choose a new password.
   */
  enqueueSignInFailures(
    tx: Queryable,
    input: {
      email: string;
      step: 'password' | 'code';
      failures: number;
      resetUrl: string;
      requestId: string;
    },
  ): Promise<EnqueueResult> {
    const rendered = renderAccountLink(
      {
        subject: SIGN_IN_FAILURES_SUBJECT,
        heading: 'Someone is trying to sign in to your account',
        intro:
          input.step === 'password'
            ? `A wrong password has been entered for your BoxAbroad account ${input.failures} times. To protect it, each further try now has to wait longer, from wherever it comes. If it was not you, your password is still safe; if you have forgotten it, choose a new one:`
            : `Your BoxAbroad password was entered correctly, then a wrong two-step sign-in code ${input.failures} times. If it was not you, someone knows your password: choose a new one now.`,
        buttonText: 'Choose a new password',
        url: input.resetUrl,
        validity: 'as long as your account does',
        ignore:
          'If it was you, you need do nothing: you can sign in again once the wait shown on the sign-in page has passed.',
      },
      this.context(),
    );
    return this.outbox.enqueue(tx, {
      kind: 'sign-in-failures',
      idempotencyKey: `sign-in-failures:${input.requestId}`,
      to: input.email,
      ...rendered,
    });
  }

  /** The link that confirms an account's email (after sign-up or a change of email). */
  enqueueEmailVerification(
    tx: Queryable,
    input: { email: string; url: string; requestId: string },
  ): Promise<EnqueueResult> {
    const rendered = renderAccountLink(
      {
        subject: VERIFY_EMAIL_SUBJECT,
        heading: 'Confirm your email',
        intro:
          'Confirm that this address belongs to your BoxAbroad account. Orders you booked with it as a guest will then show in your account.',
        buttonText: 'Confirm my email',
        url: input.url,
        validity: 'for an hour',
        ignore: 'If you did not create a BoxAbroad account, ignore this email.',
      },
      this.context(),
    );
    return this.outbox.enqueue(tx, {
      kind: 'verify-email',
      idempotencyKey: `verify-email:${input.requestId}`,
      to: input.email,
      ...rendered,
    });
  }

  /** An operator's answer about an order (a booking checked with the courier). One per event key. */
  enqueueOrderUpdate(
    tx: Queryable,
    input: OrderUpdateInput & { email: string; idempotencyKey: string; orderId: string },
  ): Promise<EnqueueResult> {
    const rendered = renderOrderUpdate(input, this.context());
    return this.outbox.enqueue(tx, {
      kind: 'order-update',
      idempotencyKey: input.idempotencyKey,
      to: input.email,
      ...this.replyTo(),
      orderId: input.orderId,
      ...rendered,
    });
  }

  /**
   * A tracking email (docs/tracking.md) of kind `tracking-<kind>`, once per idempotency key:
   * the tracking job names each occasion (a box's event, a collection date) in it.
   */
  enqueueTrackingUpdate(
    tx: Queryable,
    input: TrackingUpdateInput & {
      kind: string;
      email: string;
      idempotencyKey: string;
      orderId: string;
    },
  ): Promise<EnqueueResult> {
    const rendered = renderTrackingUpdate(input, this.context());
    return this.outbox.enqueue(tx, {
      kind: `tracking-${input.kind}`,
      idempotencyKey: input.idempotencyKey,
      to: input.email,
      ...this.replyTo(),
      orderId: input.orderId,
      ...rendered,
    });
  }

  /** "Manage my booking": a single-use link that opens one order in the browser that uses it. */
  enqueueOrderLink(
    tx: Queryable,
    input: {
      email: string;
      orderId: string;
      orderReference: string;
      url: string;
      requestId: string;
    },
  ): Promise<EnqueueResult> {
    const rendered = renderAccountLink(
      {
        subject: `${ORDER_LINK_SUBJECT} ${input.orderReference}`,
        heading: `Your booking ${input.orderReference}`,
        intro: `Someone asked to open booking ${input.orderReference}. If it was you, open it here:`,
        buttonText: 'Open my booking',
        url: input.url,
        validity: 'once, for an hour',
        ignore:
          'If you did not ask for this, ignore this email: nobody can open the booking without it.',
      },
      this.context(),
    );
    return this.outbox.enqueue(tx, {
      kind: 'order-link',
      idempotencyKey: `order-link:${input.requestId}`,
      to: input.email,
      orderId: input.orderId,
      ...rendered,
    });
  }

  /** The forgotten-password link. */
  enqueuePasswordReset(tx: Queryable, input: PasswordResetInput): Promise<EnqueueResult> {
    const rendered = renderPasswordReset(input, this.context());
    return this.outbox.enqueue(tx, {
      kind: 'password-reset',
      idempotencyKey: `password-reset:${input.requestId}`,
      to: input.email,
      ...rendered,
    });
  }

  /** `npm run admin:create` for an existing account: the one-time link that makes it an operator. */
  enqueueOperatorInvitation(tx: Queryable, input: OperatorInvitationInput): Promise<EnqueueResult> {
    const rendered = renderOperatorInvitation(input, this.context());
    return this.outbox.enqueue(tx, {
      kind: 'operator-invitation',
      idempotencyKey: `operator-invitation:${input.requestId}`,
      to: input.email,
      ...rendered,
    });
  }

  get siteUrl(): string {
    return this.config.siteUrl;
  }

  /** The business's Reply-To, for an email that invites a reply. */
  private replyTo(): { replyTo?: string } {
    return this.config.replyTo ? { replyTo: this.config.replyTo } : {};
  }

  private context() {
    return { siteUrl: this.config.siteUrl, now: this.clock.now() };
  }
}
