export { operatorOf, operatorRule } from './operator-guard.js';
export type { Operator } from './operator-guard.js';
export { AuditLog } from './audit-log.js';
export type { AuditActor, AuditedChange } from './audit-log.js';
export { auditLogRoutes } from './audit-log.routes.js';
export { AuditLogRepository } from './audit-log.repository.js';
