import { CHANGES_POLICY } from '#src/domain/booking-changes-policy.js';
import { MAX_BOXES } from '#src/domain/boxes.js';
import { BRAND } from '#src/domain/site-routes.js';
import { Link } from '../../lib/router.js';
import { hrefOf } from '#src/domain/site-links.js';
import { LegalPage } from '../../components/layout/content-page.js';
import {
  CLAIM_TARGET_TIMES,
  DAMAGE_CLAIM_DAYS,
  LOST_AFTER_WORKING_DAYS,
} from '#src/domain/claims.js';
import { COVER_EXCLUSION_GROUPS, type CoverOf } from '#src/domain/cover-exclusions.js';
import { DEFAULT_COVER_SETTINGS, formatWholePounds } from '#src/domain/pricing.js';

/** The terms changed when they came to describe the cover and how to claim (docs/claims.md). */
export const TERMS_LAST_UPDATED = 'November 29, 2026';

const INCLUDED = formatWholePounds(DEFAULT_COVER_SETTINGS.includedPence);
const MOST_COVER = formatWholePounds(DEFAULT_COVER_SETTINGS.maxCoverPence);
/** The goods' group names, in the customer's words, for one kind of exclusion. */
const groupsCovered = (covered: CoverOf) =>
  COVER_EXCLUSION_GROUPS[covered].map((name) => name.toLowerCase()).join('; ');

/** The sections in order, as the contents list links to them (`#terms-<id>`). */
const CONTENTS = [
  ['about', 'About these terms'],
  ['eligibility', 'Who can use our service'],
  ['service', 'Our service'],
  ['booking', 'Quotes, bookings and payment'],
  ['your-duties', 'Your responsibilities'],
  ['prohibited', 'Prohibited items and limits'],
  ['collection', 'Collection and delivery'],
  ['cancellations', 'Cancellations and refunds'],
  ['cover', 'Cover and claims'],
  ['liability', 'Our liability'],
  ['changes', 'Changes to these terms'],
  ['contact', 'Contact and complaints'],
] as const;

