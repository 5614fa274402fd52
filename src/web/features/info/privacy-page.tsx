import { BRAND } from '#src/domain/site-routes.js';
import { COMPANY, companyLines } from '#src/domain/company.js';
import { Link } from '../../lib/router.js';
import { hrefOf } from '#src/domain/site-links.js';
import { ColumnHeads } from '../../components/ui/column-heads.js';
import { LegalPage } from '../../components/layout/content-page.js';

export const PRIVACY_LAST_UPDATED = '26 November 2026';

/**
 * How long unpaid quotes are kept: the default of `DRAFT_RETENTION_DAYS`, after which the
 * server's hourly job deletes them (docs/decisions/050-abandoned-drafts-deleted-after-30-days.md).
 */
const DRAFT_RETENTION_DAYS = 30;

interface StoredThing {
  name: string;
  kind: string;
  purpose: string;
  lasts: string;
}

/** Every cookie and browser storage entry the site itself sets (kept in step with the code). */
const BROWSER_STORAGE: StoredThing[] = [
  {
    name: 'boxabroad_guest',
    kind: 'Cookie, strictly necessary',
    purpose:
      'Lets this browser open the quotes and bookings it made without an account. It holds a random number, nothing about you.',
    lasts: '400 days',
  },
  {
    name: 'boxabroad.session_token',
    kind: 'Cookie, strictly necessary',
    purpose:
      'Keeps you signed in to your account. Set only when you sign in; removed when you sign out.',
    lasts: '30 days, renewed each day you use the site',
  },
  {
    name: 'boxabroad.orderId',
    kind: 'Session storage',
    purpose: 'Remembers the booking in progress in this browser tab.',
    lasts: 'Until you close the tab',
  },
  {
    name: 'boxabroad.quoteInProgress',
    kind: 'Session storage',
    purpose:
      'The countries, post codes and boxes of the unpaid booking in this tab and the step it is at, so the quote form can show them and offer to continue.',
    lasts: 'Until you close the tab, or the booking is paid for',
  },
  {
    name: 'boxabroad.lastQuestion',
    kind: 'Session storage',
    purpose:
      'The countries, post codes and boxes you last asked a price for in this tab, so going back to the quote form shows them.',
    lasts: 'Until you close the tab, or the booking is paid for',
  },
  {
    name: 'boxabroad.bookingInProgress',
    kind: 'Local storage',
    purpose:
      'The number of the unpaid booking this browser last worked on and the step it is at, so a new tab can offer to continue it. Nothing about you or your addresses.',
    lasts: 'Until the booking is paid for or discarded; not offered after 7 days',
  },
  {
    name: 'boxabroad.addressDraft.…',
    kind: 'Session storage',
    purpose:
      'What you have typed into a collection or delivery address and not saved yet, so reloading the page does not lose it. Never card details.',
    lasts: 'Until the address is saved, the booking is paid for or you close the tab',
  },
  {
    name: 'boxabroad.contact',
    kind: 'Session storage',
    purpose:
      'If you book without an account: the name, email and phone you last gave as the collection contact in this tab, so your next booking in the same tab starts with them.',
    lasts: 'Until you close the tab',
  },
  {
    name: 'expressSelected',
    kind: 'Local storage',
    purpose: 'Remembers whether you last chose Express or Economy.',
    lasts: 'Until you clear your browser’s site data',
  },
];

