import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  claimDailyChallengeBodySchema,
  leaderboardQuerySchema,
  RPC,
  type ClaimDailyChallengeBody,
  type DailyChallenge,
  type GamificationSummary,
  type Leaderboard,
  type LeaderboardQuery,
} from '@parley/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt.strategy';
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
}
