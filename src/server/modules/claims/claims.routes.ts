import type { FastifyInstance } from 'fastify';
import {
  answerClaim,
  approveClaim,
  askClaimInfo,
  declineClaim,
  downloadAdminClaimEvidence,
  downloadClaimEvidence,
  getAdminClaim,
  getAdminClaimEvidence,
  getAdminClaims,
  getClaimEvidencePack,
  getClaimOptions,
  giveClaimBankDetails,
  listClaimEvidence,
  listClaims,
  openClaim,
  quoteClaim,
  recordClaimBankPayment,
  revealClaimBankDetails,
  sendClaimToCourier,
  uploadClaimEvidence,
} from '#src/domain/api/claims.js';
import { MAX_EVIDENCE_FILE_BYTES } from '#src/domain/claims.js';
import type { AuditAction } from '#src/domain/audit-actions.js';
import type { DbTransaction } from '../../db/client.js';
import { addRoute, NO_STORE, routesOn } from '../../http/route.js';
import { operatorOf, type AuditActor, type AuditLog } from '../operator-actions/index.js';
import type { ClaimBankDetails } from './claim-bank-details.js';
import type { ClaimDecisions } from './claim-decisions.js';
import { EVIDENCE_LIMITS, evidenceRefusal, type ClaimEvidence } from './claim-evidence.js';
import type { ClaimsService } from './claims.service.js';

/** What the claims routes call. */
export interface ClaimsParts {
  claims: ClaimsService;
  decisions: ClaimDecisions;
  evidence: ClaimEvidence;
  bankDetails: ClaimBankDetails;
}

/**
 * The routes of claims (docs/claims.md, "API"): the customer's under the order (whoever may open
 * it), and the console's queue and actions, each action one audited change (`AuditLog.act`).
 */
export function claimsRoutes(parts: ClaimsParts, audit: Pick<AuditLog, 'act'>) {
  const { claims, decisions } = parts;
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);
    await app.register(evidenceUploadRoute(parts.evidence));
    evidenceRoutes(app, parts);
    add(getClaimOptions, async (request) => claims.options(request.params.id));
    add(quoteClaim, async (request) => claims.quote(request.params.id, request.body.items));
    add(openClaim, async (request, reply) => {
      const claim = await claims.open(request.params.id, request.body);
      reply.status(201);
      return claim;
    });
    add(listClaims, async (request) => ({ claims: await claims.list(request.params.id) }));
    add(answerClaim, async (request) =>
      claims.answer(request.params.id, request.params.claimId, request.body.message),
    );
    add(getAdminClaims, async (request) => ({
      claims: await decisions.queue(request.query.all === 'true'),
    }));
    add(getAdminClaim, async (request) => decisions.detail(request.params.claimId));
    operatorActionRoutes(app, claims, decisions, audit);
    bankDetailsRoutes(app, parts, audit);
  };
}

/**
 * The upload of one evidence file: its bytes are the body, whatever media type it says (the
 * content decides), read only up to the file limit; over it, the customer's "too large" message.
 */
function evidenceUploadRoute(evidence: ClaimEvidence) {
  return async (upload: FastifyInstance) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    // Thrown from here, the app's own error handler answers it.
    upload.setErrorHandler((error: { code?: string }) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw evidenceRefusal('too-large');
      throw error;
    });
    addRoute(
      upload,
      uploadClaimEvidence,
      async ({ params, query, body }, reply) => {
        const bytes = body instanceof Uint8Array ? body : new Uint8Array();
        const kept = await evidence.upload(
          params.id,
          params.claimId,
          { kind: query.kind, name: query.name, bytes },
          'customer',
        );
        reply.status(201);
        return kept;
      },
      { ...NO_STORE, bodyLimit: MAX_EVIDENCE_FILE_BYTES },
    );
  };
}

