import { BOX_SPECS, boxDimensions } from '#src/domain/boxes.js';
import { BOOKER } from '../define-email.js';
import { boxes, defineTrackingEmail } from './tracking-email.js';

/** The reminder's "ready by" list: what the courier's driver expects at the door. */
export const READY_BY_CHECKLIST = [
  'A label printed and attached to each box, on its largest side, with nothing covering the barcode',
  'Each box sealed with strong tape',
  `Each box within the size and weight of its type (small: ${boxDimensions(BOX_SPECS.small)}, up to ${BOX_SPECS.small.maxWeightKg} kg; large: ${boxDimensions(BOX_SPECS.large)}, up to ${BOX_SPECS.large.maxWeightKg} kg)`,
  'Nothing prohibited inside (see the prohibited items list on our site)',
  'Someone at the collection address from 9:00 to 17:30',
];

/** The day before the collection: what to have ready, and for personal effects, the documents. */
export const reminderEmail = defineTrackingEmail('reminder', {
  when: 'The day before the collection (optional: the customer may turn it off)',
  to: ['contact', ...BOOKER],
  wording: (s, o) => ({
    subject: `Your collection is tomorrow: booking ${s.reference}`,
    heading: 'Your collection is tomorrow',
    paragraphs: [
      o.hello,
      `The courier will collect ${boxes(s.boxCount)} for ${s.destination} on ${o.day}, between 9:00 and 17:30.`,
    ],
    checklists: [
      { title: 'Before the courier comes', items: READY_BY_CHECKLIST },
      ...(o.documents ? [o.documents] : []),
    ],
    trackingText: 'Track your boxes',
  }),
});
