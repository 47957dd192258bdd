import type {
  AiPartner,
  FillerWordsBody,
  GenerateOpeningBody,
  InlineCoaching,
  InlineCoachingBody,
  PostSessionFeedbackBody,
  SessionFeedback,
  SpeechAnalysis,
  SpeechCapabilities,
  StoredFeedback,
} from '@parley/contracts';
import { baseApi } from '../../api/baseApi';

/** The chat screen's JSON calls of spec section 7 (/api/chat/*, /api/analysis/*, increment-sessions). */
export const chatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Who plays the partner; it changes only when coaching restarts with another provider. */
    partner: build.query<AiPartner, void>({ query: () => '/chat/partner', keepUnusedDataFor: 3600 }),
    /**
     * Whether the server has speech-to-text and text-to-speech, asked before the learner speaks: the
     * microphone and voice mode say so up front when nothing can transcribe.
     */
    speechCapabilities: build.query<SpeechCapabilities, void>({
      query: () => '/speech/capabilities',
      keepUnusedDataFor: 3600,
    }),
    /** The AI's first line; `content` is checked by the caller (anything but text gets the fallback). */
    generateOpening: build.mutation<{ content?: unknown }, GenerateOpeningBody>({
      query: (body) => ({ url: '/chat/generate-opening', method: 'POST', body }),
    }),
    inlineCoaching: build.mutation<{ coaching?: InlineCoaching | null }, InlineCoachingBody>({
      query: (body) => ({ url: '/chat/inline-coaching', method: 'POST', body }),
    }),
    /**
     * With `session_id` the server computes the feedback of the stored transcript once, keeps it and
     * completes the session, so everything derived from completed sessions is stale afterwards.
     */
    postSessionFeedback: build.mutation<SessionFeedback | StoredFeedback, PostSessionFeedbackBody>({
      query: (body) => ({ url: '/chat/post-session-feedback', method: 'POST', body }),
      invalidatesTags: (_result, _error, body) =>
        body.session_id
          ? ['Session', 'Progress', 'Feedback', 'Profile', 'Gamification', 'DailyChallenge', 'Leaderboard']
          : [],
    }),
    fillerWords: build.mutation<SpeechAnalysis, FillerWordsBody>({
      query: (body) => ({ url: '/analysis/filler-words', method: 'POST', body }),
    }),
    /** The spec's client calls this when a session ends; the server answers the count it derives itself. */
    incrementSessions: build.mutation<{ sessions_used: number }, string>({
      query: (userId) => ({ url: `/user/increment-sessions/${encodeURIComponent(userId)}`, method: 'POST' }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const {
  usePartnerQuery,
  useSpeechCapabilitiesQuery,
  useGenerateOpeningMutation,
  useInlineCoachingMutation,
  usePostSessionFeedbackMutation,
  useFillerWordsMutation,
  useIncrementSessionsMutation,
} = chatApi;
