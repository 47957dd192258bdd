import { PageShell } from '@parley/web-ui';

/** /terms — static terms and conditions. Placeholder until its issue lands. */
export function TermsPage() {
  return <PageShell title="Terms and Conditions" />;
}
