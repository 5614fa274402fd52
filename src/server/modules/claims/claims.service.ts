import { randomUUID } from 'node:crypto';
import type { ClaimOptions, ClaimView } from '#src/domain/api/claims.js';
import {
  CLAIM_STATE_REGISTRY,
  claimAmount,
  claimEligibility,
  claimItemsProblem,
  claimTransitionProblem,
  type ClaimAmount,
  type ClaimedItem,
  type ClaimEligibility,
  type ClaimKind,
} from '#src/domain/claims.js';
import type { CoverItem } from '#src/domain/cover.js';
import { londonDate } from '#src/domain/london-time.js';
import type { DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { OrderRow } from '../orders/index.js';
import type { ClaimBoxFacts } from '../tracking/index.js';
import { alreadyPaidOf, claimView } from './claim-view.js';
import type { ClaimsDeps } from './claims.deps.js';
import type { ClaimRow } from './claims.repository.js';

/** What a claim's amount is worked out from: the declaration and the cover in force. */
export interface CoverBasis {
  declared: CoverItem[];
  coverPence: number;
  includedPence: number;
}

export const CLAIM_NOT_FOUND = () =>
  new ApiError(404, 'CLAIM_NOT_FOUND', 'There is no such claim on this order.');

const notBooked = () =>
  new ApiError(409, 'NOT_BOOKED', 'A claim can be made once the order is booked with the courier.');

const eligibilityOf = (e: ClaimEligibility) =>
  e.eligible
    ? { eligible: true, rule: null, reason: null, from: null }
    : { eligible: false, rule: e.rule, reason: e.reason, from: e.from };

/**
 * The customer's side of claims (docs/claims.md): what can be claimed on an order, what chosen
 * items would pay, opening a claim and answering a request for more. Every amount is the server's
 * own (`claimAmount`), every eligibility checked again when the claim is opened, and every write
 * made under the order's row lock with the order's other claims read in the same transaction.
 */
export class ClaimsService {
  constructor(private readonly deps: ClaimsDeps) {}

  /** The declaration and the cover in force, read before the transaction that uses them. */
  async coverBasis(orderId: string): Promise<CoverBasis> {
    const [items, cover] = await Promise.all([
      this.deps.orders.declaredItems(orderId),
      this.deps.orders.bookedCover(orderId),
    ]);
    return {
      declared: items.map((i) => ({
        id: i.id,
        name: i.name,
        commodityCode: i.commodityCode,
        unitValuePence: i.unitValuePence,
        numberOfUnits: i.numberOfUnits,
      })),
      coverPence: cover.coverPence,
      includedPence: cover.settings.includedPence,
    };
  }

  /** What a claim of these items pays, given what the order's other claims took. */
  amountOf(
    basis: CoverBasis,
    chosen: readonly ClaimedItem[],
    others: readonly ClaimRow[],
    exceptId?: string,
  ): ClaimAmount {
    return claimAmount({ ...basis, chosen, alreadyPaid: alreadyPaidOf(others, exceptId) });
  }

  private async bookedOrder(orderId: string) {
    const order = await this.deps.orders.findById(orderId);
    if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    const boxes = await this.deps.tracking.claimFacts(orderId);
    if (order.status !== 'booked' || !boxes) throw notBooked();
    return { order, boxes };
  }

  private eligibility(kind: ClaimKind, box: ClaimBoxFacts): ClaimEligibility {
    const today = londonDate(this.deps.clock.now());
    return claimEligibility(kind, { today, ...box }, this.deps.holidayOn);
  }

  /** Each box with whether it can be claimed as lost or damaged now, and the declared items. */
  async options(orderId: string): Promise<ClaimOptions> {
    const { order, boxes } = await this.bookedOrder(orderId);
    const [basis, claims] = await Promise.all([
      this.coverBasis(orderId),
      this.deps.repository.listForOrder(orderId),
    ]);
    const everything = basis.declared.map((d) => ({ itemId: d.id }));
    const amount = everything.length > 0 ? this.amountOf(basis, everything, claims) : null;
    const paid = alreadyPaidOf(claims);
    return {
      orderId,
      reference: order.reference,
      today: londonDate(this.deps.clock.now()),
      boxes: boxes.map((box) => ({
        ...box,
        lost: eligibilityOf(this.eligibility('lost', box)),
        damaged: eligibilityOf(this.eligibility('damaged', box)),
        openClaimId:
          claims.find((c) => c.boxNumber === box.number && c.state !== 'declined')?.id ?? null,
      })),
      items: basis.declared.map((d) => {
        const line = amount?.lines.find((l) => l.itemId === d.id);
        return {
          itemId: d.id,
          name: d.name,
          units: d.numberOfUnits,
          unitValuePence: d.unitValuePence,
          declaredPence: d.unitValuePence * d.numberOfUnits,
          payablePence: line?.payablePence ?? 0,
          excluded: line?.excluded ?? null,
        };
      }),
      coverPence: basis.coverPence,
      includedPence: basis.includedPence,
      alreadyPaidPence: paid.totalPence,
      coverLeftPence: Math.max(0, basis.coverPence - paid.totalPence),
    };
  }

  /** What the chosen items would pay now; 422 with the reason when they cannot be claimed. */
  async quote(orderId: string, chosen: readonly ClaimedItem[]): Promise<ClaimAmount> {
    await this.bookedOrder(orderId);
    const [basis, claims] = await Promise.all([
      this.coverBasis(orderId),
      this.deps.repository.listForOrder(orderId),
    ]);
    itemsOrRefuse(basis, chosen);
    return this.amountOf(basis, chosen, claims);
  }

  /**
   * Opens a claim: the box's eligibility checked again now, the amount worked out here, written
   * under the order's row lock with the order's other claims read there (one claim at a time per
   * box). The same request key returns the same claim. The customer is emailed once.
   */
  async open(
    orderId: string,
    input: {
      boxNumber: number;
      kind: ClaimKind;
      items: ClaimedItem[];
      description: string;
      requestKey: string;
    },
  ): Promise<ClaimView> {
    const { boxes } = await this.bookedOrder(orderId);
    const box = boxes.find((b) => b.number === input.boxNumber);
    if (!box) {
      const message = `Choose one of the order’s ${boxes.length} boxes.`;
      throw new ApiError(422, 'VALIDATION_FAILED', message, { boxNumber: message });
    }
    const basis = await this.coverBasis(orderId);
    const claimId = await this.deps.repository.transaction(async (tx) => {
      const order = await this.deps.orders.lock(orderId, tx);
      if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
      const earlier = await this.repeated(orderId, input.requestKey, tx);
      if (earlier) return earlier;
      if (order.status !== 'booked') throw notBooked();
      const eligible = this.eligibility(input.kind, box);
      if (!eligible.eligible) {
        throw new ApiError(422, 'CLAIM_NOT_ELIGIBLE', eligible.reason, { kind: eligible.reason });
      }
      return this.insert(order, box, input, itemsOrRefuse(basis, input.items), basis, tx);
    });
    this.deps.mail.worker.wake();
    return this.one(orderId, claimId);
  }

  /** Writes a new claim, its first timeline line and its email; its id (or the earlier one's). */
  private async insert(
    order: OrderRow,
    box: ClaimBoxFacts,
    input: { kind: ClaimKind; description: string; requestKey: string },
    chosen: Required<ClaimedItem>[],
    basis: CoverBasis,
    tx: DbTransaction,
  ): Promise<string> {
    const orderId = order.id;
    const amount = this.amountOf(
      basis,
      chosen,
      await this.deps.repository.listForOrder(orderId, tx),
    );
    const now = this.deps.clock.now();
    const inserted = await this.deps.repository.insert(
      {
        id: randomUUID(),
        orderId,
        boxNumber: box.number,
        parcelReference: box.trackingNumber,
        kind: input.kind,
        state: 'submitted',
        description: input.description,
        items: chosen,
        lines: amount.lines,
        itemsPence: amount.itemsPence,
        coverLeftPence: amount.coverLeftPence,
        payablePence: amount.payablePence,
        requestKey: input.requestKey,
        stateEnteredAt: now,
        submittedAt: now,
        createdAt: now,
        updatedAt: now,
      },
      tx,
    );
    if (!inserted) {
      throw new ApiError(409, 'CLAIM_OPEN', `Box ${box.number} already has a claim open.`);
    }
    if (!inserted.created) return inserted.claim.id;
    const claim = inserted.claim;
    await this.deps.repository.addEvent(
      {
        id: randomUUID(),
        claimId: claim.id,
        at: now,
        kind: 'state',
        state: 'submitted',
        byKind: 'customer',
        byEmail: null,
        text: `Claim for box ${claim.boxNumber} (${claim.kind}) submitted: ${claim.description}`,
      },
      tx,
    );
    await this.deps.mail.emails.send(tx, 'claim-submitted', order, {
      claimId: claim.id,
      kind: claim.kind,
      boxNumber: claim.boxNumber,
      payablePence: claim.payablePence,
      sentence: CLAIM_STATE_REGISTRY.submitted.sentence,
    });
    return claim.id;
  }

  /** The claim an earlier request with this key opened, on this order; 409 on another. */
  private async repeated(orderId: string, requestKey: string, tx: DbTransaction) {
    const earlier = await this.deps.repository.byRequestKey(requestKey, tx);
    if (earlier && earlier.orderId !== orderId) {
      throw new ApiError(409, 'CLAIM_OPEN', 'That request was for another order.');
    }
    return earlier?.id;
  }

  /**
   * The customer answers a request for more information: kept in the claim's timeline, and the
   * claim is submitted again, re-checked under the claim's row lock.
   */
  async answer(orderId: string, claimId: string, message: string): Promise<ClaimView> {
    await this.deps.repository.transaction(async (tx) => {
      const claim = await this.deps.repository.lock(claimId, tx);
      if (!claim || claim.orderId !== orderId) throw CLAIM_NOT_FOUND();
      const problem =
        claim.state === 'more_info_needed'
          ? claimTransitionProblem(claim.state, 'submitted')
          : 'This claim is not waiting for an answer from you.';
      if (problem) throw new ApiError(409, 'CLAIM_STATE', problem);
      const now = this.deps.clock.now();
      await this.deps.repository.update(
        claim.id,
        { state: 'submitted', stateEnteredAt: now, submittedAt: now, updatedAt: now },
        tx,
      );
      for (const [kind, text] of [
        ['customer_message', message],
        ['state', 'Answered by the customer: submitted again'],
      ] as const) {
        await this.deps.repository.addEvent(
          {
            id: randomUUID(),
            claimId,
            at: now,
            kind,
            state: kind === 'state' ? 'submitted' : null,
            byKind: 'customer',
            byEmail: null,
            text,
          },
          tx,
        );
      }
    });
    return this.one(orderId, claimId);
  }

  /** The order's claims with their timelines, oldest first. */
  async list(orderId: string): Promise<ClaimView[]> {
    const order = await this.deps.orders.findById(orderId);
    if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    const rows = await this.deps.repository.listForOrder(orderId);
    const ids = rows.map((r) => r.id);
    const [events, evidence] = await Promise.all([
      this.deps.repository.events(ids),
      this.deps.repository.evidence(ids),
    ]);
    return rows.map((row) =>
      claimView(row, events, order.reference, this.deps.holidayOn, evidence),
    );
  }

  private async one(orderId: string, claimId: string): Promise<ClaimView> {
    const claim = (await this.list(orderId)).find((c) => c.id === claimId);
    if (!claim) throw CLAIM_NOT_FOUND();
    return claim;
  }
}

/** The chosen items with their units filled in; 422 with the customer's words when not claimable. */
function itemsOrRefuse(basis: CoverBasis, chosen: readonly ClaimedItem[]) {
  const problem = claimItemsProblem(basis.declared, chosen);
  if (problem) throw new ApiError(422, 'VALIDATION_FAILED', problem, { items: problem });
  return chosen.map((pick) => ({
    itemId: pick.itemId,
    units: pick.units ?? basis.declared.find((d) => d.id === pick.itemId)?.numberOfUnits ?? 1,
  }));
}
