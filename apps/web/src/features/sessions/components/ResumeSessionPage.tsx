import { PageShell } from '@parley/web-ui';

/** /session/resume — loads the latest session and resumes it in the chat. Placeholder until its issue lands. */
export function ResumeSessionPage() {
  return <PageShell title="Resume Last Session" />;
}
