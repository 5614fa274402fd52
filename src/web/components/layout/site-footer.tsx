import { companyLines } from '#src/domain/company.js';
import { Link } from '../../lib/router.js';
import { useBrowserValue } from '../../lib/use-browser-value.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';

export const COPYRIGHT_START_YEAR = 2024;

declare const __BUILD_YEAR__: number | undefined;
/**
 * The year the site was built (vite.config.ts): the prerendered HTML's copyright runs to it,
 * until the browser has said which year it is.
 */
const BUILD_YEAR = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear();

export function copyrightLine(year: number): string {
  const span = year > COPYRIGHT_START_YEAR ? `${COPYRIGHT_START_YEAR}–${year}` : `${year}`;
  return `© ${span} BoxAbroad`;
}

export function SiteFooter() {
  const year = useBrowserValue(() => new Date().getFullYear(), BUILD_YEAR);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <p className="site-footer__tagline">Send your boxes abroad from the UK.</p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to={SITE_PAGES.terms.path}>Terms &amp; Conditions</Link>
            </li>
            <li>
              <Link to={SITE_PAGES.prohibitedItems.path}>Prohibited Items</Link>
            </li>
            <li>
              <Link to={SITE_PAGES.contact.path}>Contact</Link>
            </li>
            <li>
              <Link to={SITE_PAGES.manageBooking.path}>Manage my booking</Link>
            </li>
            <li>
              <Link to={SITE_PAGES.privacy.path}>Privacy and cookies</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__company">
          {companyLines().map((line, i) => (
            <span key={i}>{line}</span>
          ))}
        </p>
        <p className="site-footer__copyright">{copyrightLine(year)}</p>
      </div>
    </footer>
  );
}
