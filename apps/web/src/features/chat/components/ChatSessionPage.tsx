import { PageShell } from '@parley/web-ui';

/** /chat/:id, and /scenario/:id with resume state — the chat session. Placeholder until its issue lands. */
export function ChatSessionPage() {
  return <PageShell title="Chat Session" />;
}
