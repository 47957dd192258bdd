import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  claimDailyChallengeBodySchema,
  dailyChallengeSchema,
  gamificationSummarySchema,
  buyStreakFreezeBodySchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  leagueSchema,
  recommendationsSchema,
  sessionRewardsParamsSchema,
  sessionRewardsSchema,
  streakStatusSchema,
} from '@parley/contracts';

/** The gamification panel's paths in the OpenAPI document (see docs/openapi.ts). */
export function registerGamificationPaths(
  registry: OpenAPIRegistry,
  security: Array<Record<string, string[]>>,
  errors: (...codes: number[]) => Record<number, ResponseConfig>,
): void {
  const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
  const common = errors(401, 429, 503, 504);

  registry.registerPath({
    method: 'get',
    path: '/api/gamification/summary',
    summary: "The caller's level, streak, XP, badges and level progress, and the all-time XP leaderboard",
    description:
      'Levels: Novice, Apprentice, Expert, Master, Grandmaster from 0, 300, 1200, 2700, 4800 XP. ' +
      '`levelProgress` measures XP inside the current level. `badges` are newest first. The streak is 0 ' +
      "once a whole day in the caller's time zone passed without activity.",
    security,
    responses: { 200: { description: 'The summary', content: json(gamificationSummarySchema) }, ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/gamification/daily-challenges',
    summary: "Today's daily challenges (the caller's calendar day) with their progress",
    security,
    responses: {
      200: { description: 'Three challenges', content: json(z.array(dailyChallengeSchema)) },
      ...common,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/gamification/claim-daily-challenge',
    summary: "Claims one of today's challenges once its progress reached its target (100 XP, once)",
    description:
      '404 when the id is not one of today’s challenges; 409 when it was already claimed or is not complete.',
    security,
    request: { body: { content: json(claimDailyChallengeBodySchema) } },
    responses: {
      200: { description: 'The claimed challenge', content: json(dailyChallengeSchema) },
      ...common,
      ...errors(400, 404, 409),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/gamification/leaderboard',
    summary: 'One leaderboard: total XP, longest streak, sessions completed or badges collected',
    description:
      'Weekly (ISO week, UTC), monthly (UTC) or all-time. The all-time XP board is open to everyone; ' +
      'every other category and period needs Premium (403). `most-improved` ranks the rise in average ' +
      'session score from the previous week or month (all-time: from the first sessions to the latest).',
    security,
    request: { query: leaderboardQuerySchema },
    responses: {
      200: { description: 'The board', content: json(leaderboardSchema) },
      ...common,
      ...errors(400, 403),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/gamification/streak',
    summary: "The caller's streak with its freezes: held, price, spendable XP and the days they covered",
    description:
      'A missed day in the caller’s time zone uses a held freeze instead of breaking the streak (at most 2 ' +
      'held; one earned every 7 days of streak, one can be bought with XP).',
    security,
    responses: { 200: { description: 'The streak', content: json(streakStatusSchema) }, ...common },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/gamification/streak-freezes',
    summary: 'Buys one streak freeze with XP (the level and leaderboards keep the XP)',
    description: '409 when 2 freezes are held already or the spendable XP is short.',
    security,
    request: { body: { content: json(buyStreakFreezeBodySchema) } },
    responses: {
      200: { description: 'The streak after the purchase', content: json(streakStatusSchema) },
      ...common,
      ...errors(400, 409),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/gamification/league',
    summary: "The caller's weekly league: tier, members ranked by this week's XP, and the zones",
    description:
      'Weeks run Monday to Monday in each member’s time zone and are settled at Monday 12:00 UTC: the top 7 ' +
      'of a full league of 30 move up a tier, the bottom 5 down. Members are empty until the caller earns ' +
      'XP this week.',
    security,
    responses: { 200: { description: 'The league', content: json(leagueSchema) }, ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/gamification/sessions/{id}/rewards',
    summary:
      'What one of the caller’s completed sessions earned: XP by reason, badges, the level before and after',
    description:
      'XP is awarded when the gamification service applies the session’s completion, a moment after it is ' +
      'scored: until then (and for a session that is not the caller’s) `recorded` is false; ask again.',
    security,
    request: { params: sessionRewardsParamsSchema },
    responses: {
      200: { description: 'What the session earned', content: json(sessionRewardsSchema) },
      ...errors(400),
      ...common,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/user/recommendations',
    summary: "Three scenarios for the caller's weakest skill at their level, each with a one-line reason",
    security,
    responses: {
      200: { description: 'The recommendations', content: json(recommendationsSchema) },
      ...common,
    },
  });
}
