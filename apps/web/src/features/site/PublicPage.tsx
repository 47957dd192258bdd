import { PageShell, type PageShellProps } from '@parley/web-ui';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** A public screen: the site header, the page itself and the footer. */
export function PublicPage(props: PageShellProps) {
  return (
    <>
      <SiteHeader />
      <PageShell {...props} />
      <SiteFooter />
    </>
  );
}
