import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiErrorMessage, type ApiError } from '../../api/baseApi';
import type { ChatResumeState } from '../chat/chatNavigation';
import { useStartAttemptMutation } from './attemptsApi';

export { TRY_AGAIN_TEXT } from './tryAgainText';

/**
 * "Try again from here": the server starts a new attempt with the conversation up to the learner's
 * message, and the chat opens on it with that message in the input to rework.
 */
export function useTryAgain() {
  const [start, { isLoading }] = useStartAttemptMutation();
  const navigate = useNavigate();
  const [error, setError] = useState<{ message: string; upgrade: boolean } | null>(null);

  const tryAgain = useCallback(
    async (sessionId: string, fromIndex: number, line: string) => {
      setError(null);
      try {
        const attempt = await start({ sessionId, fromIndex }).unwrap();
        const state: ChatResumeState = {
          resume: true,
          sessionId: attempt.id,
          messages: attempt.messages,
          tone: attempt.tone_preference,
          avatar: attempt.avatar_style ?? undefined,
          draft: line,
          retryOf: { sessionId, fromIndex },
        };
        void navigate(`/chat/${encodeURIComponent(attempt.scenario_id)}`, { state });
      } catch (caught) {
        setError({ message: apiErrorMessage(caught), upgrade: (caught as ApiError).status === 403 });
      }
    },
    [navigate, start],
  );

  return { tryAgain, pending: isLoading, error };
}
