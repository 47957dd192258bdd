import type { CoachThreadEntry } from '@parley/contracts';
import { baseApi } from '../../api/baseApi';

/** The Ask-the-coach thread kept with a session. */
export const coachApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    coachThread: build.query<CoachThreadEntry[], string>({
      query: (sessionId) => `/user/sessions/${encodeURIComponent(sessionId)}/coach`,
      providesTags: (_result, _error, sessionId) => [{ type: 'Feedback', id: `coach-${sessionId}` }],
    }),
  }),
});

export const { useCoachThreadQuery } = coachApi;
