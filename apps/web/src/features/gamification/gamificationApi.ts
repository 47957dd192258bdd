import type {
  DailyChallenge,
  GamificationSummary,
  League,
  Leaderboard,
  LeaderboardCategory,
  LeaderboardPeriod,
  Recommendations,
  SessionRewards,
  StreakStatus,
} from '@parley/contracts';
import { baseApi } from '../../api/baseApi';

export interface LeaderboardArgs {
  category?: LeaderboardCategory;
  period?: LeaderboardPeriod;
  limit?: number;
}

/** The gamification calls of spec section 7: always the signed-in user's own data. */
export const gamificationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    gamificationSummary: build.query<GamificationSummary | null, void>({
      query: () => '/gamification/summary',
      providesTags: ['Gamification'],
    }),
    dailyChallenges: build.query<DailyChallenge[], void>({
      query: () => '/gamification/daily-challenges',
      providesTags: ['DailyChallenge'],
    }),
    /** Claims a completed challenge; the panel's data is reloaded afterwards (spec section 4). */
    claimDailyChallenge: build.mutation<DailyChallenge, string>({
      query: (challengeId) => ({
        url: '/gamification/claim-daily-challenge',
        method: 'POST',
        body: { challengeId },
      }),
      invalidatesTags: ['Gamification', 'DailyChallenge', 'Leaderboard'],
    }),
    /** One category and period; anything but all-time XP answers 403 for a free plan. */
    leaderboard: build.query<Leaderboard, LeaderboardArgs>({
      query: ({ category = 'xp', period = 'all-time', limit }) => ({
        url: '/gamification/leaderboard',
        params: limit === undefined ? { category, period } : { category, period, limit },
      }),
      providesTags: ['Leaderboard'],
    }),
    /** The streak with its freezes (held, price, the days they covered). */
    streakStatus: build.query<StreakStatus, void>({
      query: () => '/gamification/streak',
      providesTags: ['Gamification'],
    }),
    /** Buys a streak freeze with XP; the streak card and the summary are reloaded. */
    buyStreakFreeze: build.mutation<StreakStatus, void>({
      query: () => ({ url: '/gamification/streak-freezes', method: 'POST', body: {} }),
      invalidatesTags: ['Gamification'],
    }),
    /** This week's league: tier, members ranked by week XP, promotion and demotion zones. */
    league: build.query<League, void>({
      query: () => '/gamification/league',
      providesTags: ['Gamification', 'Leaderboard'],
    }),
    /** Three scenarios for the weakest skill, each with a one-line reason. */
    /** What a completed session earned; not recorded until gamification applied its completion. */
    sessionRewards: build.query<SessionRewards, string>({
      query: (sessionId) => `/gamification/sessions/${encodeURIComponent(sessionId)}/rewards`,
    }),
    recommendations: build.query<Recommendations, void>({
      query: () => '/user/recommendations',
      providesTags: ['Gamification'],
    }),
  }),
});

export const {
  useGamificationSummaryQuery,
  useDailyChallengesQuery,
  useClaimDailyChallengeMutation,
  useLeaderboardQuery,
  useStreakStatusQuery,
  useBuyStreakFreezeMutation,
  useLeagueQuery,
  useRecommendationsQuery,
  useSessionRewardsQuery,
} = gamificationApi;
