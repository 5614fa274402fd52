import { Link } from '../lib/router.js';
import { titleFor } from '../../domain/site-routes.js';
import { usePageTitle } from '../lib/use-page-title.js';

export function HomePage() {
  usePageTitle(titleFor('/'));
  return (
    <section className="hero">
      <div className="container hero__inner">
        <h1 className="hero__title">Send your boxes abroad from the UK</h1>
        <p className="hero__lead">
          An instant price for 1 to 5 boxes, collected from your door as soon as the next working
          day, with labels and tracking included.
        </p>
        <p className="hero__note">
          Instant quotes are on their way. Meanwhile, read{' '}
          <Link to="/how-it-works">how it works</Link> or check the{' '}
          <Link to="/prohibited-items">prohibited items</Link>.
        </p>
      </div>
    </section>
  );
}
