import { PageShell } from '@parley/web-ui';

/** /privacy — static privacy policy. Placeholder until its issue lands. */
export function PrivacyPage() {
  return <PageShell title="Privacy Policy" />;
}
