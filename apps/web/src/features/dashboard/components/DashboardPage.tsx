import { PageShell } from '@parley/web-ui';

/** /dashboard — greeting, stats, scenario of the day, quick actions. Placeholder until its issue lands. */
export function DashboardPage() {
  return <PageShell title="Dashboard" />;
}
