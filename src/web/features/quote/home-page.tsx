import { DESTINATIONS } from '#src/domain/countries.js';
import { GOODS_LIST } from '#src/domain/goods-list.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { BoxSizes } from '../../components/content/box-sizes.js';
import { HowItWorksSteps } from '../../components/content/how-it-works-steps.js';
import { ProhibitedList, RestrictedList } from '../../components/content/prohibited-list.js';
import { DestinationPrices } from './destination-prices.js';
import { QuoteForm, type QuoteFormHandle } from './quote-form.js';
import { useRef, type ReactNode } from 'react';
import { takeHomeError } from './quote-handoff.js';
import {
  adoptBooking,
  bookingInAnotherTab,
  lastQuestion,
  quoteInProgress,
  rememberQuestion,
} from './quote-in-progress.js';
import { quoteSearchOf } from '#src/domain/quote-question.js';
import { Link, useNavigate } from '../../lib/router.js';
import { useBrowserValue } from '../../lib/use-browser-value.js';
import { usePageTitle } from '../../lib/use-page-title.js';

export function HomePage() {
  usePageTitle(SITE_PAGES.home.title);
  const navigate = useNavigate();
  // Only this tab knows these, so the prerendered page has none of them: each is read once the
  // page has hydrated (useBrowserValue). A quote that found nothing comes back here with its
  // message (spec: homeErrorMessage).
  const homeError = useBrowserValue(takeHomeError, null);
  // This tab's unpaid order: the form shows its quote (Back from /quote, Change quote) and the
  // hero offers to carry on where the booking stopped.
  const kept = useBrowserValue(quoteInProgress, null);
  // The question this tab last asked (Back from /quote) goes back into the form.
  const asked = useBrowserValue(lastQuestion, null);
  // A booking this browser started in another tab, offered when this tab has none.
  const elsewhere = useBrowserValue(() => (quoteInProgress() ? null : bookingInAnotherTab()), null);
  // "/?to=fr": a link to a quote for one destination (the destination tiles below).
  const linked = useBrowserValue(() => new URLSearchParams(window.location.search).get('to'), null);
  const linkedDestination =
    DESTINATIONS.find((d) => d.countryCode === linked?.toUpperCase())?.countryId ?? null;
  const form = useRef<QuoteFormHandle>(null);
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">Courier collection from anywhere in the UK</p>
            <h1 className="hero__title" id="hero-title">
              Send your boxes abroad from the UK
            </h1>
            <p className="hero__lead">
              An instant price for 1 to 5 boxes to 12 countries. We collect from your door as soon
              as the next working day, with labels and tracking included.
            </p>
            <ul className="hero__points">
              <li>Next-day collection</li>
              <li>Express or Economy</li>
              <li>£50 cover included</li>
              <li>No account needed</li>
            </ul>
            {(kept ?? elsewhere) && (
              <Link
                to={(kept ?? elsewhere)?.next ?? SITE_PAGES.home.path}
                className="button button--accent hero__continue"
                onClick={() => {
                  if (!kept && elsewhere) adoptBooking(elsewhere);
                }}
              >
                Continue your booking
              </Link>
            )}
          </div>
          <div className="hero__form">
            <QuoteForm
              // The form takes these as its first values: arriving with any, it starts again with
              // them once they are read (a tile clicked later chooses its destination itself).
              key={homeError || kept || asked || linked ? 'arrival' : 'new'}
              initialError={homeError?.message ?? null}
              initialRequest={homeError ? homeError.request : (asked ?? kept?.request)}
              initialDestinationId={linkedDestination}
              ref={form}
              onGetQuotes={(request) => {
                // To /quote at once (docs/product-rules.md), the question in its address: it asks
                // for the prices and shows a spinner meanwhile.
                rememberQuestion(request);
                void navigate(`${SITE_PAGES.quote.path}?${quoteSearchOf(request)}`);
              }}
            />
          </div>
        </div>
      </section>

      <LeadSection
        id="how-it-works"
        title="How it Works"
        lead="From quote to doorstep in four steps."
      >
        <HowItWorksSteps />
        <p>
          <Link to={SITE_PAGES.howItWorks.path} className="more-link">
            Read more about how it works
          </Link>
        </p>
      </LeadSection>

      <section className="section section--highlight" aria-labelledby="next-day-title">
        <div className="container next-day">
          <div>
            <h2 id="next-day-title">Next-day collection</h2>
            <p className="section__lead">
              Book today and a courier can collect as soon as the next working day, between 9:00am
              and 5:30pm. Pick any working day up to the fifth working day ahead.
            </p>
          </div>
          <a className="button button--accent" href="#quote-form-title">
            Get a quote
          </a>
        </div>
      </section>

      <LeadSection
        id="destinations"
        title="Where we deliver"
        lead="Economy prices for one Small Box (20 kg), collection and £50 cover included."
      >
        <DestinationPrices onChoose={(countryId) => form.current?.chooseDestination(countryId)} />
      </LeadSection>

      <section className="section section--soft" aria-labelledby="deliver-title">
        <div className="container deliver">
          <div className="deliver__text">
            <h2 id="deliver-title">What We Deliver</h2>
            <p>
              Moving abroad, sending a student off to university or returning home after a few years
              in the UK? We carry personal belongings — clothes, books, kitchenware, toys, sports
              kit and keepsakes — packed in boxes, from your door in the UK to the address you
              choose in Australia, Canada, New Zealand, South Africa, the United States and seven
              countries of the European Union.
            </p>
            <p>
              Choose Express for speed or Economy for value. Every box travels with its own label
              and tracking number, and £50 of cover is included with every booking.
            </p>
          </div>
          <BoxSizes />
        </div>
      </section>

      <LeadSection
        id="prohibited"
        anchor
        title="Prohibited Items"
        lead="For everyone’s safety, these cannot be sent:"
      >
        <ProhibitedList categories={GOODS_LIST} />
        <p>These can be sent only within a limit, or only to the EU:</p>
        <RestrictedList categories={GOODS_LIST} />
        <p>
          <Link to={SITE_PAGES.prohibitedItems.path} className="more-link">
            See every prohibited item and limit
          </Link>
        </p>
      </LeadSection>
    </>
  );
}

/**
 * One of the home page's plain sections: its heading (`<id>-title`), the sentence that leads it,
 * then its content. `anchor`: the section can be linked to as `#<id>`.
 */
function LeadSection(props: {
  id: string;
  anchor?: boolean;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  const { id, title, lead, children } = props;
  return (
    <section className="section" id={props.anchor ? id : undefined} aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`}>{title}</h2>
        <p className="section__lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}
