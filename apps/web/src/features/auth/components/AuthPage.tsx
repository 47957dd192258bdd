import { PageShell } from '@parley/web-ui';

/** /auth — log in (default mode) and register. Placeholder until the auth issue lands. */
export function AuthPage() {
  return <PageShell title="Log In" />;
}
