import type { Attempt, PracticeSession } from '@parley/contracts';
import { baseApi } from '../../api/baseApi';

/** Retry from any turn: a new attempt from a learner message, and every attempt of a conversation. */
export const attemptsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    startAttempt: build.mutation<PracticeSession, { sessionId: string; fromIndex: number }>({
      query: ({ sessionId, fromIndex }) => ({
        url: `/user/sessions/${encodeURIComponent(sessionId)}/attempts`,
        method: 'POST',
        body: { from_index: fromIndex },
      }),
      invalidatesTags: ['Session', 'Profile'],
    }),
    listAttempts: build.query<Attempt[], string>({
      query: (sessionId) => `/user/sessions/${encodeURIComponent(sessionId)}/attempts`,
      providesTags: ['Session', 'Feedback'],
    }),
  }),
});

export const { useStartAttemptMutation, useListAttemptsQuery } = attemptsApi;
