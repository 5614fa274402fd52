// Type test, never run: `npm run typecheck` fails when an `@ts-expect-error` line stops failing.
import { expectTypeOf } from 'vitest';
import {
  defineTrackingStatuses,
  TRACKING_STATUS_REGISTRY,
  type TrackingStatus,
  type TrackingStatusRecord,
} from './tracking.js';

const complete: TrackingStatusRecord = {
  label: 'Lost',
  sentence: ({ total }) => (total === 1 ? 'Your box is lost.' : `Your ${total} boxes are lost.`),
  nextStep: 'Contact us.',
  tone: 'attention',
  final: false,
  afterCollection: true,
  pollEveryMs: 3_600_000,
  consoleLabel: 'Lost',
  email: null,
  order: { precedence: 13, when: 'any box' },
  delivery: 'delayed',
};
const withoutSentence: Omit<TrackingStatusRecord, 'sentence'> = complete;
const withoutInterval: Omit<TrackingStatusRecord, 'pollEveryMs'> = complete;
const withoutConsoleLabel: Omit<TrackingStatusRecord, 'consoleLabel'> = complete;

export function registries() {
  // A status added with every part of its record: a status of the registry.
  const added = defineTrackingStatuses({ ...TRACKING_STATUS_REGISTRY, lost: complete });
  expectTypeOf<keyof typeof added>().toEqualTypeOf<TrackingStatus | 'lost'>();
  expectTypeOf(TRACKING_STATUS_REGISTRY.customs_hold).toEqualTypeOf<TrackingStatusRecord>();
  return [
    added,
    // @ts-expect-error a status without its customer sentence
    defineTrackingStatuses({ ...TRACKING_STATUS_REGISTRY, lost: withoutSentence }),
    // @ts-expect-error a status without its polling interval
    defineTrackingStatuses({ ...TRACKING_STATUS_REGISTRY, lost: withoutInterval }),
    // @ts-expect-error a status without its console label
    defineTrackingStatuses({ ...TRACKING_STATUS_REGISTRY, lost: withoutConsoleLabel }),
    // @ts-expect-error a status whose email is not a tracking email
    defineTrackingStatuses({ lost: { ...complete, email: 'lost' } }),
    // @ts-expect-error a sentence that is not about a number of boxes
    defineTrackingStatuses({ lost: { ...complete, sentence: 'Your box is lost.' } }),
    // @ts-expect-error a status the registry does not have
    TRACKING_STATUS_REGISTRY.lost,
  ];
}
