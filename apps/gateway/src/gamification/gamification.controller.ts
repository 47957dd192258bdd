import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  buyStreakFreezeBodySchema,
  claimDailyChallengeBodySchema,
  leaderboardQuerySchema,
  noQuerySchema,
  RPC,
  type ClaimDailyChallengeBody,
  type DailyChallenge,
  type GamificationSummary,
  type League,
  type Leaderboard,
  type LeaderboardQuery,
  type Recommendations,
  type Scenario,
  type SessionRewards,
  type StoredProfile,
  type StreakStatus,
} from '@parley/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/access-token';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ServiceClients } from '../rpc/service-clients';

/**
 * The gamification panel (spec section 7): always the caller's own data. XP, levels, streaks and badges
 * are derived by the gamification service from events; nothing here can raise them.
 */
@Controller('api/gamification')
export class GamificationController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('summary')
  summary(@CurrentUser() user: AuthenticatedUser): Promise<GamificationSummary> {
    return this.clients.sendAs(user, 'gamification', RPC.gamification.summary, {});
  }

  @Get('daily-challenges')
  dailyChallenges(@CurrentUser() user: AuthenticatedUser): Promise<DailyChallenge[]> {
    return this.clients.sendAs(user, 'gamification', RPC.gamification.dailyChallenges, {});
  }

  @Post('claim-daily-challenge')
  @HttpCode(200)
  claim(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(claimDailyChallengeBodySchema)) body: ClaimDailyChallengeBody,
  ): Promise<DailyChallenge> {
    return this.clients.sendAs(user, 'gamification', RPC.gamification.claimDailyChallenge, body);
  }

  /** One category and period; all-time XP for everyone, the rest with Premium (the plan in the token). */
  @Get('leaderboard')
  leaderboard(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodValidationPipe(leaderboardQuerySchema)) query: LeaderboardQuery,
  ): Promise<Leaderboard> {
    return this.clients.sendAs(user, 'gamification', RPC.gamification.leaderboard, query);
  }

  /** The streak with its freezes: how many are held and which days they covered. */
  @Get('streak')
  streak(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodValidationPipe(noQuerySchema)) _query: object,
  ): Promise<StreakStatus> {
    return this.clients.sendAs(user, 'gamification', RPC.gamification.streak, {});
  }

  /** Buys a streak freeze with XP (409 when 2 are held or the XP is short). */
  @Post('streak-freezes')
  @HttpCode(200)
  buyStreakFreeze(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(buyStreakFreezeBodySchema)) body: Record<string, never>,
  ): Promise<StreakStatus> {
    return this.clients.sendAs(user, 'gamification', RPC.gamification.buyStreakFreeze, body);
  }

  /** The caller's weekly league, ranked, with its promotion and demotion zones. */
  @Get('league')
  league(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodValidationPipe(noQuerySchema)) _query: object,
  ): Promise<League> {
    return this.clients.sendAs(user, 'gamification', RPC.gamification.league, {});
  }
}

const sessionId = new ZodValidationPipe(z.uuid({ message: 'id must be a session id (uuid)' }));

/**
 * What a completed session earned, for the report: not recorded until gamification has applied the
 * session's completion (the report asks again), and never anything about another user's session.
 */
@Controller('api/gamification/sessions')
export class SessionRewardsController {
  constructor(private readonly clients: ServiceClients) {}

  @Get(':id/rewards')
  rewards(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', sessionId) id: string,
    @Query(new ZodValidationPipe(noQuerySchema)) _query: object,
  ): Promise<SessionRewards> {
    return this.clients.sendAs(user, 'gamification', RPC.gamification.sessionRewards, { id });
  }
}

/**
 * GET /api/user/recommendations: three scenarios for the caller's weakest skill. Gamification knows the
 * skill and XP level; the catalogue (as the caller's plan sees it) and the scenario of the day (never
 * recommended: the dashboard already offers it) come from sessions, the experience level the learner
 * chose from identity, and are handed over. Without the day's scenario or the profile, it still answers.
 */
@Controller('api/user')
export class RecommendationsController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('recommendations')
  async recommendations(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodValidationPipe(noQuerySchema)) _query: object,
  ): Promise<Recommendations> {
    const [scenarios, daily, profile] = await Promise.all([
      this.clients.sendAs<Scenario[]>(user, 'sessions', RPC.sessions.listScenarios, {}),
      this.clients
        .sendAs<Scenario | null>(user, 'sessions', RPC.sessions.dailyScenario, {})
        .catch(() => null),
      this.clients
        .send<StoredProfile | null>(
          'identity',
          RPC.identity.getProfile,
          { userId: user.id },
          { userId: user.id },
        )
        .catch(() => null),
    ]);
    return this.clients.sendAs(user, 'gamification', RPC.gamification.recommendations, {
      experience_level: profile?.experience_level ?? null,
      exclude: daily ? [daily.id] : [],
      scenarios: scenarios.map(({ id, title, description, category, difficulty, locked }) => ({
        id,
        title,
        description,
        category,
        difficulty,
        locked,
      })),
    });
  }
}
