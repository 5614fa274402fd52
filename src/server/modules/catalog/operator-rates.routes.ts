import type { FastifyInstance } from 'fastify';
import {
  getAdminCoverSettings,
  restoreCoverSettings,
  saveAdminCoverSettings,
  exportRatesCsv,
  getAdminRates,
  listRateVersions,
  previewRatesImport,
  restoreRateVersion,
  saveAdminRates,
} from '#src/domain/api/admin/rates.js';
import { addRoute, NO_STORE, routesOn } from '../../http/route.js';
import { operatorOf } from '../operator-actions/index.js';
import type { OperatorRates } from './operator-rates.js';

/** The console's rates page: rate tables and cover settings (operators only, by declaration). */
export function operatorRatesRoutes(rates: OperatorRates) {
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);

    add(getAdminRates, async () => rates.rates());
    add(saveAdminRates, async (request) => rates.saveRates(operatorOf(request), request.body));
    add(listRateVersions, async () => ({ versions: await rates.rateVersions() }));
    add(restoreRateVersion, async (request) =>
      rates.restoreRates(operatorOf(request), request.params.id, request.body.basedOnVersionId),
    );
    add(exportRatesCsv, async (_request, reply) => {
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="boxabroad-rates.csv"');
      return rates.ratesCsv();
    });
    addRoute(
      app,
      previewRatesImport,
      async (request) => rates.previewRatesImport(request.body.csv),
      { ...NO_STORE, bodyLimit: 2 * 1024 * 1024 },
    );

    add(getAdminCoverSettings, async () => rates.coverSettings());
    add(saveAdminCoverSettings, async (request) =>
      rates.saveCoverSettings(operatorOf(request), request.body),
    );
    add(restoreCoverSettings, async (request) =>
      rates.restoreCoverSettings(
        operatorOf(request),
        request.params.id,
        request.body.basedOnVersionId,
      ),
    );
  };
}
