import { SITE_PAGES } from '#src/domain/site-routes.js';
import { ContactForm } from './contact-form.js';
import { Link } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { hrefOf } from '#src/domain/site-links.js';

export function ContactPage() {
  usePageTitle(SITE_PAGES.contact.title);
  return (
    <div className="page container contact">
      <div className="contact__intro">
        <h1 id="contact-title">Contact us</h1>
        <p className="page__lead">
          Questions about sending your boxes, a booking or a delivery? Send us a message and we will
          reply by email.
        </p>
        <dl className="contact__facts">
          <div>
            <dt>Customer service</dt>
            <dd>9am to 5:30pm Monday to Friday</dd>
          </div>
          <div>
            <dt>About a booking?</dt>
            <dd>Include your order reference so we can find it quickly.</dd>
          </div>
        </dl>
        <p>
          Many answers are already in our <Link to={hrefOf('faq')}>FAQ</Link> and on the{' '}
          <Link to={hrefOf('prohibitedItems')}>Prohibited Items</Link> page.
        </p>
      </div>
      <div className="contact__form card">
        <ContactForm />
      </div>
    </div>
  );
}
