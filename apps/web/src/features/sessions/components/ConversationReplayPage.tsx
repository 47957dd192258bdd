import { PageShell } from '@parley/web-ui';

/** /session/view/:id — conversation replay. Placeholder until its issue lands. */
export function ConversationReplayPage() {
  return <PageShell title="Conversation Replay" />;
}
