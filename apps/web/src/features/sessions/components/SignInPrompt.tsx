import { buttonClassName } from '@parley/web-ui';
import { Link } from 'react-router';

/** These routes carry no wrapper (spec section 2), but their data needs a token: ask the visitor to log in. */
export function SignInPrompt({ what }: { what: string }) {
  return (
    <section className="pw-card sessions__empty" aria-labelledby="sessions-sign-in">
      <h2 id="sessions-sign-in">Log in to continue</h2>
      <p className="pw-muted">You need to be signed in to see {what}.</p>
      <Link to="/auth" className={buttonClassName('primary')}>
        Log In
      </Link>
    </section>
  );
}
