import { TRACKING_STATUS_REGISTRY } from '#src/domain/tracking.js';
import { BOOKER } from '../define-email.js';
import {
  boxProblem,
  defineTrackingEmail,
  type Opening,
  type TrackingEmailSubject,
} from './tracking-email.js';

/**
 * Customs hold a box: the sender's side learns what the recipient must send; the recipient, who
 * must act, is told it in their own words. For personal effects, both get the documents list.
 */
export const customsHoldEmail = defineTrackingEmail('customs_hold', {
  when: 'The courier reports a box held by customs',
  to: [...BOOKER, 'contact', 'recipient'],
  wording: (s, o) => {
    const words =
      o.to.party === 'recipient'
        ? toRecipient(s, o)
        : boxProblem(
            s,
            o,
            {
              subject: `Action needed: customs are holding a box (booking ${s.reference})`,
              heading: 'Customs are holding a box',
              happened: `is held by customs in ${s.destination}`,
              nextStep: TRACKING_STATUS_REGISTRY.customs_hold.nextStep,
            },
            'See what to do',
          );
    return { ...words, ...(o.documents ? { checklists: [o.documents] } : {}) };
  },
});

function toRecipient(s: TrackingEmailSubject, o: Opening) {
  const tracking = s.box ? `, tracking number ${s.box.trackingNumber}` : '';
  return {
    subject: `Action needed: customs are holding a box sent to you (booking ${s.reference})`,
    heading: 'Customs are holding a box sent to you',
    paragraphs: [
      o.hello,
      `A box ${o.sender ? `${o.sender} sent you` : 'sent to you'} with BoxAbroad (booking ${s.reference}${tracking}) is held by customs in ${s.destination}.${o.reason}`,
      `Customs need you to send the courier’s clearance team what they ask for, usually a copy of your passport or ID and a list of what is in the box with its value, quoting the tracking number. The courier contacts you by email or phone; if nobody has, reply to this email and we will chase it.`,
    ],
    trackingText: 'See what to do',
  };
}
