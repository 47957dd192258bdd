import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiErrorMessage, type ApiError } from '../../api/baseApi';
import { useAppSelector } from '../../app/hooks';
import { confirmUser } from '../../lib/browser';
import type { ChatResumeState } from '../chat/chatNavigation';
import { useGetProfileQuery } from '../profile/profileApi';
import { remainingSessions } from '../scenario/sessionAllowance';
import { useStartAttemptMutation } from './attemptsApi';
import { tryAgainQuestion } from './tryAgainText';

export { TRY_AGAIN_TEXT } from './tryAgainText';

/**
 * "Try again from here": the server starts a new attempt with the conversation up to the learner's
 * message, and the chat opens on it with that message in the input to rework. On the free plan (or a
 * plan not known yet) it first asks, saying that the retry uses one of the month's sessions.
 */
export function useTryAgain() {
  const [start, { isLoading }] = useStartAttemptMutation();
  const navigate = useNavigate();
  const [error, setError] = useState<{ message: string; upgrade: boolean } | null>(null);
  const userId = useAppSelector((s) => s.auth.session?.user.id ?? null);
  const profile = useGetProfileQuery(userId ?? skipToken).data;

  const tryAgain = useCallback(
    async (sessionId: string, fromIndex: number, line: string) => {
      setError(null);
      if (profile?.plan !== 'premium') {
        const left = profile ? remainingSessions(profile) : null;
        if (!confirmUser(tryAgainQuestion(left))) return;
      }
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
    [navigate, profile, start],
  );

  return { tryAgain, pending: isLoading, error };
}
