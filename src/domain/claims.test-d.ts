// Type test, never run: `npm run typecheck` fails when an `@ts-expect-error` line stops failing.
import { expectTypeOf } from 'vitest';
import {
  CLAIM_STATE_REGISTRY,
  defineClaimStates,
  type ClaimState,
  type ClaimStateRecord,
} from './claims.js';

type StateRecord = ClaimStateRecord<ClaimState | 'reopened'>;
const complete: StateRecord = {
  label: 'Reopened',
  sentence: 'We are looking at your claim again.',
  targetTime: 'firstLookWorkingDays',
  final: false,
  next: ['with_courier'],
};
const withoutSentence: Omit<StateRecord, 'sentence'> = complete;
const withoutTargetTime: Omit<StateRecord, 'targetTime'> = complete;
const withoutFinal: Omit<StateRecord, 'final'> = complete;
const withoutNext: Omit<StateRecord, 'next'> = complete;

export function registries() {
  // A state added with every part of its record: a state of the registry.
  const added = defineClaimStates({ ...CLAIM_STATE_REGISTRY, reopened: complete });
  expectTypeOf<keyof typeof added>().toEqualTypeOf<ClaimState | 'reopened'>();
  return [
    added,
    // @ts-expect-error a state without its customer sentence
    defineClaimStates({ ...CLAIM_STATE_REGISTRY, reopened: withoutSentence }),
    // @ts-expect-error a state without its target time setting
    defineClaimStates({ ...CLAIM_STATE_REGISTRY, reopened: withoutTargetTime }),
    // @ts-expect-error a state without saying whether it is final
    defineClaimStates({ ...CLAIM_STATE_REGISTRY, reopened: withoutFinal }),
    // @ts-expect-error a state without its next states
    defineClaimStates({ ...CLAIM_STATE_REGISTRY, reopened: withoutNext }),
    // @ts-expect-error a target time that is not a setting
    defineClaimStates({ reopened: { ...complete, targetTime: 'soon', next: [] } }),
    // @ts-expect-error a next state the registry does not have
    defineClaimStates({ reopened: { ...complete, next: ['archived'] } }),
    // @ts-expect-error a state the registry does not have
    CLAIM_STATE_REGISTRY.reopened,
  ];
}
