import { PageShell } from '@parley/web-ui';

/** /session/history and /history — the session history list. Placeholder until its issue lands. */
export function SessionHistoryPage() {
  return <PageShell title="Session History" />;
}
