import { CHANGES_POLICY } from '#src/domain/booking-changes-policy.js';
import { MAX_BOXES } from '#src/domain/boxes.js';
import { FaqAccordion, type FaqEntry } from './faq-accordion.js';
import { Link } from '../../lib/router.js';
import { hrefOf } from '#src/domain/site-links.js';
import { ContentPage } from '../../components/layout/content-page.js';
import { DAMAGE_CLAIM_DAYS, LOST_AFTER_WORKING_DAYS } from '#src/domain/claims.js';
import { DEFAULT_COVER_SETTINGS, formatWholePounds } from '#src/domain/pricing.js';

const INCLUDED = formatWholePounds(DEFAULT_COVER_SETTINGS.includedPence);

const ENTRIES: readonly FaqEntry[] = [
  {
    question: 'How many boxes can I send?',
    answer: (
      <>
        <p>
          Our service covers up to {MAX_BOXES} boxes per booking, in any mix of our two sizes: the
          Small Box (up to 20 kg, 46 × 46 × 46 cm) and the Large box (up to 30 kg, 60 cm high × 50 ×
          50 cm).
        </p>
        <p>Sending more? Make a second booking, or contact us and we will help you plan it.</p>
      </>
    ),
  },
  {
    question: 'When will my boxes be collected?',
    answer: (
      <p>
        You choose the day when you book: any working day from the next working day up to the fifth.
        The courier comes between 9:00am and 5:30pm on that day, so make sure someone is at the
        collection address to hand the boxes over.
      </p>
    ),
  },
  {
    question: 'What can’t I send?',
    answer: (
      <p>
        Cash, animals, aerosols, food and beverages, illegal drugs, flammable goods, gold and
        jewellery, weapons and sharp objects, and batteries cannot be sent. Value limits also apply,
        for example at most 2 electronic devices per box and a shipment value of up to £5,000. See
        the full list of <Link to={hrefOf('prohibitedItems')}>prohibited items and limits</Link>.
      </p>
    ),
  },
  {
    question: 'Can I cancel or change my booking?',
    answer: (
      <>
        <p>{CHANGES_POLICY.cancel}</p>
        <p>{CHANGES_POLICY.change}</p>
        <p>{CHANGES_POLICY.fixed}</p>
      </>
    ),
  },
  {
    question: 'What if a box is lost or damaged?',
    answer: (
      <>
        <p>
          Every shipment includes {INCLUDED} of cover, and you can buy more when you pay. Some goods
          are covered only by the included {INCLUDED}, and some not at all: the payment step names
          each of your items the cover leaves out.
        </p>
        <p>
          A lost box can be claimed for once the courier says it is lost, or after{' '}
          {LOST_AFTER_WORKING_DAYS} working days with no movement past its expected delivery; a
          damaged one within {DAMAGE_CLAIM_DAYS} days of delivery. How to claim, what a claim pays
          and how it is paid are in our{' '}
          <Link to={hrefOf('terms', undefined, undefined, 'terms-cover')}>
            Terms, “Cover and claims”
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    question: 'How can I contact customer service?',
    answer: (
      <p>
        Customer service runs 9am to 5:30pm Monday to Friday. Send us a message through our{' '}
        <Link to={hrefOf('contact')}>contact form</Link>, with your order reference if you have one,
        and we will reply by email.
      </p>
    ),
  },
];

export function FaqPage() {
  return (
    <ContentPage
      page="faq"
      heading="Frequently asked questions"
      lead={
        <>
          Quick answers about sending your boxes abroad. Can’t find yours?{' '}
          <Link to={hrefOf('contact')}>Contact us</Link>.
        </>
      }
    >
      <FaqAccordion entries={ENTRIES} />
    </ContentPage>
  );
}
