import type { FastifyInstance } from 'fastify';
import {
  answerClaim,
  approveClaim,
  askClaimInfo,
  declineClaim,
  getAdminClaim,
  getAdminClaims,
  getClaimOptions,
  listClaims,
  openClaim,
  quoteClaim,
  recordClaimBankPayment,
  sendClaimToCourier,
} from '#src/domain/api/claims.js';
import type { AuditAction } from '#src/domain/audit-actions.js';
import type { DbTransaction } from '../../db/client.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import { operatorOf, type AuditActor, type AuditLog } from '../operator-actions/index.js';
import type { ClaimDecisions } from './claim-decisions.js';
import type { ClaimsService } from './claims.service.js';

/**
 * The routes of claims (docs/claims.md, "API"): the customer's under the order (whoever may open
 * it), and the console's queue and actions, each action one audited change (`AuditLog.act`).
 */
export function claimsRoutes(
  claims: ClaimsService,
  decisions: ClaimDecisions,
  audit: Pick<AuditLog, 'act'>,
) {
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);
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
  };
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
