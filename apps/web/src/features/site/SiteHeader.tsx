import { buttonClassName } from '@parley/web-ui';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectSession } from '../auth/authSlice';
import './site.css';

/** Scroll distance after which the fixed header turns translucent (spec section 9). */
export const HEADER_SCROLL_THRESHOLD = 50;

const LINKS = [
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/docs', label: 'Documentation' },
  { to: '/support', label: 'Support' },
];

/** The public header: fixed, translucent after 50 px, with a mobile menu toggle. */
export function SiteHeader() {
  const session = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const onSignOut = async () => {
    setMenuOpen(false);
    // Loaded on use: it brings the API layer, which the public pages do not need.
    const { signOut } = await import('../auth/authThunks');
    await dispatch(signOut());
    void navigate('/');
  };

  return (
    <header className={`site-header${scrolled ? ' site-header--scrolled' : ''}`} data-scrolled={scrolled}>
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          <span aria-hidden="true">◆</span> Parley
        </Link>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="pw-sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
        </button>
        <nav
          id={menuId}
          className={`site-header__nav${menuOpen ? ' site-header__nav--open' : ''}`}
          aria-label="Main"
        >
          <ul className="site-header__links">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} onClick={() => setMenuOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {session ? (
              <li>
                <NavLink to="/dashboard" onClick={() => setMenuOpen(false)}>
                  Dashboard
                </NavLink>
              </li>
            ) : null}
          </ul>
          <div className="site-header__actions">
            {session ? (
              <button type="button" className={buttonClassName('secondary')} onClick={() => void onSignOut()}>
                Sign Out
              </button>
            ) : (
              <>
                <Link to="/auth" className={buttonClassName('secondary')} onClick={() => setMenuOpen(false)}>
                  Sign In
                </Link>
                <Link to="/auth" className={buttonClassName('primary')} onClick={() => setMenuOpen(false)}>
                  Get Started
                </Link>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
