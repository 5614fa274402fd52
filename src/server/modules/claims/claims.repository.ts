import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db, DbExecutor, DbTransaction } from '../../db/client.js';
import { claimEvents, claimEvidence, claims } from '../../db/schema.js';

export type ClaimRow = typeof claims.$inferSelect;
export type NewClaimRow = typeof claims.$inferInsert;
export type ClaimEventRow = typeof claimEvents.$inferSelect;
export type NewClaimEventRow = typeof claimEvents.$inferInsert;
export type ClaimEvidenceRow = typeof claimEvidence.$inferSelect;
export type NewClaimEvidenceRow = typeof claimEvidence.$inferInsert;
export type ClaimChanges = Partial<Omit<NewClaimRow, 'id' | 'orderId' | 'requestKey'>>;

/** The final states: a claim in one is done. */
const FINAL = ['declined', 'paid'] as const;

/**
 * The only code that reads and writes `claims` and `claim_events` (migration 0192) and
 * `claim_evidence` (migration 0193).
 */
export class ClaimsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: DbTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * Adds a claim unless its request key was used before (then the claim with that key), or its
   * box has a claim that is not declined (then null: the partial unique index refused it).
   */
  async insert(
    row: NewClaimRow,
    tx: DbExecutor,
  ): Promise<{ claim: ClaimRow; created: boolean } | null> {
    const [created] = await tx.insert(claims).values(row).onConflictDoNothing().returning();
    if (created) return { claim: created, created: true };
    const earlier = await this.byRequestKey(row.requestKey, tx);
    return earlier ? { claim: earlier, created: false } : null;
  }

  async byRequestKey(key: string, tx: DbExecutor = this.db): Promise<ClaimRow | undefined> {
    const [row] = await tx.select().from(claims).where(eq(claims.requestKey, key));
    return row;
  }

  async byId(id: string, tx: DbExecutor = this.db): Promise<ClaimRow | undefined> {
    const [row] = await tx.select().from(claims).where(eq(claims.id, id));
    return row;
  }

  /** The claim, its row locked until the transaction ends: the state an action re-checks. */
  async lock(id: string, tx: DbTransaction): Promise<ClaimRow | undefined> {
    const [row] = await tx.select().from(claims).where(eq(claims.id, id)).for('update');
    return row;
  }

  async byRefundId(refundId: string, tx: DbExecutor): Promise<ClaimRow | undefined> {
    const [row] = await tx.select().from(claims).where(eq(claims.refundId, refundId));
    return row;
  }

  /** Every claim of an order, oldest first. */
  listForOrder(orderId: string, tx: DbExecutor = this.db): Promise<ClaimRow[]> {
    return tx
      .select()
      .from(claims)
      .where(eq(claims.orderId, orderId))
      .orderBy(asc(claims.createdAt), asc(claims.id));
  }

  /** The claims not in a final state (or every claim), longest in their state first. */
  queue(all: boolean, limit: number): Promise<ClaimRow[]> {
    return this.db
      .select()
      .from(claims)
      .where(all ? undefined : notInArray(claims.state, [...FINAL]))
      .orderBy(asc(claims.stateEnteredAt), asc(claims.id))
      .limit(limit);
  }

  /** Writes a locked claim's changes. */
  async update(id: string, changes: ClaimChanges, tx: DbTransaction): Promise<ClaimRow> {
    const [row] = await tx.update(claims).set(changes).where(eq(claims.id, id)).returning();
    if (!row) throw new Error(`claim ${id} vanished`);
    return row;
  }

  async addEvent(row: NewClaimEventRow, tx: DbExecutor): Promise<void> {
    await tx.insert(claimEvents).values(row);
  }

  /** The events of these claims, oldest first. */
  events(claimIds: readonly string[], tx: DbExecutor = this.db): Promise<ClaimEventRow[]> {
    if (claimIds.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(claimEvents)
      .where(inArray(claimEvents.claimId, [...claimIds]))
      .orderBy(asc(claimEvents.seq));
  }

  /** The evidence files of these claims, oldest first. */
  evidence(claimIds: readonly string[], tx: DbExecutor = this.db): Promise<ClaimEvidenceRow[]> {
    if (claimIds.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(claimEvidence)
      .where(inArray(claimEvidence.claimId, [...claimIds]))
      .orderBy(asc(claimEvidence.seq));
  }

  async addEvidence(row: NewClaimEvidenceRow, tx: DbExecutor): Promise<ClaimEvidenceRow> {
    const [added] = await tx.insert(claimEvidence).values(row).returning();
    if (!added) throw new Error('claim evidence not written');
    return added;
  }
}
