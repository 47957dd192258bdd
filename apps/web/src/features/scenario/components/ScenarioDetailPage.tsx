import { PageShell } from '@parley/web-ui';

/** /scenario/:id without resume state — scenario detail. Placeholder until its issue lands. */
export function ScenarioDetailPage() {
  return <PageShell title="Scenario Details" />;
}
