import { Button } from '@parley/web-ui';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { reloadPage } from '../../../lib/browser';
import { useGlitch } from '../useGlitch';
import './NotFoundPage.css';

export const FUN_FACT =
  'The status code 404 comes from HTTP itself: every 4xx code means the request went astray, and 404 means nothing lives at that address.';

/** Any unknown path (spec section 2, "Not-found page"). */
export function NotFoundPage() {
  const headingId = useId();
  const glitching = useGlitch();
  const navigate = useNavigate();
  const location = useLocation();

  const takeMeHome = () => {
    // The spec's 'Take Me Home' goes back one history step. When this page is the first entry of the
    // visit there is no step back inside the app, so go to the landing page instead of leaving the site.
    if (location.key === 'default') void navigate('/');
    else void navigate(-1);
  };

  return (
    <main className="not-found" aria-labelledby={headingId}>
      <p
        className={glitching ? 'not-found__code not-found__code--glitch' : 'not-found__code'}
        data-glitch={glitching}
      >
        404
      </p>
      <h1 id={headingId} className="not-found__title">
        Oops! Lost in Cyberspace
      </h1>
      <p className="not-found__text">The page you&apos;re looking for has drifted into the digital void...</p>
      <div className="not-found__actions">
        <Button onClick={takeMeHome}>Take Me Home</Button>
        <Button variant="secondary" onClick={reloadPage}>
          Try Again
        </Button>
      </div>
      <aside className="not-found__fact" aria-label="Fun fact">
        <strong>Fun fact:</strong> {FUN_FACT}
      </aside>
    </main>
  );
}
