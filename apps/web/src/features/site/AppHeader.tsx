import { Link, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectSession } from '../auth/authSlice';
import './app-header.css';

const APP_LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: '🏠', section: ['/dashboard', '/upgrade'] },
  { to: '/library', label: 'Library', icon: '📚', section: ['/library', '/scenario/', '/chat/'] },
  { to: '/history', label: 'History', icon: '🕘', section: ['/history', '/session/'] },
  { to: '/settings', label: 'Settings', icon: '⚙️', section: ['/settings'] },
];

/**
 * The signed-in screens' header: the brand back to the dashboard and the four places a learner moves
 * between, so every screen offers the same way home. Nothing without a session (history and replay
 * carry no wrapper and then ask the visitor to log in).
 */
export function AppHeader() {
  const session = useAppSelector(selectSession);
  const { pathname } = useLocation();
  if (!session) return null;
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/dashboard" className="app-header__brand">
          <span aria-hidden="true">◆</span> Parley
        </Link>
        <nav className="app-header__nav" aria-label="App">
          <ul className="app-header__links">
            {APP_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="app-header__link"
                  // The place a screen belongs to: a scenario or a chat is in the library, a replay in history.
                  aria-current={link.section.some((start) => pathname.startsWith(start)) ? 'page' : undefined}
                >
                  <span aria-hidden="true" className="app-header__icon">
                    {link.icon}
                  </span>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

/** Layout route of the signed-in screens: the app header above the screen. */
export function AppFrame() {
  return (
    <>
      <AppHeader />
      <Outlet />
    </>
  );
}
