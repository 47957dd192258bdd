import { PageShell } from '@parley/web-ui';

/** /settings — tabbed settings. Placeholder until its issue lands. */
export function SettingsPage() {
  return <PageShell title="Settings" />;
}
