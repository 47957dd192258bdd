import { PageShell } from '@parley/web-ui';

/** /support — contact form, contact options and status. Placeholder until its issue lands. */
export function SupportPage() {
  return <PageShell title="Support" />;
}
