import { BoxSizes } from '../../components/content/box-sizes.js';
import { HOW_IT_WORKS_STEPS } from '../../components/content/how-it-works-steps.js';
import { ImportChargesInfo } from '../import-charges/index.js';
import { Link } from '../../lib/router.js';
import { hrefOf } from '#src/domain/site-links.js';
import { ContentPage } from '../../components/layout/content-page.js';

export function HowItWorksPage() {
  return (
    <ContentPage
      page="howItWorks"
      heading="How It Works"
      lead={
        <>
          Sending your belongings abroad takes four steps. Here is what happens at each one, and
          what you need to do.
        </>
      }
    >
      <div className="detail-steps">
        <section className="detail-step" aria-labelledby="book-title">
          <StepImage index={0} />
          <div className="detail-step__body">
            <h2 id="book-title">1. Book your item(s)</h2>
            <p>
              On the <Link to={hrefOf('home')}>home page</Link>, choose your UK collection region
              and post code, the destination country and post code, and how many Small and Large
              boxes you are sending (up to 5 in total). You will see a price for our Express service
              and our Economy service at once.
            </p>
            <p>
              Pick a service, enter the collection and delivery addresses, choose a collection day,
              list what each box contains and pay by card. You do not need an account. A
              confirmation email follows with your order reference, labels and tracking link.
            </p>
          </div>
        </section>

        <section className="detail-step" aria-labelledby="pack-title">
          <StepImage index={1} />
          <div className="detail-step__body">
            <h2 id="pack-title">2. Pack your item(s)</h2>
            <p>Use strong, double-walled cardboard boxes no bigger than your chosen sizes:</p>
            <BoxSizes />
            <ul>
              <li>
                Wrap fragile things one by one and fill gaps with paper or bubble wrap, so nothing
                moves when you shake the box.
              </li>
              <li>
                Put heavy items at the bottom and keep each box within its weight limit. Weigh it on
                bathroom scales if you are not sure.
              </li>
              <li>
                Seal every seam with strong parcel tape, and remove or cover old labels and
                barcodes.
              </li>
              <li>Do not use suitcases, backpacks or duffel bags: we carry boxes only.</li>
              <li>
                Check the <Link to={hrefOf('prohibitedItems')}>prohibited items and limits</Link>{' '}
                before you pack: at most 2 electronic devices per box, for example.
              </li>
            </ul>
          </div>
        </section>

        <section className="detail-step" aria-labelledby="collect-title">
          <StepImage index={2} />
          <div className="detail-step__body">
            <h2 id="collect-title">3. We Collect</h2>
            <p>
              Collection is available from the next working day up to the fifth working day after
              you book. Weekends and bank holidays are not collection days.
            </p>
            <p>
              On the day, the courier arrives between 9:00am and 5:30pm. Someone needs to be at the
              collection address to hand over the boxes, with a label attached to each. The driver
              scans every box, and from then on you can follow it.
            </p>
          </div>
        </section>

        <section className="detail-step" aria-labelledby="track-title">
          <StepImage index={3} />
          <div className="detail-step__body">
            <h2 id="track-title">4. Track your item(s)</h2>
            <p>
              Your confirmation email and confirmation page carry one label per box. Print them on
              plain A4 paper and tape one securely to the largest side of each box, with the barcode
              flat and fully visible.
            </p>
            <p>
              The tracking link in the same email shows where your boxes are, from collection to
              delivery. If anything looks wrong, <Link to={hrefOf('contact')}>contact us</Link> with
              your order reference; customer service runs 9am to 5:30pm Monday to Friday.
            </p>
            <p>
              If a box is lost or arrives damaged, your cover pays for the goods it covers: see{' '}
              <Link to={hrefOf('terms', undefined, undefined, 'terms-cover')}>
                how and when to claim
              </Link>
              .
            </p>
          </div>
        </section>

        <p className="detail-steps__cta">
          <Link to={hrefOf('home')} className="button button--primary">
            Get a quote
          </Link>
        </p>
      </div>

      <ImportChargesInfo />
    </ContentPage>
  );
}

function StepImage({ index }: { index: number }) {
  const step = HOW_IT_WORKS_STEPS[index];
  if (!step) return null;
  return (
    <img
      className="detail-step__image"
      src={step.image}
      alt=""
      width="160"
      height="120"
      loading={index === 0 ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
