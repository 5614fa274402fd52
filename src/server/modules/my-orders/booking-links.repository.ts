import { and, eq, gt, isNull } from 'drizzle-orm';
import { retryableTransaction, type Db, type DbExecutor } from '../../db/client.js';
import { bookingLinks } from '../../db/schema.js';

/** "Manage my booking" links (migration 0015): the only code that reads or writes them. */
export class BookingLinksRepository {
  constructor(private readonly db: Db) {}

  /**
   * A transaction on links (and the email queued with one), run again when its connection is
   * lost before COMMIT (decision 092): its callback may only read and write the database.
   */
  transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return retryableTransaction(this.db, fn);
  }

  async insert(
    link: { tokenHash: string; orderId: string; createdAt: Date; expiresAt: Date },
    tx: DbExecutor = this.db,
  ): Promise<void> {
    await tx.insert(bookingLinks).values(link);
  }

  /**
   * Uses a link: marks it used and returns its order, in one statement, only if it is unused and
   * unexpired, so two requests with the same link cannot both open the order.
   */
  async use(tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(bookingLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(bookingLinks.tokenHash, tokenHash),
          isNull(bookingLinks.usedAt),
          gt(bookingLinks.expiresAt, now),
        ),
      )
      .returning({ orderId: bookingLinks.orderId });
    return row?.orderId;
  }
}
