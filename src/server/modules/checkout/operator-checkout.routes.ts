import type { FastifyInstance } from 'fastify';
import {
  getAdminOrderDocument,
  listAdminOrderDocuments,
  MAX_UPLOAD_PDF_BYTES,
  uploadAdminOrderDocument,
  resendAdminConfirmation,
} from '#src/domain/api/admin/order-extras.js';
import {
  cancelAdminOrderAuthorisation,
  markAdminRefundOutside,
  refundAdminOrder,
  retryAdminRefund,
  resolveAdminOrder,
} from '#src/domain/api/admin/payments.js';
import { getAdminRestore } from '#src/domain/api/admin/restore.js';
import { addRoute, NO_STORE, routesOn } from '../../http/route.js';
import { operatorOf } from '../operator-actions/index.js';
import type { OperatorCheckout } from './operator-checkout.js';

/**
 * The console's actions on an order's payment, booking and documents (operators only, by
 * declaration).
 */
export function operatorCheckoutRoutes(checkout: OperatorCheckout) {
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);

    add(getAdminRestore, async () => checkout.lastRestore());
    add(resolveAdminOrder, async (request) =>
      checkout.resolve(operatorOf(request), request.params.id, request.body),
    );
    add(cancelAdminOrderAuthorisation, async (request) =>
      checkout.cancelAuthorisation(operatorOf(request), request.params.id, request.body.reason),
    );
    add(refundAdminOrder, async (request) =>
      checkout.refund(operatorOf(request), request.params.id, request.body),
    );
    add(retryAdminRefund, async (request) =>
      checkout.retryRefund(operatorOf(request), request.params.id, request.params.refundId),
    );
    add(markAdminRefundOutside, async (request) =>
      checkout.markRefundOutside(
        operatorOf(request),
        request.params.id,
        request.params.refundId,
        request.body,
      ),
    );

    add(listAdminOrderDocuments, async (request) => checkout.documents(request.params.id));
    addRoute(
      app,
      getAdminOrderDocument,
      async ({ params }, reply) => {
        const doc = await checkout.document(params.id, params.documentId);
        reply
          .header('content-type', doc.contentType)
          .header('content-disposition', `attachment; filename="${doc.filename}"`);
        return Buffer.from(doc.content);
      },
      { cacheControl: 'private, no-store' },
    );
    addRoute(
      app,
      uploadAdminOrderDocument,
      async (request) =>
        checkout.uploadDocument(operatorOf(request), request.params.id, request.body),
      { ...NO_STORE, bodyLimit: Math.ceil(MAX_UPLOAD_PDF_BYTES / 3) * 4 + 4096 },
    );
    add(resendAdminConfirmation, async (request) =>
      checkout.resendConfirmation(operatorOf(request), request.params.id),
    );
  };
}
