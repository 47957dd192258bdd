import { PageShell } from '@parley/web-ui';

/** /auth/callback — e-mail confirmation landing. Placeholder texts from the spec; the auth issue adds the redirect. */
export function AuthCallbackPage() {
  return <PageShell title="Confirming your account..." lead="Please wait while we set up your account." />;
}
