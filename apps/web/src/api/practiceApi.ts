import type {
  CreateSessionBody,
  Message,
  PracticeSession,
  PracticeSessionSummary,
  ProgressRecord,
  Scenario,
  StoredFeedback,
} from '@parley/contracts';
import { baseApi } from './baseApi';

/** The input of POST /api/user/sessions: defaults (tone, messages) may be left out. */
export type StartSessionInput = Partial<CreateSessionBody> & Pick<CreateSessionBody, 'scenario_id'>;

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
    appendMessages: build.mutation<PracticeSession, { id: string; messages: Message[] }>({
      query: ({ id, messages }) => ({
        url: `/user/sessions/${encodeURIComponent(id)}/messages`,
        method: 'POST',
        body: { messages },
      }),
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
  useAppendMessagesMutation,
  useDeleteSessionMutation,
  useCompleteSessionMutation,
  useProgressQuery,
} = practiceApi;
