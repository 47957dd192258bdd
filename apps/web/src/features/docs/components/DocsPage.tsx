import { PageShell } from '@parley/web-ui';

/** /docs — documentation with an expandable section sidebar. Placeholder until its issue lands. */
export function DocsPage() {
  return <PageShell title="Documentation" />;
}
