import type { FastifyInstance } from 'fastify';
import { listAuditLog } from '../../../domain/api/admin/audit-log.js';
import {
  getAdminCoverSettings,
  restoreCoverSettings,
  saveAdminCoverSettings,
} from '../../../domain/api/admin/cover-settings.js';
import { getAdminDashboard } from '../../../domain/api/admin/dashboard.js';
import { getAdminOrder, listAdminOrders } from '../../../domain/api/admin/orders.js';
import {
  cancelAdminOrderAuthorisation,
  refundAdminOrder,
  retryAdminRefund,
  markAdminRefundOutside,
} from '../../../domain/api/admin/payments.js';
import {
  exportRatesCsv,
  getAdminRates,
  listRateVersions,
  previewRatesImport,
  restoreRateVersion,
  saveAdminRates,
} from '../../../domain/api/admin/rates.js';
import { resolveAdminOrder } from '../../../domain/api/admin/resolution.js';
import { addRoute, NO_STORE, routesOn } from '../../http/route.js';
import { operatorOf } from './admin-guard.js';
import type { AdminService } from './admin.service.js';

/** The operator console's routes; the admin guard (admin-guard.ts) has run before each. */
export function adminRoutes(admin: AdminService) {
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);

    add(listAuditLog, async (request) => ({
      entries: await admin.auditLog(request.query.limit, request.query.subject),
    }));

    add(getAdminDashboard, async () => admin.dashboard());
    add(listAdminOrders, async (request) => admin.orders(request.query));
    add(getAdminOrder, async (request) => admin.order(request.params.id));
    add(resolveAdminOrder, async (request) =>
      admin.resolveOrder(operatorOf(request), request.params.id, request.body),
    );
    add(cancelAdminOrderAuthorisation, async (request) =>
      admin.cancelAuthorisation(operatorOf(request), request.params.id),
    );
    add(refundAdminOrder, async (request) =>
      admin.refund(operatorOf(request), request.params.id, request.body),
    );
    add(retryAdminRefund, async (request) =>
      admin.retryRefund(operatorOf(request), request.params.id, request.params.refundId),
    );
    add(markAdminRefundOutside, async (request) =>
      admin.markRefundOutside(
        operatorOf(request),
        request.params.id,
        request.params.refundId,
        request.body,
      ),
    );

    add(getAdminRates, async () => admin.rates());
    add(saveAdminRates, async (request) => admin.saveRates(operatorOf(request), request.body));
    add(listRateVersions, async () => ({ versions: await admin.rateVersions() }));
    add(restoreRateVersion, async (request) =>
      admin.restoreRates(operatorOf(request), request.params.id, request.body.basedOnVersionId),
    );
    add(getAdminCoverSettings, async () => admin.coverSettings());
    add(saveAdminCoverSettings, async (request) =>
      admin.saveCoverSettings(operatorOf(request), request.body),
    );
    add(restoreCoverSettings, async (request) =>
      admin.restoreCoverSettings(
        operatorOf(request),
        request.params.id,
        request.body.basedOnVersionId,
      ),
    );
    add(exportRatesCsv, async (_request, reply) => {
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="boxabroad-rates.csv"');
      return admin.ratesCsv();
    });
    addRoute(
      app,
      previewRatesImport,
      async (request) => admin.previewRatesImport(request.body.csv),
      { ...NO_STORE, bodyLimit: 2 * 1024 * 1024 },
    );
  };
}