/** Listing and reading a claim's files: the order's owner for theirs, operators for any. */
function evidenceRoutes(app: FastifyInstance, { evidence, decisions }: ClaimsParts): void {
  const add = routesOn(app, NO_STORE);
  add(listClaimEvidence, async ({ params }) => ({
    files: await evidence.list(params.id, params.claimId),
    limits: EVIDENCE_LIMITS,
  }));
  add(downloadClaimEvidence, async ({ params }, reply) => {
    const file = await evidence.download(params.id, params.claimId, params.fileId);
    reply.headers(file.headers);
    return file.bytes;
  });
  add(getAdminClaimEvidence, async ({ params }) => ({
    files: await evidence.list(null, params.claimId),
    limits: EVIDENCE_LIMITS,
  }));
  add(downloadAdminClaimEvidence, async ({ params }, reply) => {
    const file = await evidence.download(null, params.claimId, params.fileId);
    reply.headers(file.headers);
    return file.bytes;
  });
  add(getClaimEvidencePack, async ({ params }, reply) => {
    const claim = await decisions.detail(params.claimId);
    const pdf = await evidence.pack(claim);
    const name = `claim-evidence-${claim.reference}-box-${claim.boxNumber}.pdf`;
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-content-type-options', 'nosniff');
    return pdf;
  });
}

/**
 * The customer gives the account a bank transfer pays; an operator sees it in full only through
 * the audited `claim.bank_details_view`, to make the payment.
 */
function bankDetailsRoutes(
  app: FastifyInstance,
  { claims, decisions, bankDetails }: ClaimsParts,
  audit: Pick<AuditLog, 'act'>,
): void {
  const add = routesOn(app, NO_STORE);
  add(giveClaimBankDetails, async ({ params, body }) => {
    await bankDetails.give(params.id, params.claimId, body);
    const claim = (await claims.list(params.id)).find((c) => c.id === params.claimId);
    if (!claim) throw new Error(`claim ${params.claimId} vanished`);
    return claim;
  });
  add(revealClaimBankDetails, async (request) => {
    const { claimId } = request.params;
    const { reason } = request.body;
    const { reference } = await decisions.target(claimId);
    const details = await audit.act(
      operatorOf(request),
      'claim.bank_details_view',
      reference,
      async (tx) => ({
        result: await bankDetails.reveal(claimId, tx),
        details: { claim: claimId, reason },
      }),
    );
    return { ...details, reference };
  });
}

/** The console's actions on a claim: each one audited change, answering the claim as it is now. */
function operatorActionRoutes(
  app: FastifyInstance,
  claims: ClaimsService,
  decisions: ClaimDecisions,
  audit: Pick<AuditLog, 'act'>,
): void {
  const add = routesOn(app, NO_STORE);
  async function act(
    claimId: string,
    operator: AuditActor,
    action: AuditAction,
    details: Record<string, unknown>,
    change: (tx: DbTransaction) => Promise<unknown>,
  ) {
    const { reference } = await decisions.target(claimId);
    await audit.act(operator, action, reference, async (tx) => ({
      result: await change(tx),
      details: { claim: claimId, ...details },
    }));
    decisions.wake();
    return decisions.detail(claimId);
  }
  add(askClaimInfo, async (request) => {
    const { claimId } = request.params;
    const { reason } = request.body;
    const operator = operatorOf(request);
    return act(claimId, operator, 'claim.ask_info', { reason }, (tx) =>
      decisions.askInfo(claimId, operator, reason, tx),
    );
  });
  add(sendClaimToCourier, async (request) => {
    const { claimId } = request.params;
    const { reason, courierClaimReference } = request.body;
    const operator = operatorOf(request);
    return act(claimId, operator, 'claim.courier', { courierClaimReference, reason }, (tx) =>
      decisions.toCourier(claimId, operator, courierClaimReference, tx),
    );
  });
  add(approveClaim, async (request) => {
    const { claimId } = request.params;
    const operator = operatorOf(request);
    const basis = await claims.coverBasis((await decisions.target(claimId)).orderId);
    const { extent, amountPence, reason } = request.body;
    return act(claimId, operator, 'claim.approve', { extent, amountPence, reason }, (tx) =>
      decisions.approve(claimId, operator, request.body, basis, tx),
    );
  });
  add(declineClaim, async (request) => {
    const { claimId } = request.params;
    const { rule, reason } = request.body;
    const operator = operatorOf(request);
    return act(claimId, operator, 'claim.decline', { rule, reason }, (tx) =>
      decisions.decline(claimId, operator, { rule, reason }, tx),
    );
  });
  add(recordClaimBankPayment, async (request) => {
    const { claimId } = request.params;
    const { reason, bankReference } = request.body;
    const operator = operatorOf(request);
    return act(claimId, operator, 'claim.bank_paid', { bankReference, reason }, (tx) =>
      decisions.bankPaid(claimId, operator, bankReference, tx),
    );
  });
}
