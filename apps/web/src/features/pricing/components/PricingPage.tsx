import { PageShell } from '@parley/web-ui';

/** /pricing — the spec does not show this screen's content; the landing page carries a pricing teaser. */
export function PricingPage() {
  return <PageShell title="Pricing" />;
}
