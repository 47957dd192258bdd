import { PageShell } from '@parley/web-ui';

/** /upgrade — premium upgrade. Placeholder until its issue lands. */
export function UpgradePage() {
  return <PageShell title="Premium Upgrade" />;
}
