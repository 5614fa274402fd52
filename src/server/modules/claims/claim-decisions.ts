import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AdminClaim, AdminClaimSummarySchema } from '#src/domain/api/claims.js';
import {
  CLAIM_RULES,
  CLAIM_STATE_REGISTRY,
  claimIdOfRefundKey,
  claimRefundKey,
  claimTransitionProblem,
  type ClaimRule,
  type ClaimState,
  type ClaimStateRecord,
} from '#src/domain/claims.js';
import { formatPence } from '#src/domain/money.js';
import { REFUND_STATUSES_REFUNDED } from '#src/domain/refunds.js';
import type { DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { RefundRow } from '../checkout/index.js';
import type { OrderRow } from '../orders/index.js';
import type { AuditActor } from '../operator-actions/index.js';
import { BANK_DETAILS_DELETED, bankDetailsRequired } from './claim-bank-details.js';
import { claimDueBy, claimView, isOverdue, STATE_ENTERED_COLUMN } from './claim-view.js';
import type { ClaimsDeps } from './claims.deps.js';
import type { ClaimChanges, ClaimRow } from './claims.repository.js';
import type { ClaimsService, CoverBasis } from './claims.service.js';

type AdminClaimSummary = z.infer<typeof AdminClaimSummarySchema>;

const QUEUE_LIMIT = 500;

const NO_CLAIM = () => new ApiError(404, 'CLAIM_NOT_FOUND', 'There is no such claim.');

/** A locked claim and its locked order, for one operator action. */
interface Locked {
  claim: ClaimRow;
  order: OrderRow;
}

/**
 * The operators' side of claims (docs/claims.md, "Console"): the queue, a claim, and the actions,
 * each run in the audit entry's transaction (`AuditLog.act`) with the order's and the claim's rows
 * locked and the claim's state checked again there, so two operators acting at once make one
 * move. An approval pays by a refund to the card when that is within what is left to refund
 * (the claim is `paid` once the card provider confirms it), else by bank transfer, recorded
 * later (decision 151).
 */
export class ClaimDecisions {
  constructor(
    private readonly deps: ClaimsDeps,
    private readonly claims: ClaimsService,
  ) {}

  /** The claim's order: its id and reference (the audit row's subject); 404 without a claim. */
  async target(claimId: string): Promise<{ orderId: string; reference: string }> {
    const claim = await this.deps.repository.byId(claimId);
    const order = claim ? await this.deps.orders.findById(claim.orderId) : undefined;
    if (!claim || !order) throw NO_CLAIM();
    return { orderId: order.id, reference: order.reference };
  }

  /** After an action's transaction commits: its refund job and its email go now. */
  wake(): void {
    this.deps.checkout.wake();
  }

  /** Open claims (or every claim), those past their target time first, then the oldest. */
  async queue(all: boolean): Promise<AdminClaimSummary[]> {
    const now = this.deps.clock.now();
    const rows = await this.deps.repository.queue(all, QUEUE_LIMIT);
    const orders = new Map<string, string>();
    for (const id of new Set(rows.map((r) => r.orderId))) {
      orders.set(id, (await this.deps.orders.findById(id))?.reference ?? '');
    }
    const lines = rows.map((row) => {
      const dueBy = claimDueBy(row.state, row.stateEnteredAt, this.deps.holidayOn);
      return {
        id: row.id,
        orderId: row.orderId,
        reference: orders.get(row.orderId) ?? '',
        kind: row.kind,
        state: row.state,
        label: CLAIM_STATE_REGISTRY[row.state].label,
        payablePence: row.payablePence,
        paymentMethod: row.paymentMethod,
        stateEnteredAt: row.stateEnteredAt.toISOString(),
        dueBy,
        overdue: isOverdue(dueBy, now),
      };
    });
    // Stable: within each group the repository's order (longest in its state first) stays.
    return [...lines.filter((l) => l.overdue), ...lines.filter((l) => !l.overdue)];
  }

  /** One claim with its timeline, who decided it and what is left to refund on the order. */
  async detail(claimId: string): Promise<AdminClaim> {
    const row = await this.deps.repository.byId(claimId);
    if (!row) throw NO_CLAIM();
    const [{ reference }, events, evidence, { refundablePence }, items] = await Promise.all([
      this.target(claimId),
      this.deps.repository.events([claimId]),
      this.deps.repository.evidence([claimId]),
      this.deps.checkout.refunds(row.orderId),
      this.deps.orders.declaredItems(row.orderId),
    ]);
    return {
      ...claimView(row, events, reference, this.deps.holidayOn, evidence),
      decidedByEmail: row.decidedByEmail,
      refundablePence,
      declaration: items.map((item) => ({
        itemId: item.id,
        name: item.name,
        description: item.commodityDescription,
        units: item.numberOfUnits,
        unitValuePence: item.unitValuePence,
      })),
    };
  }

  /** Locks the claim's order, then the claim; refuses a move its state does not allow. */
  private async lockFor(claimId: string, to: ClaimState, tx: DbTransaction): Promise<Locked> {
    const seen = await this.deps.repository.byId(claimId, tx);
    if (!seen) throw NO_CLAIM();
    const order = await this.deps.orders.lock(seen.orderId, tx);
    const claim = await this.deps.repository.lock(claimId, tx);
    if (!order || !claim) throw NO_CLAIM();
    const record: ClaimStateRecord<ClaimState> = CLAIM_STATE_REGISTRY[claim.state];
    if (!record.next.includes(to)) {
      const problem = claimTransitionProblem(claim.state, to) ?? 'Not possible now.';
      throw new ApiError(409, 'CLAIM_STATE', problem);
    }
    return { claim, order };
  }

  /** Moves a locked claim to `to` with its changes and its timeline line. */
  private async move(
    { claim }: Locked,
    to: ClaimState,
    changes: ClaimChanges,
    event: { byKind: 'operator' | 'site'; byEmail: string | null; text: string },
    tx: DbTransaction,
  ): Promise<ClaimRow> {
    const now = this.deps.clock.now();
    const moved = await this.deps.repository.update(
      claim.id,
      {
        ...changes,
        state: to,
        stateEnteredAt: now,
        [STATE_ENTERED_COLUMN[to]]: now,
        updatedAt: now,
      },
      tx,
    );
    await this.deps.repository.addEvent(
      { id: randomUUID(), claimId: claim.id, at: now, kind: 'state', state: to, ...event },
      tx,
    );
    return moved;
  }

  /** More is asked of the customer: the reason is the question, emailed to them. */
  async askInfo(claimId: string, by: AuditActor, question: string, tx: DbTransaction) {
    const locked = await this.lockFor(claimId, 'more_info_needed', tx);
    const requestId = randomUUID();
    await this.deps.repository.addEvent(
      {
        id: requestId,
        claimId,
        at: this.deps.clock.now(),
        kind: 'operator_request',
        state: null,
        byKind: 'operator',
        byEmail: by.email,
        text: question,
      },
      tx,
    );
    const claim = await this.move(
      locked,
      'more_info_needed',
      {},
      { byKind: 'operator', byEmail: by.email, text: 'More information asked of the customer' },
      tx,
    );
    await this.deps.mail.emails.send(tx, 'claim-more-info', locked.order, {
      claimId,
      requestId,
      boxNumber: claim.boxNumber,
      question,
    });
    return claim;
  }

  /** The claim is with the courier, under the courier's claim reference. */
  async toCourier(
    claimId: string,
    by: AuditActor,
    courierClaimReference: string,
    tx: DbTransaction,
  ) {
    const locked = await this.lockFor(claimId, 'with_courier', tx);
    return this.move(
      locked,
      'with_courier',
      { courierClaimReference },
      {
        byKind: 'operator',
        byEmail: by.email,
        text: `Sent to the courier (its reference ${courierClaimReference})`,
      },
      tx,
    );
  }

  /**
   * Approves in full or in part: the amount checked against what the claim can pay now (the
   * order's other approved or paid claims read under the order's lock), then paid by a refund
   * to the card when it fits in what is left to refund, else left to a bank transfer.
   */
  async approve(
    claimId: string,
    by: AuditActor,
    input: { extent: 'full' | 'part'; amountPence: number; reason: string },
    basis: CoverBasis,
    tx: DbTransaction,
  ): Promise<ClaimRow> {
    const locked = await this.lockFor(claimId, 'approved', tx);
    const { claim, order } = locked;
    const others = await this.deps.repository.listForOrder(order.id, tx);
    const payable = this.claims.amountOf(basis, claim.items, others, claim.id).payablePence;
    const problem = claimTransitionProblem(
      claim.state,
      'approved',
      { state: 'approved', ...input },
      payable,
    );
    if (problem) throw new ApiError(422, 'VALIDATION_FAILED', problem, { amountPence: problem });
    const payment = await this.refundOrBank(claim, input.amountPence, by, tx);
    const approved = await this.move(
      locked,
      'approved',
      {
        decisionExtent: input.extent,
        decisionAmountPence: input.amountPence,
        decisionReason: input.reason,
        decisionRule: null,
        decidedByEmail: by.email,
        ...payment,
      },
      {
        byKind: 'operator',
        byEmail: by.email,
        text: `Approved in ${input.extent}: ${formatPence(input.amountPence)}, paid by ${payment.paymentMethod === 'refund' ? 'a refund to the card' : 'bank transfer'}. ${input.reason}`,
      },
      tx,
    );
    await this.deps.mail.emails.send(tx, 'claim-approved', order, {
      claimId,
      boxNumber: claim.boxNumber,
      extent: input.extent,
      amountPence: input.amountPence,
      reason: input.reason,
      method: payment.paymentMethod,
      sentence: CLAIM_STATE_REGISTRY.approved.sentence,
    });
    return approved;
  }

  /**
   * A refund of the amount to the order's card payments, asked once under the claim's key in a
   * savepoint of the approval's transaction: when more than is left to refund (or nothing can be
   * refunded), nothing is asked and the claim is to be paid by bank transfer.
   */
  private async refundOrBank(
    claim: ClaimRow,
    amountPence: number,
    by: AuditActor,
    tx: DbTransaction,
  ): Promise<{ paymentMethod: 'refund' | 'bank'; refundId: string | null }> {
    try {
      const { refund } = await tx.transaction((savepoint) =>
        this.deps.checkout.requestRefund(
          claim.orderId,
          {
            amount: (amountPence / 100).toFixed(2),
            requestKey: claimRefundKey(claim.id),
            by: { id: by.id, email: by.email },
          },
          savepoint,
        ),
      );
      return { paymentMethod: 'refund', refundId: refund.id };
    } catch (error) {
      if (error instanceof ApiError && (error.statusCode === 422 || error.statusCode === 409)) {
        return { paymentMethod: 'bank', refundId: null };
      }
      throw error;
    }
  }

  /** Declines, with the rule it rests on; the customer is emailed the reason and the rule. */
  async decline(
    claimId: string,
    by: AuditActor,
    input: { rule: ClaimRule; reason: string },
    tx: DbTransaction,
  ): Promise<ClaimRow> {
    const locked = await this.lockFor(claimId, 'declined', tx);
    const problem = claimTransitionProblem(locked.claim.state, 'declined', {
      state: 'declined',
      ...input,
    });
    if (problem) throw new ApiError(422, 'VALIDATION_FAILED', problem, { reason: problem });
    const declined = await this.move(
      locked,
      'declined',
      {
        decisionExtent: null,
        decisionAmountPence: null,
        decisionReason: input.reason,
        decisionRule: input.rule,
        decidedByEmail: by.email,
      },
      { byKind: 'operator', byEmail: by.email, text: `Declined (${input.rule}): ${input.reason}` },
      tx,
    );
    await this.deps.mail.emails.send(tx, 'claim-declined', locked.order, {
      claimId,
      boxNumber: declined.boxNumber,
      reason: input.reason,
      ruleText: CLAIM_RULES[input.rule],
    });
    return declined;
  }

  /** An approved claim to be paid by bank transfer is paid, with the bank's reference. */
  async bankPaid(claimId: string, by: AuditActor, bankReference: string, tx: DbTransaction) {
    const locked = await this.lockFor(claimId, 'paid', tx);
    if (locked.claim.paymentMethod !== 'bank') {
      throw new ApiError(
        409,
        'CLAIM_STATE',
        'This claim is paid by a refund to the card: it is paid when the card provider confirms it.',
      );
    }
    bankDetailsRequired(locked.claim);
    // The account is deleted in the change that records the payment made to it.
    return this.paid(
      locked,
      { bankReference, ...BANK_DETAILS_DELETED },
      { byKind: 'operator', byEmail: by.email },
      tx,
    );
  }

  /** A locked approved claim is paid: its timeline line and the customer's email. */
  private async paid(
    locked: Locked,
    changes: ClaimChanges,
    by: { byKind: 'operator' | 'site'; byEmail: string | null },
    tx: DbTransaction,
  ): Promise<ClaimRow> {
    const { claim, order } = locked;
    const amountPence = claim.decisionAmountPence ?? 0;
    const how =
      claim.paymentMethod === 'refund'
        ? 'by a refund to the card (confirmed by the card provider)'
        : `by bank transfer (reference ${changes.bankReference ?? ''})`;
    const paid = await this.move(
      locked,
      'paid',
      changes,
      { ...by, text: `Paid ${formatPence(amountPence)} ${how}` },
      tx,
    );
    await this.deps.mail.emails.send(tx, 'claim-paid', order, {
      claimId: claim.id,
      boxNumber: claim.boxNumber,
      amountPence,
      method: claim.paymentMethod ?? 'bank',
      paidOn: paid.paidAt ? formatDay(paid.paidAt) : '',
      bankReference: paid.bankReference,
    });
    return paid;
  }

  /**
   * Told by the refunds, in the transaction that settles one: a claim's refund came back to the
   * customer. Once every refund asked under the claim's key has, the approved claim is `paid`.
   */
  async refundSettled(refund: RefundRow, tx: DbTransaction): Promise<void> {
    const claimId = claimIdOfRefundKey(refund.requestKey);
    if (!claimId) return;
    const seen = await this.deps.repository.byId(claimId, tx);
    if (!seen) return;
    const order = await this.deps.orders.lock(seen.orderId, tx);
    const claim = await this.deps.repository.lock(claimId, tx);
    if (!order || claim?.state !== 'approved' || claim.paymentMethod !== 'refund') return;
    const refunds = await this.deps.checkout.refundsUnder(order.id, claimRefundKey(claimId), tx);
    if (!refunds.every((r) => REFUND_STATUSES_REFUNDED.includes(r.status))) return;
    await this.paid({ claim, order }, {}, { byKind: 'site', byEmail: null }, tx);
  }
}

/** "2 December 2026" in Europe/London. */
function formatDay(at: Date): string {
  return at.toLocaleDateString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
