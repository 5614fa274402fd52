import { companyLines } from '../../../domain/company.js';
import { Link } from '../../lib/router.js';

export const COPYRIGHT_START_YEAR = 2024;

export function copyrightLine(now = new Date()): string {
  const year = now.getFullYear();
  const span = year > COPYRIGHT_START_YEAR ? `${COPYRIGHT_START_YEAR}–${year}` : `${year}`;
  return `© ${span} BoxAbroad`;
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <p className="site-footer__tagline">Send your boxes abroad from the UK.</p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to="/terms">Terms &amp; Conditions</Link>
            </li>
            <li>
              <Link to="/prohibited-items">Prohibited Items</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/manage-booking">Manage my booking</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy and cookies</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__company">
          {companyLines().map((line, i) => (
            <span key={i}>{line}</span>
          ))}
        </p>
        <p className="site-footer__copyright">{copyrightLine()}</p>
      </div>
    </footer>
  );
}
