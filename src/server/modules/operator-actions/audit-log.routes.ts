import type { FastifyInstance } from 'fastify';
import { listAuditLog } from '#src/domain/api/admin/audit-log.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import type { AuditLog } from './audit-log.js';

/** The audit log's route; the `operator` access rule (operator-guard.ts) has run before it. */
export function auditLogRoutes(audit: AuditLog) {
  return async function register(app: FastifyInstance) {
    routesOn(app, NO_STORE)(listAuditLog, async (request) => ({
      entries: await audit.entries(request.query.limit, request.query.subject),
    }));
  };
}
