import { PageShell } from '@parley/web-ui';

/** /library — searchable, filterable scenario library. Placeholder until its issue lands. */
export function LibraryPage() {
  return <PageShell title="Scenario Library" />;
}