export function PrivacyPage() {
  return (
    <LegalPage page="privacy" heading="Privacy and cookies" lastUpdated={PRIVACY_LAST_UPDATED}>
      <section aria-labelledby="privacy-who-title">
        <h2 id="privacy-who-title">Who we are</h2>
        <p>
          {BRAND} is run by {COMPANY.legalName}, which decides how the information you give us is
          used (the “controller” under UK data protection law):
        </p>
        <address className="privacy__company">
          {companyLines().map((line, i) => (
            <span key={i}>{line}</span>
          ))}
        </address>
        <p>
          For anything about your information, <Link to={hrefOf('contact')}>contact us</Link>.
        </p>
      </section>

      <section aria-labelledby="privacy-what-title">
        <h2 id="privacy-what-title">What we store and why</h2>
        <ul>
          <li>
            <strong>Quotes and bookings</strong>: where your boxes go from and to (countries and
            postcodes), how many boxes, the service and price, the collection date, the collection
            and delivery addresses with names, phone numbers and email, and the items you declare in
            each box with their values and weights. We need these to price your shipment, book the
            courier, print the labels and the customs documents, and email you about your booking.
          </li>
          <li>
            <strong>Payments</strong>: the amount, whether it was authorised, taken or released, and
            the card processor’s reference for it. Your card details go straight to our card
            processor: we never see or store your card number.
          </li>
          <li>
            <strong>Contact messages</strong>: your name, company, email, phone number and message,
            so that we can answer you.
          </li>
          <li>
            <strong>Your account</strong>, if you create one: your name, email, a scrambled form of
            your password (never the password itself), the items you save for later, the addresses
            you save to your address book (names, addresses, phone numbers and email of you and the
            people you send to), and for each signed-in session the browser and internet address it
            came from, to keep your account secure.
          </li>
          <li>
            <strong>Emails we send you</strong> (booking confirmations, links you ask for), kept so
            that each is sent once and we can tell you whether it was delivered.
          </li>
          <li>
            <strong>Security records</strong>: counts of requests per internet address, to stop
            abuse such as repeated password guesses, and a log of each request to the site (the page
            asked for, when, and the result) to keep the service running.
          </li>
        </ul>
        <p>
          We use this information to provide the service you ask for (our contract with you), to
          meet our legal duties (accounting and customs records) and, for security records, in our
          legitimate interest in keeping the site safe. We never sell it and never use it for
          advertising.
        </p>
      </section>

      <section aria-labelledby="privacy-cookies-title">
        <h2 id="privacy-cookies-title">Cookies and storage in your browser</h2>
        <p>
          We do not use advertising or analytics cookies. We set only what the site needs to work,
          so we do not ask for consent; you can still delete them in your browser at any time.
        </p>
        <div className="privacy__table" tabIndex={0} role="region" aria-labelledby="cookies">
          <table>
            <caption id="cookies">Cookies and browser storage we use</caption>
            <ColumnHeads names={['Name', 'Type', 'What it is for', 'How long it lasts']} />
            <tbody>
              {BROWSER_STORAGE.map((thing) => (
                <tr key={thing.name}>
                  <th scope="row">
                    <code>{thing.name}</code>
                  </th>
                  <td>{thing.kind}</td>
                  <td>{thing.purpose}</td>
                  <td>{thing.lasts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          When you pay, the card fields are provided by our card processor, Stripe, which may set
          its own cookies on the payment page to prevent fraud (see Stripe’s privacy policy).
        </p>
      </section>

      <section aria-labelledby="privacy-share-title">
        <h2 id="privacy-share-title">Who we share it with</h2>
        <ul>
          <li>
            <strong>The courier</strong> we book your shipment with receives the collection and
            delivery addresses, contact names, phone numbers and emails, and the declared items, to
            collect and deliver your boxes. The courier passes the customs declaration to the
            customs authorities of the countries your boxes travel through.
          </li>
          <li>
            <strong>Stripe</strong>, our card processor, receives your card details and billing
            address when you pay, and the amount and our order reference.
          </li>
          <li>
            <strong>Our email service</strong> delivers the emails we send you.
          </li>
          <li>
            Our hosting provider stores the site’s data on our behalf. We share information with
            others only where the law requires it.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-keep-title">
        <h2 id="privacy-keep-title">How long we keep it</h2>
        <ul>
          <li>
            Quotes and bookings never paid for are deleted {DRAFT_RETENTION_DAYS} days after they
            were last changed. One where a card payment was tried is kept with the payment records
            below.
          </li>
          <li>
            Paid bookings, with their labels, customs documents and payment records, are kept for
            six years after the booking, as UK law requires of accounting records.
          </li>
          <li>Contact messages are kept for up to two years after we last answer you.</li>
          <li>
            Your account is kept until you ask us to close it; its sign-in sessions end after 30
            days without use, or when you sign out.
          </li>
          <li>
            Each address in your address book is kept until you delete it on your account page, or
            your account is closed (at most 50).
          </li>
          <li>
            Counts of requests per internet address cover 15 minutes at a time, and each is
            overwritten by the next count for that address.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-rights-title">
        <h2 id="privacy-rights-title">Your rights</h2>
        <p>
          You may ask for a copy of the information we hold about you, have it corrected or deleted
          (unless the law requires us to keep it), or object to how we use it:{' '}
          <Link to={hrefOf('contact')}>contact us</Link> and we will answer within a month. If you
          are unhappy with our answer, you may complain to the Information Commissioner’s Office
          (ico.org.uk).
        </p>
      </section>
    </LegalPage>
  );
}
