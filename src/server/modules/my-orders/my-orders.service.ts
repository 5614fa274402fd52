import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SessionUser } from '#src/domain/accounts.js';
import { ACCOUNT_MESSAGES } from '#src/domain/accounts.js';
import type { AccountOrder, AccountOrderDetails } from '#src/domain/api/my-orders.js';
import { lastBookingStep } from '#src/domain/booking-progress.js';
import { ORDER_NOT_FOUND } from '#src/domain/order.js';
import { isEditable } from '#src/domain/order-states.js';
import type { TrackingStatus } from '#src/domain/tracking.js';
import { PAY_AGAIN_LINK_DAYS } from '#src/domain/api/admin/order-extras.js';
import type { Clock } from '../../clock.js';
import type { DbExecutor, DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { Limit, RateLimiter } from '../../http/rate-limiter.js';
import type { CheckoutService } from '../checkout/index.js';
import type { MailDeps } from '../email/index.js';
import {
  type OrderAccess,
  toOrderView,
  type OrderRow,
  type OrdersService,
} from '../orders/index.js';
import type { BookingLinksRepository } from './booking-links.repository.js';

/** How long a "Manage my booking" link works (once). */
export const BOOKING_LINK_MINUTES = 60;

export const NOT_BOOKING_FAILED = {
  code: 'ORDER_NOT_BOOKING_FAILED',
  message: (status: string) =>
    `Only an order whose booking failed can be offered another try; this order is ${status.replace('_', ' ')}. Reload the order to see where it stands.`,
} as const;

const MINUTE = 60;
/** Per address, both booking-link routes count under the `bookingLinks` route limit. */
export const BOOKING_LINK_LIMITS = {
  /** One order's mailbox is not flooded, and its email not guessed at length. */
  perReference: { max: 3, windowSeconds: 60 * MINUTE },
} satisfies Record<string, Limit>;

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
const sameEmail = (a: string | null | undefined, b: string) =>
  !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

export function toAccountOrder(
  row: OrderRow & { discardable: boolean },
  trackingStatus: TrackingStatus | null,
): AccountOrder {
  const view = toOrderView(row);
  return {
    id: view.id,
    reference: view.reference,
    status: view.status,
    trackingStatus,
    inProgress: isEditable(row.status),
    createdAt: view.createdAt,
    collectionDate: view.collectionDate,
    collection: view.collection,
    destination: view.destination,
    totalBoxes: view.totalBoxes,
    pricePence: view.pricePence,
    updatedAt: row.updatedAt.toISOString(),
    lastStep: lastBookingStep({
      hasCollectionAddress: row.collectionAddress !== null,
      hasDeliveryAddress: row.deliveryAddress !== null,
      hasCollectionDate: row.collectionDate !== null,
      declaredAt: row.declaredAt,
      termsAcceptedAt: row.termsAcceptedAt,
    }),
    discardable: row.discardable,
  };
}

/**
 * A customer's orders outside the booking journey: the account page's list and order pages, and
 * "Manage my booking" for guests (docs/accounts.md). Who may open an order is decided as for
 * every order route: the account's own orders, and guest orders of its verified email.
 */
export class MyOrdersService {
  constructor(
    private readonly deps: {
      orders: OrdersService;
      checkout: Pick<CheckoutService, 'status'>;
      access: Pick<OrderAccess, 'grant'>;
      links: BookingLinksRepository;
      limiter: RateLimiter;
      mail: Pick<MailDeps, 'emails' | 'worker'>;
      clock: Clock;
      siteUrl: string;
    },
  ) {}

  async list(user: SessionUser): Promise<AccountOrder[]> {
    const rows = await this.deps.orders.listForAccount(user.id, verifiedEmailOf(user));
    const tracking = await this.deps.orders.trackingStatuses(rows);
    return rows.map((row) => toAccountOrder(row, tracking.get(row.id) ?? null));
  }

  async details(user: SessionUser, reference: string): Promise<AccountOrderDetails> {
    const row = await this.deps.orders.findForAccount(
      reference.trim().toUpperCase(),
      user.id,
      verifiedEmailOf(user),
    );
    if (!row) throw new ApiError(404, ORDER_NOT_FOUND.code, ORDER_NOT_FOUND.message);
    const [order, checkout] = await Promise.all([
      this.deps.orders.get(row.id),
      this.deps.checkout.status(row.id),
    ]);
    return { order, checkout };
  }

  /**
   * Emails a single-use link to the email asked with when the reference matches and the email is
   * the booker's or the collection contact's; the caller answers the same either way.
   */
  async requestLink(input: { reference: string; email: string }): Promise<void> {
    const reference = input.reference.trim().toUpperCase();
    await this.deps.limiter.hit([
      { key: `booking-link:reference:${reference}`, limit: BOOKING_LINK_LIMITS.perReference },
    ]);
    const order = await this.deps.orders.findByReference(reference);
    // The person who booked, or the collection contact: the link goes to the address asked with.
    const known = [order?.bookerEmail, order?.collectionAddress?.email];
    const email = known.find((e): e is string => !!e && sameEmail(e, input.email));
    if (!order || !email) return;
    await this.deps.links.transaction(async (tx) => {
      const token = await this.newLink(order.id, BOOKING_LINK_MINUTES * 60_000, tx);
      await this.deps.mail.emails.sendTo(tx, 'order-link', {
        email,
        orderId: order.id,
        orderReference: order.reference,
        url: `${this.deps.siteUrl.replace(/\/$/, '')}/manage-booking?token=${token}`,
        requestId: randomUUID(),
      });
    });
    this.deps.mail.worker.wake();
  }

  /**
   * An operator asks the customer of a `booking_failed` order to try again (docs/operators.md):
   * in the caller's transaction, under the order's row lock, the state is checked, a single-use
   * link is made (valid {@link PAY_AGAIN_LINK_DAYS} days) and the email carrying it is queued.
   */
  async invitePayAgain(
    orderId: string,
    tx: DbTransaction,
  ): Promise<{ reference: string; mailId: string; to: string; expiresAt: Date }> {
    const order = await this.deps.orders.lock(orderId, tx);
    if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    if (order.status !== 'booking_failed') {
      throw new ApiError(409, NOT_BOOKING_FAILED.code, NOT_BOOKING_FAILED.message(order.status));
    }
    const validMs = PAY_AGAIN_LINK_DAYS * 24 * 60 * 60_000;
    const expiresAt = new Date(this.deps.clock.now().getTime() + validMs);
    const token = await this.newLink(orderId, validMs, tx);
    const site = this.deps.siteUrl.replace(/\/$/, '');
    const [queued, ...others] = await this.deps.mail.emails.send(tx, 'pay-again', order, {
      url: `${site}/manage-booking?token=${token}`,
      days: PAY_AGAIN_LINK_DAYS,
      manageUrl: `${site}/manage-booking`,
      requestId: randomUUID(),
    });
    if (!queued)
      throw new ApiError(409, 'NO_CUSTOMER_EMAIL', 'This order has no email to write to.');
    const to = [queued, ...others].map((sent) => sent.to).join(', ');
    return { reference: order.reference, mailId: queued.id, to, expiresAt };
  }

  /** Stores a new single-use link to the order (only its hash), valid this long; returns its token. */
  private async newLink(orderId: string, validMs: number, tx: DbExecutor): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.deps.clock.now();
    await this.deps.links.insert(
      {
        tokenHash: hash(token),
        orderId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + validMs),
      },
      tx,
    );
    return token;
  }

  /** Uses a link once: from now on this browser (and account, if the order has none) opens the order. */
  async openLink(
    token: string,
    viewer: { guestHash: string; userId: string | null },
  ): Promise<{ orderId: string; reference: string }> {
    const orderId = await this.deps.links.use(hash(token), this.deps.clock.now());
    if (!orderId) {
      throw new ApiError(410, 'BOOKING_LINK_INVALID', ACCOUNT_MESSAGES.bookingLinkInvalid);
    }
    await this.deps.access.grant(orderId, viewer);
    const order = await this.deps.orders.get(orderId);
    return { orderId, reference: order.reference };
  }
}

function verifiedEmailOf(user: SessionUser): string | null {
  return user.emailVerified ? user.email : null;
}
