import type { Message } from '@parley/contracts';
import { useMemo } from 'react';
import { useAppStore } from '../../../app/hooks';
import { createAuthorizedFetch } from '../../chat/authorizedFetch';
import { ExportButton } from './ExportButton';

/**
 * Export Transcript for a stored session, where the live chat is not (Replay, History): the same export
 * job and download as the chat's button (the export API as it is), for the session's id.
 */
export function SessionExportButton({
  sessionId,
  messages = [],
  describedBy,
}: {
  sessionId: string;
  /** The transcript, when the screen has it; the job exports the stored session either way. */
  messages?: readonly Message[];
  describedBy?: string;
}) {
  const store = useAppStore();
  const fetcher = useMemo(() => createAuthorizedFetch(store), [store]);
  return (
    <ExportButton
      fetch={fetcher}
      sessionId={sessionId}
      transcript={() => ({ messages: messages.map((m) => ({ sender: m.sender, content: m.content })) })}
      describedBy={describedBy}
    />
  );
}
