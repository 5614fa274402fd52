import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, type RouterLocation } from '../../lib/router.js';
import { BrandLogo } from './brand-logo.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';

export const HEADER_LINKS = [
  { to: SITE_PAGES.howItWorks.path, label: 'How It Works' },
  { to: SITE_PAGES.faq.path, label: 'FAQ' },
  { to: SITE_PAGES.prohibitedItems.path, label: 'Prohibited Items' },
  { to: SITE_PAGES.contact.path, label: 'Contact' },
] as const;

export interface HeaderUser {
  name: string;
  /** An operator's header also links to the console. */
  role?: string;
}

/** `user`: the signed-in account (its name, with Sign out), or null. */
export function SiteHeader({
  user = null,
  onSignOut,
}: {
  user?: HeaderUser | null;
  onSignOut?: () => void;
}) {
  const location = useLocation();
  // The location the phone menu was opened at: any navigation (a click, back or forward) makes
  // a new location, which closes the menu, with no extra render.
  const [openOn, setOpenOn] = useState<RouterLocation | null>(null);
  const menuOpen = openOn === location;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? location : null);
  const closeMenu = () => setMenuOpen(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the menu and returns focus to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <div className="site-header__inner container">
        <Link to={SITE_PAGES.home.path} className="brand" aria-label="BoxAbroad home">
          <BrandLogo />
          <span className="brand__name">BoxAbroad</span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
          Menu
        </button>
        <nav
          id={menuId}
          className={`site-nav${menuOpen ? ' site-nav--open' : ''}`}
          aria-label="Main"
        >
          <ul className="site-nav__list">
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="site-nav__link" onClick={closeMenu}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {user ? (
              <>
                {user.role === 'admin' && (
                  <li>
                    <NavLink
                      to={SITE_PAGES.adminDashboard.path}
                      className="site-nav__link"
                      onClick={closeMenu}
                    >
                      Admin
                    </NavLink>
                  </li>
                )}
                <li>
                  <NavLink
                    to={SITE_PAGES.account.path}
                    className="site-nav__link site-nav__account"
                    onClick={closeMenu}
                  >
                    <span className="visually-hidden">Your account: </span>
                    {user.name}
                  </NavLink>
                </li>
                <li>
                  <button
                    type="button"
                    className="site-nav__link site-nav__link--login"
                    onClick={() => {
                      closeMenu();
                      onSignOut?.();
                    }}
                  >
                    Sign out
                  </button>
                </li>
              </>
            ) : (
              <li>
                <NavLink
                  to={SITE_PAGES.login.path}
                  end
                  className="site-nav__link site-nav__link--login"
                  onClick={closeMenu}
                >
                  Log in
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
