import { PageShell } from '@parley/web-ui';

/** /features — the features page (spec section 2, "Features page"). Placeholder until its issue lands. */
export function FeaturesPage() {
  return <PageShell title="Features" />;
}
