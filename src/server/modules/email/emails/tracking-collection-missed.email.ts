import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { BOOKER } from '../define-email.js';
import { boxes, defineTrackingEmail } from './tracking-email.js';

export const collectionMissedEmail = defineTrackingEmail('collection_missed', {
  when: 'The courier did not collect on the collection day',
  to: ['contact', ...BOOKER],
  wording: (s, o) => ({
    ...(s.notRebooked
      ? {
          subject: `Your collection is not rebooked yet: choose a date again (booking ${s.reference})`,
          heading: 'Your collection is not rebooked yet',
          paragraphs: [
            o.hello,
            `We asked the courier to collect ${boxes(s.boxCount)} on ${formatCalendarDate(s.notRebooked)}, but it has not taken that day, so your collection is not rebooked yet. Choose a date again below and we will rebook it with the courier. There is nothing to pay.`,
          ],
        }
      : {
          subject: `Your collection was missed: choose a new date (booking ${s.reference})`,
          heading:
            s.boxCount === 1
              ? 'The courier did not collect your box'
              : 'The courier did not collect your boxes',
          paragraphs: [
            o.hello,
            `The courier did not collect ${boxes(s.boxCount)} on ${o.day}. We are sorry. Choose a new collection date below and we will rebook it with the courier. There is nothing to pay, and once it is rebooked we email you new labels showing the new day.`,
          ],
        }),
    ...(s.newDates && s.newDates.length > 0
      ? {
          choices: {
            title: 'Choose a new collection date',
            options: s.newDates.map((d) => ({ text: formatCalendarDate(d.date), url: d.url })),
          },
        }
      : {}),
    trackingText: 'Choose a new date',
  }),
});
