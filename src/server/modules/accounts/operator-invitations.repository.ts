import { and, eq, gt, isNull } from 'drizzle-orm';
import { Repository, type DbExecutor } from '../../db/client.js';
import { operatorInvitations } from '../../db/schema.js';

export type InvitationRow = typeof operatorInvitations.$inferSelect;

/** The only code that knows how operator invitations are stored (migration 0120). */
export class OperatorInvitationsRepository extends Repository {
  async insert(row: Omit<InvitationRow, 'usedAt'>, tx: DbExecutor = this.db): Promise<void> {
    await tx.insert(operatorInvitations).values(row);
  }

  /** The email of an invitation that can still be used (unused, not expired); else undefined. */
  async findUsable(tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .select({ email: operatorInvitations.email })
      .from(operatorInvitations)
      .where(
        and(
          eq(operatorInvitations.tokenHash, tokenHash),
          isNull(operatorInvitations.usedAt),
          gt(operatorInvitations.expiresAt, now),
        ),
      );
    return row?.email;
  }

  /** Uses an invitation: its email, once, while it has not expired; else undefined. */
  async claim(tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(operatorInvitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(operatorInvitations.tokenHash, tokenHash),
          isNull(operatorInvitations.usedAt),
          gt(operatorInvitations.expiresAt, now),
        ),
      )
      .returning({ email: operatorInvitations.email });
    return row?.email;
  }

  /** Spends every unused invitation to this address. */
  async voidFor(email: string, now: Date): Promise<void> {
    await this.db
      .update(operatorInvitations)
      .set({ usedAt: now })
      .where(and(eq(operatorInvitations.email, email), isNull(operatorInvitations.usedAt)));
  }
}
