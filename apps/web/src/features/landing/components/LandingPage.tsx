import { buttonClassName, PageShell } from '@parley/web-ui';
import { Link } from 'react-router';
import './LandingPage.css';

/** / — the landing page. Hero only for now; header, feature grid, steps and pricing teaser come later. */
export function LandingPage() {
  return (
    <PageShell className="landing" eyebrow="PARLEY" title="Transform Conversations with AI">
      <Link to="/auth" className={buttonClassName('primary')}>
        Rocket to Success
      </Link>
    </PageShell>
  );
}
