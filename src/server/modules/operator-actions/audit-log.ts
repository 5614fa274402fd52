import type { AuditEntry } from '#src/domain/api/admin/audit-log.js';
import type { AuditAction } from '#src/domain/audit-actions.js';
import type { Clock } from '../../clock.js';
import type { DbExecutor, DbTransaction } from '../../db/client.js';
import type { AuditLogRepository } from './audit-log.repository.js';

/** Who did it: an operator of the console, or the server's own command line (`admin:create`). */
export interface AuditActor {
  id: string;
  email: string;
}

/** What an audited change hands back: its result and what its audit row records. */
export interface AuditedChange<T> {
  result: T;
  details?: Record<string, unknown>;
  /** A repeated request that changed nothing is not recorded again. */
  repeated?: boolean;
}

/**
 * The one audit entry (docs/operators.md, "Operator actions"): every operator action, whichever
 * module declares its route, runs its change through `act`, which writes the audit row in the
 * change's own transaction, so there is no change without its record and no record without its
 * change. The action is one of `AUDIT_ACTIONS` (src/domain/audit-actions.ts), checked by tsc.
 */
export class AuditLog {
  constructor(
    private readonly repository: AuditLogRepository,
    private readonly clock: Clock,
  ) {}

  /** Runs a change and its audit row in one transaction; the change's result is returned. */
  act<T>(
    actor: AuditActor,
    action: AuditAction,
    subject: string,
    change: (tx: DbTransaction) => Promise<AuditedChange<T>>,
  ): Promise<T> {
    return this.repository.transaction(async (tx) => {
      const { result, details, repeated } = await change(tx);
      if (!repeated) await this.record(actor, action, subject, details ?? {}, tx);
      return result;
    });
  }

  /**
   * The audit row alone, in the caller's transaction: for a change that has its own (the operator
   * commands of `accounts`, which also run without the site).
   */
  async record(
    actor: AuditActor,
    action: AuditAction,
    subject: string,
    details: Record<string, unknown>,
    tx?: DbExecutor,
  ): Promise<void> {
    await this.repository.insert(
      {
        at: this.clock.now(),
        adminId: actor.id,
        adminEmail: actor.email,
        action,
        subject,
        details,
      },
      tx,
    );
  }

  /** The latest rows, newest first; of one subject (an order's reference…) when it is given. */
  async entries(limit: number, subject?: string): Promise<AuditEntry[]> {
    const rows = await this.repository.list(limit, subject);
    return rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      adminEmail: r.adminEmail,
      action: r.action,
      subject: r.subject,
      details: r.details,
    }));
  }
}
