import { desc, eq } from 'drizzle-orm';
import { Repository, type DbExecutor } from '../../db/client.js';
import { adminAuditLog } from '../../db/schema.js';

export type AuditRow = typeof adminAuditLog.$inferSelect;

/** The only code that knows how the audit log is stored. */
export class AuditLogRepository extends Repository {
  async insert(entry: Omit<AuditRow, 'id'>, tx: DbExecutor = this.db): Promise<void> {
    await tx.insert(adminAuditLog).values(entry);
  }

  async list(limit: number, subject?: string): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(adminAuditLog)
      .where(subject ? eq(adminAuditLog.subject, subject) : undefined)
      .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
      .limit(limit);
  }
}
