import type { FastifyInstance } from 'fastify';
import {
  getAdminOrderDocument,
  listAdminOrderDocuments,
  uploadAdminOrderDocument,
  MAX_UPLOAD_PDF_BYTES,
} from '../../../domain/api/admin/documents.js';
import { listAdminMail, retryAdminMail } from '../../../domain/api/admin/mail.js';
import { listAdminMessages, markAdminMessage } from '../../../domain/api/admin/messages.js';
import { addAdminOrderNote, listAdminOrderNotes } from '../../../domain/api/admin/notes.js';
import {
  resendAdminConfirmation,
  askAdminOrderPayAgain,
} from '../../../domain/api/admin/order-emails.js';
import { addRoute, NO_STORE, routesOn } from '../../http/route.js';
import { operatorOf } from './admin-guard.js';
import type { AdminInbox } from './admin-inbox.js';
import type { AdminOrderExtras } from './admin-order-extras.js';

/**
 * The console's messages, mail and an order's documents, notes and confirmation email; the
 * admin guard (admin-guard.ts) has run before each.
 */
export function adminInboxRoutes(inbox: AdminInbox, extras: AdminOrderExtras) {
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);

    add(listAdminMessages, async (request) => inbox.messages(request.query.filter));
    add(markAdminMessage, async (request) =>
      inbox.markMessage(operatorOf(request), request.params.id, request.body.read),
    );
    add(listAdminMail, async (request) => inbox.mail(request.query.filter));
    add(retryAdminMail, async (request) =>
      inbox.retryMail(
        operatorOf(request),
        request.params.id,
        request.body.expected,
        request.body.mayArriveTwice === true,
      ),
    );

    add(listAdminOrderDocuments, async (request) => extras.documents(request.params.id));
    addRoute(
      app,
      getAdminOrderDocument,
      async ({ params }, reply) => {
        const doc = await extras.document(params.id, params.documentId);
        reply
          .header('content-type', doc.contentType)
          .header('content-disposition', `attachment; filename="${doc.filename}"`);
        return Buffer.from(doc.content);
      },
      { cacheControl: 'private, no-store' },
    );
    add(listAdminOrderNotes, async (request) => extras.notes(request.params.id));
    add(addAdminOrderNote, async (request) =>
      extras.addNote(operatorOf(request), request.params.id, request.body.body),
    );
    addRoute(
      app,
      uploadAdminOrderDocument,
      async (request) =>
        extras.uploadDocument(operatorOf(request), request.params.id, request.body),
      { ...NO_STORE, bodyLimit: Math.ceil(MAX_UPLOAD_PDF_BYTES / 3) * 4 + 4096 },
    );
    add(resendAdminConfirmation, async (request) =>
      extras.resendConfirmation(operatorOf(request), request.params.id),
    );
    add(askAdminOrderPayAgain, async (request) =>
      extras.askToPayAgain(operatorOf(request), request.params.id),
    );
  };
}
