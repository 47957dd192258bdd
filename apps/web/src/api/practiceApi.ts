import type {
  CreateSessionBody,
  PracticeSession,
  PracticeSessionSummary,
  ProgressRecord,
  Scenario,
  StoredFeedback,
} from '@parley/contracts';
import { baseApi } from './baseApi';

/**
 * The input of POST /api/user/sessions: defaults may be left out. The server answers the scenario's
 * active session (resumed) or a new one with the partner's opening; `start_over` asks for a new one.
 */
export type StartSessionInput = Partial<Omit<CreateSessionBody, 'messages'>> &
  Pick<CreateSessionBody, 'scenario_id'>;

/**
 * The practice API of spec section 7 that more than one screen reads: the scenario catalogue, the
 * user's sessions, their feedback and progress. Screen-specific calls live with their feature.
 */
export const practiceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listScenarios: build.query<Scenario[], void>({
      query: () => '/user/scenarios',
      providesTags: ['Scenario'],
    }),
    getScenario: build.query<Scenario, string>({
      query: (id) => `/user/scenarios/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Scenario', id }],
    }),
    dailyScenario: build.query<Scenario, void>({
      query: () => '/user/scenarios/daily',
      providesTags: ['Scenario'],
    }),
    /** A fresh pick on every call: a mutation, so nothing is cached. */
    randomScenario: build.mutation<Scenario, void>({
      query: () => '/user/scenarios/random',
    }),

    listSessions: build.query<PracticeSessionSummary[], void>({
      query: () => '/user/sessions',
      providesTags: ['Session'],
    }),
    getSession: build.query<PracticeSession, string>({
      query: (id) => `/user/sessions/view/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Session', id }],
    }),
    /** The caller's latest session (the path names the caller's own id). */
    lastSession: build.query<PracticeSession, string>({
      query: (userId) => `/user/sessions/last/${encodeURIComponent(userId)}`,
      providesTags: ['Session'],
    }),
    startSession: build.mutation<PracticeSession, StartSessionInput>({
      query: (body) => ({ url: '/user/sessions', method: 'POST', body }),
      invalidatesTags: ['Session', 'Profile'],
    }),
    deleteSession: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: `/user/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Session', 'Progress', 'Feedback'],
    }),

    /** Completes the session once and returns its stored feedback (POST /api/user/feedback). */
    completeSession: build.mutation<StoredFeedback, { session_id: string; scenario_id?: string }>({
      query: (body) => ({ url: '/user/feedback', method: 'POST', body }),
      invalidatesTags: ['Session', 'Progress', 'Feedback', 'Profile', 'Gamification', 'DailyChallenge'],
    }),
    progress: build.query<ProgressRecord[], string>({
      query: (userId) => `/user/progress/${encodeURIComponent(userId)}`,
      providesTags: ['Progress'],
    }),
  }),
});

export const {
  useListScenariosQuery,
  useGetScenarioQuery,
  useDailyScenarioQuery,
  useRandomScenarioMutation,
  useListSessionsQuery,
  useGetSessionQuery,
  useLastSessionQuery,
  useStartSessionMutation,
  useDeleteSessionMutation,
  useCompleteSessionMutation,
  useProgressQuery,
} = practiceApi;
