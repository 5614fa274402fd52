import type { ClaimEvidenceFile, ClaimView } from '#src/domain/api/claims.js';
import {
  MAX_EVIDENCE_FILES_PER_CLAIM,
  addWorkingDays,
  CLAIM_RULES,
  CLAIM_STATE_REGISTRY,
  CLAIM_TARGET_TIMES,
  type ClaimRule,
  type ClaimState,
} from '#src/domain/claims.js';
import { addDays } from '#src/domain/collection-calendar.js';
import { londonDate } from '#src/domain/london-time.js';
import type { ClaimEventRow, ClaimEvidenceRow, ClaimRow } from './claims.repository.js';
import { EVIDENCE_TYPES } from './evidence-files.js';

/** A bank holiday's name on that date (England and Wales: the operators' working days). */
export type HolidayOn = (date: string) => string | undefined;

/**
 * The day a claim's state should end by (docs/claims.md, "Target times"): its target time counted
 * from the day it entered the state, in working days, or for the customer's reply in days; null
 * for a final state.
 */
export function claimDueBy(
  state: ClaimState,
  enteredAt: Date,
  holidayOn: HolidayOn,
): string | null {
  const target = CLAIM_STATE_REGISTRY[state].targetTime;
  if (!target) return null;
  const from = londonDate(enteredAt);
  const count = CLAIM_TARGET_TIMES[target];
  return target.endsWith('WorkingDays')
    ? addWorkingDays(from, count, holidayOn)
    : addDays(from, count);
}

/** Past its due day: today (Europe/London) is after it. */
export function isOverdue(dueBy: string | null, now: Date): boolean {
  return dueBy !== null && londonDate(now) > dueBy;
}

/** The rule's sentence, for a rule name the row keeps. */
export function ruleText(rule: string | null): string | null {
  return rule && Object.hasOwn(CLAIM_RULES, rule) ? CLAIM_RULES[rule as ClaimRule] : null;
}

/** The states in which the customer may still add evidence: the claim is not decided. */
export const EVIDENCE_OPEN_STATES: readonly ClaimState[] = [
  'submitted',
  'with_courier',
  'more_info_needed',
];

/** An evidence file as pages show it. */
export function evidenceFileView(row: ClaimEvidenceRow): ClaimEvidenceFile {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    type: row.detectedType,
    mediaType: EVIDENCE_TYPES[row.detectedType].mime,
    sizeBytes: row.sizeBytes,
    uploadedBy: row.uploadedBy,
    uploadedAt: row.createdAt.toISOString(),
  };
}

/** Approved to be paid by bank transfer, and no account given yet. */
export function bankDetailsNeeded(row: ClaimRow): boolean {
  return row.state === 'approved' && row.paymentMethod === 'bank' && !row.bankDetailsSealed;
}

/** A claim with its events and evidence as the customer's page and the console read it. */
export function claimView(
  row: ClaimRow,
  events: readonly ClaimEventRow[],
  reference: string,
  holidayOn: HolidayOn,
  evidence: readonly ClaimEvidenceRow[],
): ClaimView {
  const record = CLAIM_STATE_REGISTRY[row.state];
  const decided = row.decisionReason !== null;
  const files = evidence.filter((e) => e.claimId === row.id);
  return {
    id: row.id,
    orderId: row.orderId,
    reference,
    boxNumber: row.boxNumber,
    trackingNumber: row.parcelReference,
    kind: row.kind,
    state: row.state,
    label: record.label,
    sentence: record.sentence,
    description: row.description,
    lines: row.lines,
    itemsPence: row.itemsPence,
    payablePence: row.payablePence,
    courierClaimReference: row.courierClaimReference,
    decision: decided
      ? {
          extent: row.decisionExtent,
          amountPence: row.decisionAmountPence,
          reason: row.decisionReason ?? '',
          rule: (row.decisionRule as ClaimRule | null) ?? null,
          ruleText: ruleText(row.decisionRule),
        }
      : null,
    payment: row.paymentMethod
      ? {
          method: row.paymentMethod,
          bankReference: row.bankReference,
          paidAt: row.paidAt?.toISOString() ?? null,
        }
      : null,
    bankDetailsNeeded: bankDetailsNeeded(row),
    bankDetails:
      row.bankDetailsMasked && row.bankDetailsAt
        ? { ...row.bankDetailsMasked, givenAt: row.bankDetailsAt.toISOString() }
        : null,
    canAddEvidence:
      EVIDENCE_OPEN_STATES.includes(row.state) && files.length < MAX_EVIDENCE_FILES_PER_CLAIM,
    evidence: files.map(evidenceFileView),
    submittedAt: row.submittedAt.toISOString(),
    stateEnteredAt: row.stateEnteredAt.toISOString(),
    dueBy: claimDueBy(row.state, row.stateEnteredAt, holidayOn),
    events: events
      .filter((e) => e.claimId === row.id)
      .map((e) => ({
        at: e.at.toISOString(),
        kind: e.kind,
        state: e.state,
        by: e.byKind,
        text: e.text,
      })),
  };
}

/** The time column each state's entry is kept in. */
export const STATE_ENTERED_COLUMN = {
  submitted: 'submittedAt',
  with_courier: 'withCourierAt',
  more_info_needed: 'moreInfoNeededAt',
  approved: 'approvedAt',
  declined: 'declinedAt',
  paid: 'paidAt',
} as const satisfies Record<ClaimState, keyof ClaimRow>;

/** What the order's earlier approved or paid claims take from its cover (`claimAmount`'s input). */
export function alreadyPaidOf(
  rows: readonly ClaimRow[],
  exceptId?: string,
): { totalPence: number; includedOnlyPence: number } {
  let totalPence = 0;
  let includedOnlyPence = 0;
  for (const row of rows) {
    if (row.id === exceptId || (row.state !== 'approved' && row.state !== 'paid')) continue;
    const amount = row.decisionAmountPence ?? 0;
    const includedOnly = row.lines
      .filter((line) => line.excluded?.covered === 'included-only')
      .reduce((sum, line) => sum + line.payablePence, 0);
    totalPence += amount;
    includedOnlyPence += Math.min(amount, includedOnly);
  }
  return { totalPence, includedOnlyPence };
}
