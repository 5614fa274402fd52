import { randomUUID } from 'node:crypto';
import type { DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { ClaimsDeps } from './claims.deps.js';
import type { ClaimRow } from './claims.repository.js';
import { CLAIM_NOT_FOUND } from './claims.service.js';
import {
  BankDetailsUnreadableError,
  checkBankDetails,
  decryptBankDetails,
  encryptBankDetails,
  maskBankDetails,
} from './bank-details.js';

/** What the operator making the transfer sees, in full. */
export interface BankPaymentDetails {
  accountName: string;
  sortCode: string;
  accountNumber: string;
  amountPence: number;
}

const notWaiting = () =>
  new ApiError(
    409,
    'CLAIM_STATE',
    'This claim is not waiting for bank details: they are asked for once a claim is approved to be paid by bank transfer.',
  );

const noDetails = () =>
  new ApiError(
    409,
    'CLAIM_STATE',
    'The customer has not given their bank details yet: the claim page asks them for them.',
  );

/** Approved to be paid by bank transfer and not paid yet. */
const awaitsBank = (claim: ClaimRow) =>
  claim.state === 'approved' && claim.paymentMethod === 'bank';

/**
 * The bank account an approved claim is paid to when the card cannot take it (docs/claims.md,
 * "Bank details"): checked with the modulus rules, sealed for the claim (`encryptBankDetails`),
 * kept masked beside it for pages; opened only for an operator making the payment (an audited
 * action), and deleted in the change that records the payment (`ClaimDecisions.bankPaid`).
 * Every write re-checks the claim under the order's and the claim's row locks.
 */
export class ClaimBankDetails {
  constructor(private readonly deps: ClaimsDeps) {}

  /** The order and the claim locked, in that order (the operator actions' order). */
  private async lock(orderId: string | null, claimId: string, tx: DbTransaction) {
    const seen = await this.deps.repository.byId(claimId, tx);
    if (!seen || (orderId !== null && seen.orderId !== orderId)) throw CLAIM_NOT_FOUND();
    const order = await this.deps.orders.lock(seen.orderId, tx);
    const claim = await this.deps.repository.lock(claimId, tx);
    if (!order || !claim) throw CLAIM_NOT_FOUND();
    return { order, claim };
  }

  /**
   * The customer gives (or gives again) the account: 422 with the field's message when it fails
   * its checks, 409 unless the claim awaits a bank transfer.
   */
  async give(
    orderId: string,
    claimId: string,
    input: { accountName: string; sortCode: string; accountNumber: string },
  ): Promise<void> {
    const checked = checkBankDetails(input);
    if (!checked.ok) {
      throw new ApiError(422, 'VALIDATION_FAILED', checked.message, {
        [checked.field]: checked.message,
      });
    }
    const details = { ...checked.details, accountName: input.accountName };
    await this.deps.repository.transaction(async (tx) => {
      const { claim } = await this.lock(orderId, claimId, tx);
      if (!awaitsBank(claim)) throw notWaiting();
      const now = this.deps.clock.now();
      const masked = { accountName: input.accountName, ...maskBankDetails(details) };
      await this.deps.repository.update(
        claimId,
        {
          bankDetailsSealed: encryptBankDetails(details, this.deps.bankDetailsKey, claimId),
          bankDetailsMasked: masked,
          bankDetailsAt: now,
          updatedAt: now,
        },
        tx,
      );
      await this.deps.repository.addEvent(
        {
          id: randomUUID(),
          claimId,
          at: now,
          kind: 'customer_message',
          state: null,
          byKind: 'customer',
          byEmail: null,
          text: `Bank details given for the payment (sort code ${masked.sortCode}, account ${masked.accountNumber})`,
        },
        tx,
      );
    });
  }

  /**
   * The account in full, for the operator making the transfer, in the audit entry's transaction
   * (`claim.bank_details_view`); 409 when there is nothing to pay to, or the sealed value no
   * longer opens (the site secret changed: the customer is asked again).
   */
  async reveal(claimId: string, tx: DbTransaction): Promise<BankPaymentDetails> {
    const { claim } = await this.lock(null, claimId, tx);
    if (!awaitsBank(claim)) throw notWaiting();
    if (!claim.bankDetailsSealed) throw noDetails();
    try {
      const opened = decryptBankDetails(claim.bankDetailsSealed, this.deps.bankDetailsKey, claimId);
      return {
        accountName: opened.accountName ?? claim.bankDetailsMasked?.accountName ?? '',
        sortCode: `${opened.sortCode.slice(0, 2)}-${opened.sortCode.slice(2, 4)}-${opened.sortCode.slice(4)}`,
        accountNumber: opened.accountNumber,
        amountPence: claim.decisionAmountPence ?? 0,
      };
    } catch (error) {
      if (error instanceof BankDetailsUnreadableError) {
        throw new ApiError(409, 'BANK_DETAILS_UNREADABLE', error.message);
      }
      throw error;
    }
  }
}

/** Refuses recording a bank payment for a claim whose customer has given no account yet. */
export function bankDetailsRequired(claim: ClaimRow): void {
  if (!claim.bankDetailsSealed) throw noDetails();
}

/** The changes that delete a claim's bank details (with the payment that used them). */
export const BANK_DETAILS_DELETED = {
  bankDetailsSealed: null,
  bankDetailsMasked: null,
  bankDetailsAt: null,
} as const;
