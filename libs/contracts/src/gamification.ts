import { z } from 'zod';
import { text } from './text';

/*
 * Gamification (spec sections 2 "Gamification panel", 3 and 9): XP, the five skill levels, streaks,
 * badges, daily challenges and leaderboards. The numbers here are the product's, shared by the service
 * that awards them and the web client that shows them.
 */

/** XP per reason (spec section 9). */
export const XP_REWARDS = {
  sessionCompleted: 50,
  newScenario: 25,
  dailyStreak: 10,
  dailyChallenge: 100,
} as const;

/** Why an XP ledger entry exists; also the `reason` of `gamification.xp-awarded`. */
export const XP_REASONS = ['session-completed', 'new-scenario', 'daily-streak', 'daily-challenge'] as const;
export type XpReason = (typeof XP_REASONS)[number];

import { LEVELS } from './constants';

export { LEVELS, type LevelName } from './constants';

/** Streak lengths (days) that are celebrated with a badge (spec section 9). */
export const STREAK_MILESTONES = [7, 30, 100] as const;

/** How many entries the panel's leaderboard shows, and the most a leaderboard query may ask for. */
export const PANEL_LEADERBOARD_SIZE = 10;
export const MAX_LEADERBOARD_SIZE = 100;

/** `most-improved`: the change in average score between two periods (docs/adr/0019). */
export const LEADERBOARD_CATEGORIES = ['xp', 'streak', 'sessions', 'badges', 'most-improved'] as const;
export type LeaderboardCategory = (typeof LEADERBOARD_CATEGORIES)[number];
export const LEADERBOARD_PERIODS = ['weekly', 'monthly', 'all-time'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export const GAMIFICATION_ERRORS = {
  challengeNotFound: "Daily challenge not found: it is not one of today's challenges",
  challengeAlreadyClaimed: 'This daily challenge has already been claimed',
  challengeNotComplete: 'This daily challenge is not complete yet',
  leaderboardPremium:
    'Leaderboards by category and period are part of Premium. Upgrade to see them; the all-time XP leaderboard is open to everyone.',
  freezesFull: 'You already hold the most streak freezes you can (2)',
  freezeTooExpensive: 'Not enough XP to buy a streak freeze',
} as const;

/* Answers, exactly the fields of spec section 3. */

export const levelProgressSchema = z.object({
  /** Percent (0–100, whole number) of the way from the start of the current level to the next. */
  progress: z.number().int().min(0).max(100),
  /** XP earned since reaching the current level. */
  currentXP: z.number().int().nonnegative(),
  /** XP the current level takes from its start to the next level (at the top level: currentXP). */
  nextLevelXP: z.number().int().nonnegative(),
});
export type LevelProgress = z.infer<typeof levelProgressSchema>;

export const earnedBadgeSchema = z.object({
  id: z.string(),
  /** An emoji. */
  icon: z.string(),
  title: z.string(),
  description: z.string(),
  earned_at: z.iso.datetime({ offset: true }),
});
export type EarnedBadge = z.infer<typeof earnedBadgeSchema>;

export const leaderboardEntrySchema = z.object({
  id: z.uuid(),
  username: z.string(),
  xp: z.number().int().nonnegative(),
  level: z.number().int().min(1).max(LEVELS.length),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/** GET /api/gamification/summary. `badges` newest first; `leaderboard` the top by all-time XP, in rank order. */
export const gamificationSummarySchema = z.object({
  level: z.number().int().min(1).max(LEVELS.length),
  /** Current streak in days: 0 once a whole day in the user's time zone passes without activity. */
  streak: z.number().int().nonnegative(),
  xp: z.number().int().nonnegative(),
  badges: z.array(earnedBadgeSchema),
  levelProgress: levelProgressSchema,
  leaderboard: z.array(leaderboardEntrySchema),
});
export type GamificationSummary = z.infer<typeof gamificationSummarySchema>;

/** One of today's daily challenges (GET /api/gamification/daily-challenges answers a list of them). */
export const dailyChallengeSchema = z.object({
  id: z.string(),
  description: z.string(),
  xp: z.number().int().positive(),
  progress: z.number().int().nonnegative(),
  target: z.number().int().positive(),
  /** When the reward was claimed; null until then. */
  completed_at: z.iso.datetime({ offset: true }).nullable(),
});
export type DailyChallenge = z.infer<typeof dailyChallengeSchema>;

/** POST /api/gamification/claim-daily-challenge. */
export const claimDailyChallengeBodySchema = z
  .object({
    challengeId: text({ min: 1, max: 100 }),
  })
  .strict();
export type ClaimDailyChallengeBody = z.infer<typeof claimDailyChallengeBodySchema>;

/**
 * GET /api/gamification/leaderboard (an addition to spec section 7): one category and period. The
 * all-time XP board is everyone's; every other combination is a Premium feature (spec section 6).
 */
export const leaderboardQuerySchema = z
  .object({
    category: z.enum(LEADERBOARD_CATEGORIES).default('xp'),
    period: z.enum(LEADERBOARD_PERIODS).default('all-time'),
    limit: z.coerce.number().int().min(1).max(MAX_LEADERBOARD_SIZE).default(PANEL_LEADERBOARD_SIZE),
  })
  .strict();
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const rankedLeaderboardEntrySchema = leaderboardEntrySchema.extend({
  rank: z.number().int().positive(),
  /**
   * The category's measure: XP, longest streak in days, sessions completed, badges collected, or for
   * most-improved the rise in average score (0–10 scale, one decimal).
   */
  value: z.number().nonnegative(),
});
export type RankedLeaderboardEntry = z.infer<typeof rankedLeaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  category: z.enum(LEADERBOARD_CATEGORIES),
  period: z.enum(LEADERBOARD_PERIODS),
  /** Which week (ISO, UTC) or month (UTC) a weekly or monthly board covers; null for all-time. */
  bucket: z.string().nullable(),
  entries: z.array(rankedLeaderboardEntrySchema),
  /** The caller's own place, also when outside the entries; null when not on this board. */
  me: z.object({ rank: z.number().int().positive(), value: z.number().nonnegative() }).nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/* Habits that last (issue 21, docs/adr/0019): streak freezes, weekly leagues, practice aimed at the
   weakest skill, and the most-improved board. */

/** GET /api/gamification/streak: the streak with its freezes; POST /api/gamification/streak-freezes buys one. */
export const streakStatusSchema = z.object({
  /** As in the summary, but kept alive across missed days that freezes cover. */
  streak: z.number().int().nonnegative(),
  longest: z.number().int().nonnegative(),
  freezesHeld: z.number().int().nonnegative(),
  maxFreezes: z.number().int().positive(),
  /** What a freeze costs in XP; buying spends XP without lowering the level or the leaderboards. */
  freezePrice: z.number().int().positive(),
  /** XP that can still be spent: total XP minus what freezes cost so far. */
  spendableXp: z.number().int().nonnegative(),
  /** Calendar days (the learner's, YYYY-MM-DD) a freeze covered, newest first; the last 30 days. */
  frozenDays: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
});
export type StreakStatus = z.infer<typeof streakStatusSchema>;

/** The streak, league and recommendations reads take no query parameters; any sent is refused by name. */
export const noQuerySchema = z.object({}).strict();

/** POST /api/gamification/streak-freezes takes an empty object (or no body). */
export const buyStreakFreezeBodySchema = z.object({}).strict().default({});

export const LEAGUE_TIERS = [
  'Bronze',
  'Silver',
  'Gold',
  'Sapphire',
  'Ruby',
  'Emerald',
  'Amethyst',
  'Pearl',
  'Obsidian',
  'Diamond',
] as const;
export type LeagueTier = (typeof LEAGUE_TIERS)[number];

export const leagueMemberSchema = leaderboardEntrySchema.extend({
  rank: z.number().int().positive(),
  /** XP earned in this league week (the member's own Monday-to-Monday). */
  weekXp: z.number().int().nonnegative(),
});
export type LeagueMember = z.infer<typeof leagueMemberSchema>;

/** GET /api/gamification/league: the caller's league this week (empty members until they practise). */
export const leagueSchema = z.object({
  /** The ISO week of the caller's Monday, e.g. 2026-W48. */
  week: z.string(),
  tier: z.enum(LEAGUE_TIERS),
  /** When the week is settled (a fixed UTC time, after every time zone's Sunday has ended). */
  settlesAt: z.iso.datetime({ offset: true }),
  members: z.array(leagueMemberSchema),
  /** The caller's place; null until their first XP of the week places them. */
  me: z.object({ rank: z.number().int().positive(), weekXp: z.number().int().nonnegative() }).nullable(),
  /** Ranks 1..promotion move up, ranks above members.length − demotion move down (0 where none can). */
  zones: z.object({ promotion: z.number().int().nonnegative(), demotion: z.number().int().nonnegative() }),
  /** The caller's last settled week, if any: where they finished and what it did to their tier. */
  lastResult: z
    .object({
      week: z.string(),
      rank: z.number().int().positive(),
      outcome: z.enum(['promoted', 'stayed', 'demoted']),
      tier: z.enum(LEAGUE_TIERS),
    })
    .nullable(),
});
export type League = z.infer<typeof leagueSchema>;

export const SKILLS = ['clarity', 'empathy', 'persuasion'] as const;
export type SkillName = (typeof SKILLS)[number];

/** A recommended scenario with the one line that says why. */
export const recommendationSchema = z.object({
  scenario_id: z.string(),
  title: z.string(),
  description: z.string(),
  difficulty: z.string(),
  category: z.string(),
  reason: z.string(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

/** GET /api/user/recommendations: three scenarios for the learner's weakest skill and level. */
export const recommendationsSchema = z.object({
  /** The weakest skill over recent sessions (weighted toward recent ones); null before any session. */
  focus: z.enum(SKILLS).nullable(),
  /** The weighted recent average of each skill (0–10, one decimal); null before any session. */
  averages: z.record(z.enum(SKILLS), z.number()).nullable(),
  /**
   * The difficulty picked for the learner: the experience level they chose, or what their XP level
   * suggests, whichever is higher. A recommendation of another difficulty is there because the learner's
   * catalogue has too few at it (the free scenarios are all Beginner).
   */
  level: z.enum(['Beginner', 'Intermediate', 'Advanced']).optional(),
  recommendations: z.array(recommendationSchema),
});
export type Recommendations = z.infer<typeof recommendationsSchema>;

/** What the gateway hands gamification to choose from: the catalogue as the caller sees it. */
export const recommendationCandidatesSchema = z.object({
  scenarios: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        description: z.string(),
        category: z.string(),
        difficulty: z.string(),
        locked: z.boolean(),
      }),
    )
    .max(1000),
  /** The experience level the learner chose at onboarding (the gateway reads it from identity). */
  experience_level: z.string().max(40).nullable().optional(),
  /** Scenario ids not to recommend: the scenario of the day, which the dashboard already offers. */
  exclude: z.array(z.string()).max(10).optional(),
});
export type RecommendationCandidates = z.infer<typeof recommendationCandidatesSchema>;

/** GET /api/gamification/sessions/{id}/rewards: the path's id. */
export const sessionRewardsParamsSchema = z.object({ id: z.uuid() }).strict();

/**
 * What one completed session earned, as the gamification service recorded it from the session's completion:
 * `recorded` is false until that event has been applied (then everything else is empty), and stays false
 * for a session that is not the caller's. The level is the one before and after its XP.
 */
export const sessionRewardsSchema = z.object({
  recorded: z.boolean(),
  xp: z.array(z.object({ reason: z.enum(XP_REASONS), amount: z.number().int().positive() })),
  totalXp: z.number().int().nonnegative(),
  badges: z.array(earnedBadgeSchema),
  level: z.object({
    before: z.number().int().min(1).max(LEVELS.length),
    after: z.number().int().min(1).max(LEVELS.length),
  }),
});
export type SessionRewards = z.infer<typeof sessionRewardsSchema>;