export function TermsPage() {
  return (
    <LegalPage page="terms" heading="Terms & Conditions" lastUpdated={TERMS_LAST_UPDATED}>
      <nav aria-labelledby="terms-contents-title" className="terms__contents">
        <h2 id="terms-contents-title">Contents</h2>
        <ol>
          {CONTENTS.map(([id, title]) => (
            <li key={id}>
              <a href={`#terms-${id}`}>{title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section id="terms-about" aria-labelledby="terms-about-title">
        <h2 id="terms-about-title">1. About these terms</h2>
        <p>
          These terms apply whenever you get a quote from, book with or use {BRAND} (“we”, “us”,
          “our”) to send boxes abroad from the United Kingdom. By booking you accept them, so please
          read them carefully. They do not affect your statutory rights as a consumer.
        </p>
      </section>

      <section id="terms-eligibility" aria-labelledby="terms-eligibility-title">
        <h2 id="terms-eligibility-title">2. Who can use our service</h2>
        <p>
          You must be over 18 years of age to use our service and to book a shipment. By booking you
          confirm that you are over 18 and that the details you give us are true.
        </p>
      </section>

      <section id="terms-service" aria-labelledby="terms-service-title">
        <h2 id="terms-service-title">3. Our service</h2>
        <p>
          We arrange for a courier to collect up to {MAX_BOXES} boxes from an address in the United
          Kingdom and deliver them to an address in the destination country you choose, by our
          Express or Economy service. A Small Box may weigh up to 20 kg and measure up to 46 cm × 46
          cm × 46 cm; a Large box may weigh up to 30 kg and measure up to 60 cm high, 50 cm wide and
          50 cm long.
        </p>
        <p>
          Any box over the weight or size limits of its type is charged extra at the courier’s
          rates, and we will ask you to pay the difference before it is delivered. We do not accept
          backpacks, duffel bags or suitcases.
        </p>
      </section>

      <section id="terms-booking" aria-labelledby="terms-booking-title">
        <h2 id="terms-booking-title">4. Quotes, bookings and payment</h2>
        <p>
          Prices are in pounds sterling and include collection and £50 of cover. The price shown
          when you pay is the price you pay. A booking is confirmed once your payment is taken and
          the courier has accepted the shipment; we then email you your order reference, labels and
          tracking link. If the courier cannot accept a shipment, we do not take your money.
        </p>
      </section>

      <section id="terms-your-duties" aria-labelledby="terms-your-duties-title">
        <h2 id="terms-your-duties-title">5. Your responsibilities</h2>
        <ul>
          <li>Pack each box securely so that its contents survive normal handling in transit.</li>
          <li>
            Declare the contents and value of every box truthfully and completely; customs may open
            any box and may charge duties or taxes in the destination country, which are payable by
            the sender or the receiver.
          </li>
          <li>
            Attach the right label to each box and have the boxes ready on the collection day.
          </li>
          <li>Give correct addresses, phone numbers and email addresses.</li>
        </ul>
      </section>

      <section id="terms-prohibited" aria-labelledby="terms-prohibited-title">
        <h2 id="terms-prohibited-title">6. Prohibited items and limits</h2>
        <p>
          You must not send any item on our{' '}
          <Link to={hrefOf('prohibitedItems')}>Prohibited Items</Link> page, and you must keep to
          its limits: at most 2 electronic devices per box; a shipment value of up to £5,000; no art
          or antiques worth over £5,000 individually; no collectibles worth over £1,800; no
          jewellery and watches worth over £4,000 in total; and some categories of goods may be sent
          to the EU only. Boxes that break these rules may be refused, held, returned or destroyed
          by the courier or customs, at the sender’s cost and without refund.
        </p>
      </section>

      <section id="terms-collection" aria-labelledby="terms-collection-title">
        <h2 id="terms-collection-title">7. Collection and delivery</h2>
        <p>
          Collection takes place on the working day you choose, between 9:00am and 5:30pm. If nobody
          is there to hand over the boxes, the courier may charge for a second attempt. Delivery
          times given for our services are estimates, not guarantees, and may be affected by customs
          checks, weather and other events outside our control.
        </p>
      </section>

      <section id="terms-cancellations" aria-labelledby="terms-cancellations-title">
        <h2 id="terms-cancellations-title">8. Cancellations and refunds</h2>
        <p>
          You may cancel a booking free of charge until the courier has collected your boxes. Where
          a refund is due, including for goods returned to you because they could not be delivered
          through our fault, we will refund you within 14 days of receipt of the returned goods, to
          the card you paid with.
        </p>
        <p>{CHANGES_POLICY.cancel}</p>
        <p>{CHANGES_POLICY.change}</p>
        <p>{CHANGES_POLICY.fixed}</p>
      </section>

      <section id="terms-cover" aria-labelledby="terms-cover-title">
        <h2 id="terms-cover-title">9. Cover and claims</h2>
        <h3>The cover you have</h3>
        <p>
          Every shipment includes {INCLUDED} of cover against loss or damage. When you pay you may
          buy more, up to the declared value of the goods the cover pays for and at most{' '}
          {MOST_COVER} a shipment; its price is shown before you pay. You can raise it after booking
          until the courier collects your boxes.
        </p>
        <h3>What the cover does not pay for</h3>
        <p>
          The courier’s cover pays nothing, not even the included {INCLUDED}, for:{' '}
          {groupsCovered('nothing')}. These goods may be sent, at your own risk.
        </p>
        <p>
          For {groupsCovered('included-only')}, it pays no more than the included {INCLUDED}, shared
          by all of them in the shipment: extra cover does not pay for them. The payment step and
          the cover form name each of your items the cover leaves out.
        </p>
        <h3>What a claim pays</h3>
        <p>
          A claim pays the value you declared for the items you claim for, less what the cover does
          not pay for, and at most the cover you have less anything already paid on claims for the
          same shipment. Declare every item at its true value: we cannot pay more than you declared.
        </p>
        <h3>When you can claim</h3>
        <ul>
          <li>
            <strong>A lost box</strong>: once the courier says it is lost, or once it has had no
            movement for {LOST_AFTER_WORKING_DAYS} working days after its expected delivery date.
          </li>
          <li>
            <strong>A damaged box</strong>: within {DAMAGE_CLAIM_DAYS} days of its delivery. Keep
            the box, its packaging and the damaged goods until the claim is decided: the courier may
            ask to see them.
          </li>
        </ul>
        <h3>How to claim</h3>
        <p>
          Claim online from your order’s page: in <Link to={hrefOf('account')}>your account</Link>{' '}
          (open the order), or through <Link to={hrefOf('manageBooking')}>Manage my booking</Link>{' '}
          with the link we email you. Once a box can be claimed for, the page shows “Claim for a
          lost or damaged box”: choose the box and the items you are claiming for from your
          declaration, and the page works out what the claim can pay before you send it, naming any
          item the cover does not pay for in full. Add photos of the damage and of the packaging,
          and proof of each item’s value (a receipt or an invoice). We look at every claim within{' '}
          {CLAIM_TARGET_TIMES.firstLookWorkingDays} working days and send it to the courier where
          the courier’s cover pays. You follow it on the same page, where you answer if we need
          more, and we email you at each step, with the reason for our decision and the rule it
          rests on.
        </p>
        <h3>How claims are paid</h3>
        <p>
          An approved claim is paid within {CLAIM_TARGET_TIMES.paymentWorkingDays} working days: to
          the card you paid with, up to what is left of your payment after any refunds; above that,
          by bank transfer to a UK bank account you give us.
        </p>
      </section>

      <section id="terms-liability" aria-labelledby="terms-liability-title">
        <h2 id="terms-liability-title">10. Our liability</h2>
        <p>
          For goods the cover pays for, what we pay if your boxes are lost or damaged is set out in
          section 9. For any other loss or damage while your boxes are in our or the courier’s care,
          our liability is limited to the amount you paid for the shipment or 100 USD, whichever is
          greater. We are not liable for losses caused by poor packing, prohibited items, incorrect
          declarations or events outside our reasonable control. Nothing in these terms limits our
          liability for death or personal injury caused by our negligence, for fraud, or for
          anything else that cannot be limited by law.
        </p>
      </section>

      <section id="terms-changes" aria-labelledby="terms-changes-title">
        <h2 id="terms-changes-title">11. Changes to these terms</h2>
        <p>
          We may update these terms from time to time. We will give you 30 days’ notice of any
          material change by email or on this page before it takes effect. Bookings made before a
          change remain under the terms in force when they were made.
        </p>
      </section>

      <section id="terms-contact" aria-labelledby="terms-contact-title">
        <h2 id="terms-contact-title">12. Contact and complaints</h2>
        <p>
          Questions or complaints? <Link to={hrefOf('contact')}>Contact us</Link>; customer service
          runs 9am to 5:30pm Monday to Friday. These terms are governed by the law of England and
          Wales, and the courts of the part of the United Kingdom where you live may hear any
          dispute.
        </p>
      </section>
    </LegalPage>
  );
}
