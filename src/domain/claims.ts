/**
 * Claims for a lost or damaged box (docs/claims.md; decision 145): who may claim and when, what a
 * claim pays, and a claim's states, one record each. Pure rules: the server's claims module
 * (src/server/modules/claims) stores and serves claims by them.
 * The goods the cover does not pay for, and what it pays for the rest, are counted as the cover
 * choice counts them (`countedLines` in cover.ts), so a claim never pays for what the customer
 * was told the cover leaves out, and always pays what they were told it counts.
 */
import { addDays, isWeekend } from './collection-calendar.js';
import { coverExclusionText, type CoverOf } from './cover-exclusions.js';
import { countedLines, type CoverItem } from './cover.js';
import { formatWholePounds } from './pricing.js';

export const CLAIM_KINDS = ['lost', 'damaged'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/**
 * What a claim's evidence file shows (docs/claims.md, "Evidence"): the customer says which when
 * uploading, and the console and the evidence pack group files by it.
 */
export const CLAIM_EVIDENCE_KINDS = {
  damage_photo: 'Photo of the damage',
  packaging_photo: 'Photo of the packaging',
  proof_of_value: 'Proof of value (receipt or invoice)',
} as const;
export type ClaimEvidenceKind = keyof typeof CLAIM_EVIDENCE_KINDS;
export const CLAIM_EVIDENCE_KIND_NAMES = Object.keys(CLAIM_EVIDENCE_KINDS) as [
  ClaimEvidenceKind,
  ...ClaimEvidenceKind[],
];

/** The file types a claim's evidence may be, known by their content (never their name). */
export const CLAIM_EVIDENCE_FILE_TYPES = ['jpeg', 'png', 'heic', 'pdf'] as const;
export type ClaimEvidenceFileType = (typeof CLAIM_EVIDENCE_FILE_TYPES)[number];
/** The largest evidence file accepted: a phone's photo is 2 to 6 MB, a scanned invoice less. */
export const MAX_EVIDENCE_FILE_BYTES = 10 * 1024 * 1024;
/** The most files one claim keeps: a few photos of the damage, of the packaging, and receipts. */
export const MAX_EVIDENCE_FILES_PER_CLAIM = 10;

/** A claim's refund is asked under this key (and `claim:<id>:<payment>` for a second payment). */
export const claimRefundKey = (claimId: string): string => `claim:${claimId}`;

/** The claim a refund's request key names, when it is a claim's refund. */
export function claimIdOfRefundKey(requestKey: string): string | undefined {
  return /^claim:([0-9a-f-]{36})(?::|$)/.exec(requestKey)?.[1];
}

/**
 * A box is lost when it has had no movement for this many working days (Monday to Friday, not a
 * bank holiday) after its expected delivery date, or when the courier says it is lost.
 */
export const LOST_AFTER_WORKING_DAYS = 10;
/** A damaged box is claimed for within this many days (calendar days) of its delivery. */
export const DAMAGE_CLAIM_DAYS = 14;

/** The rules a claim can fail (its timing, its items, the cover left), named so a decline can say which. */
export const CLAIM_RULES = {
  'lost-too-soon': `A box counts as lost after ${LOST_AFTER_WORKING_DAYS} working days with no movement past its expected delivery date, or when the courier says it is lost.`,
  'lost-but-delivered':
    'The courier reports this box as delivered, so it cannot be claimed as lost.',
  'damage-not-delivered': 'A claim for damage can be made once the box is delivered.',
  'damage-too-late': `A claim for damage must be made within ${DAMAGE_CLAIM_DAYS} days of delivery.`,
  'not-covered': 'The cover does not pay for these items.',
  'over-cover': 'The claim is more than the cover left on this order.',
} as const;
export type ClaimRule = keyof typeof CLAIM_RULES;

/** What is known of the box, as calendar dates in Europe/London ("2026-12-01"). */
export interface ClaimTimeline {
  /** Today. */
  today: string;
  /** The delivery date the courier gave; null when it gave none. */
  expectedDelivery: string | null;
  /** The day of the box's last tracking event; null when it has none. */
  lastMovement: string | null;
  /** The day the box was delivered; null when it is not. */
  deliveredOn: string | null;
  /** The courier has said the box is lost. */
  courierSaysLost: boolean;
}

/** Whether a claim of this kind can be made now; when not, the rule and from when it can. */
export type ClaimEligibility =
  { eligible: true } | { eligible: false; rule: ClaimRule; reason: string; from: string | null };

/** True on Monday to Friday when `holidayOn` names no bank holiday. */
function isWorkingDay(date: string, holidayOn: (date: string) => string | undefined): boolean {
  return !isWeekend(date) && !holidayOn(date);
}

/** The `count`th working day after `date`. */
export function addWorkingDays(
  date: string,
  count: number,
  holidayOn: (date: string) => string | undefined = () => undefined,
): string {
  let day = date;
  for (let done = 0; done < count;) {
    day = addDays(day, 1);
    if (isWorkingDay(day, holidayOn)) done += 1;
  }
  return day;
}

const refused = (rule: ClaimRule, from: string | null = null): ClaimEligibility => ({
  eligible: false,
  rule,
  reason: CLAIM_RULES[rule],
  from,
});

/**
 * May a claim of this kind be made today? Lost: when the courier says so, or once the box has
 * had no movement for LOST_AFTER_WORKING_DAYS working days counted from the later of its expected
 * delivery date and its last movement (never for a delivered box). Damaged: from its delivery day
 * to DAMAGE_CLAIM_DAYS days after. `holidayOn` names the bank holidays (none when not given).
 */
export function claimEligibility(
  kind: ClaimKind,
  box: ClaimTimeline,
  holidayOn: (date: string) => string | undefined = () => undefined,
): ClaimEligibility {
  if (kind === 'damaged') {
    if (!box.deliveredOn) return refused('damage-not-delivered');
    return box.today <= addDays(box.deliveredOn, DAMAGE_CLAIM_DAYS)
      ? { eligible: true }
      : refused('damage-too-late');
  }
  if (box.deliveredOn) return refused('lost-but-delivered');
  if (box.courierSaysLost) return { eligible: true };
  if (!box.expectedDelivery) return refused('lost-too-soon');
  const quietSince =
    box.lastMovement && box.lastMovement > box.expectedDelivery
      ? box.lastMovement
      : box.expectedDelivery;
  const from = addWorkingDays(quietSince, LOST_AFTER_WORKING_DAYS, holidayOn);
  return box.today >= from ? { eligible: true } : refused('lost-too-soon', from);
}

/** An item of the customer's own declaration chosen for the claim, and how many of its units. */
export interface ClaimedItem {
  itemId: string;
  /** Defaults to every unit declared. */
  units?: number;
}

/** One claimed line: what it was declared at and what the claim pays for it, and why not more. */
export interface ClaimLine {
  itemId: string;
  name: string;
  units: number;
  declaredPence: number;
  payablePence: number;
  /** Set when the cover does not pay for it in full: why, in the words the cover choice uses. */
  excluded: { covered: CoverOf; group: string; reason: string } | null;
}

export interface ClaimAmount {
  lines: ClaimLine[];
  /** What the lines come to. */
  itemsPence: number;
  /** The cover in force less what was already paid on the order's claims. */
  coverLeftPence: number;
  /** What the claim pays: the lines, at most the cover left. */
  payablePence: number;
  /** Set when the cover left, not the lines, decides the amount. */
  cappedBy: 'over-cover' | null;
}

export interface ClaimAmountInput {
  /** The order's declaration, every line of it. */
  declared: readonly CoverItem[];
  chosen: readonly ClaimedItem[];
  /** The cover in force (the included cover when none was bought). */
  coverPence: number;
  /** The included cover (£50): what the "included cover only" goods share. */
  includedPence: number;
  /** What was already paid on the order's claims, and of it on "included cover only" goods. */
  alreadyPaid: { totalPence: number; includedOnlyPence: number };
}

/** Why the chosen items cannot be claimed as given; undefined when they can. */
export function claimItemsProblem(
  declared: readonly CoverItem[],
  chosen: readonly ClaimedItem[],
): string | undefined {
  if (chosen.length === 0) return 'Choose the items you are claiming for.';
  const seen = new Set<string>();
  for (const pick of chosen) {
    const item = declared.find((d) => d.id === pick.itemId);
    if (!item) return 'Choose items from the ones you declared for this order.';
    if (seen.has(pick.itemId)) return `${item.name} is chosen twice: choose it once.`;
    seen.add(pick.itemId);
    const units = pick.units ?? item.numberOfUnits;
    if (!Number.isInteger(units) || units < 1 || units > item.numberOfUnits) {
      return `Choose from 1 to ${item.numberOfUnits} of ${item.name}.`;
    }
  }
  return undefined;
}

/**
 * What a claim pays: each chosen item at its declared value (for the units claimed), the goods
 * the cover does not pay for at nothing and the "included cover only" goods sharing what is left
 * of the included cover, each with its reason; the total at most the cover in force less what was
 * already paid on the order's claims. Throws on items that are not the declaration's
 * (`claimItemsProblem` says why first).
 */
export function claimAmount(input: ClaimAmountInput): ClaimAmount {
  const problem = claimItemsProblem(input.declared, input.chosen);
  if (problem) throw new Error(problem);
  const picked = input.declared.flatMap((item) => {
    const pick = input.chosen.find((c) => c.itemId === item.id);
    return pick ? [{ ...item, numberOfUnits: pick.units ?? item.numberOfUnits }] : [];
  });
  const included = formatWholePounds(input.includedPence);
  const lines = countedLines(picked, input.includedPence - input.alreadyPaid.includedOnlyPence).map(
    ({ item, valuePence, excluded, countedPence }): ClaimLine => ({
      itemId: item.id,
      name: item.name,
      units: item.numberOfUnits,
      declaredPence: valuePence,
      payablePence: countedPence,
      excluded: excluded ? { ...excluded, reason: coverExclusionText(excluded, included) } : null,
    }),
  );
  const itemsPence = lines.reduce((sum, line) => sum + line.payablePence, 0);
  const coverLeftPence = Math.max(0, input.coverPence - input.alreadyPaid.totalPence);
  return {
    lines,
    itemsPence,
    coverLeftPence,
    payablePence: Math.min(itemsPence, coverLeftPence),
    cappedBy: itemsPence > coverLeftPence ? 'over-cover' : null,
  };
}

/**
 * How long each state should last at most, by setting name: the operators' promise to the
 * customer, read by the claim's timeline and the console's overdue queue.
 */
export const CLAIM_TARGET_TIMES = {
  /** A submitted claim is looked at (sent to the courier, or more asked) within. */
  firstLookWorkingDays: 2,
  /** The courier's answer is chased after. */
  courierAnswerWorkingDays: 10,
  /** The customer is reminded, and the claim may be declined, after. */
  customerReplyDays: 14,
  /** An approved claim is paid within. */
  paymentWorkingDays: 5,
} as const;
export type ClaimTargetTime = keyof typeof CLAIM_TARGET_TIMES;

/** Everything about one claim state: a state without any of it is a type error. */
export interface ClaimStateRecord<S extends string = string> {
  /** A short name, e.g. for a badge: "With the courier". */
  label: string;
  /** What is happening, in one plain sentence to the customer. */
  sentence: string;
  /** The setting that says how long the claim should stay in this state; null for a final one. */
  targetTime: ClaimTargetTime | null;
  /** Nothing more happens after it. */
  final: boolean;
  /** The states it may move to. */
  next: readonly S[];
}

/**
 * Declares the registry: every record complete, and every `next` one of its states. The type
 * test (claims.test-d.ts) shows a record missing a part, or naming a state it lacks, refused.
 */
export function defineClaimStates<
  const T extends { [K in keyof T]: ClaimStateRecord<Extract<keyof T, string>> },
>(records: T): T {
  return records;
}

/** Every state a claim can be in, one record each (docs/claims.md, "States"). */
export const CLAIM_STATE_REGISTRY = defineClaimStates({
  submitted: {
    label: 'Submitted',
    sentence: `We have your claim and will look at it within ${CLAIM_TARGET_TIMES.firstLookWorkingDays} working days.`,
    targetTime: 'firstLookWorkingDays',
    final: false,
    next: ['with_courier', 'more_info_needed', 'approved', 'declined'],
  },
  with_courier: {
    label: 'With the courier',
    sentence: 'We have sent your claim to the courier and are waiting for its answer.',
    targetTime: 'courierAnswerWorkingDays',
    final: false,
    next: ['more_info_needed', 'approved', 'declined'],
  },
  more_info_needed: {
    label: 'More information needed',
    sentence: 'We need more from you before the claim can go on: see what we asked for.',
    targetTime: 'customerReplyDays',
    final: false,
    next: ['submitted', 'with_courier', 'approved', 'declined'],
  },
  approved: {
    label: 'Approved',
    sentence: `Your claim is approved and will be paid within ${CLAIM_TARGET_TIMES.paymentWorkingDays} working days.`,
    targetTime: 'paymentWorkingDays',
    final: false,
    next: ['paid'],
  },
  declined: {
    label: 'Declined',
    sentence: 'Your claim is declined: the reason and the rule are below.',
    targetTime: null,
    final: true,
    next: [],
  },
  paid: {
    label: 'Paid',
    sentence: 'Your claim is paid.',
    targetTime: null,
    final: true,
    next: [],
  },
});
export type ClaimState = keyof typeof CLAIM_STATE_REGISTRY;
export const CLAIM_STATES = Object.keys(CLAIM_STATE_REGISTRY) as ClaimState[];

/** What an approval or a decline must say; other moves carry nothing. */
export type ClaimDecision =
  | { state: 'approved'; extent: 'full' | 'part'; amountPence: number; reason: string }
  | { state: 'declined'; rule: ClaimRule; reason: string };

/**
 * Why a claim cannot move from `from` to `to` (with this decision); undefined when it can. An
 * approval says full or part, the amount and why, within what the claim can pay (`full` is
 * exactly that amount, `part` less); a decline says why and which rule.
 */
export function claimTransitionProblem(
  from: ClaimState,
  to: ClaimState,
  decision?: ClaimDecision,
  payablePence?: number,
): string | undefined {
  const record: ClaimStateRecord<ClaimState> = CLAIM_STATE_REGISTRY[from];
  if (!record.next.includes(to)) {
    return `A claim that is ${record.label.toLowerCase()} cannot become ${CLAIM_STATE_REGISTRY[to].label.toLowerCase()}.`;
  }
  if (to !== 'approved' && to !== 'declined') return undefined;
  if (decision?.state !== to) return `Say why the claim is ${to}.`;
  if (!decision.reason.trim()) return `Say why the claim is ${to}.`;
  if (decision.state === 'declined') return undefined;
  if (payablePence === undefined) return 'Work out what the claim can pay before approving it.';
  const most = payablePence;
  if (decision.amountPence <= 0 || !Number.isInteger(decision.amountPence)) {
    return 'An approved claim pays an amount of more than £0.';
  }
  if (decision.extent === 'full' && decision.amountPence !== most) {
    return `A claim approved in full pays what it can pay, ${formatWholePounds(most)}.`;
  }
  if (decision.extent === 'part' && decision.amountPence >= most) {
    return `A claim approved in part pays less than ${formatWholePounds(most)}.`;
  }
  return undefined;
}
