import { Body, Controller, Get, HttpCode, Logger, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import {
  monthlyUsageSchema,
  onboardingProfileSchema,
  RPC,
  type OnboardingProfile,
  type Profile,
  type StoredProfile,
} from '@parley/contracts';
import { assertOwnUser } from '../auth/assert-own-user';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/access-token';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { PatternNotHandledException, ServiceClients } from '../rpc/service-clients';

const userIdParam = new ZodValidationPipe(z.uuid({ error: 'userId must be a user id (uuid)' }));

/** The sessions service counts this month's sessions; the dashboard should not wait long for it. */
export const MONTHLY_USAGE_TIMEOUT_MS = 2000;

/** GET /api/user/profile/{userId} and POST /api/user/profile (onboarding's Finish). */
@Controller('api/user/profile')
export class ProfileController {
  private readonly logger = new Logger('ProfileController');
  private warnedNoUsage = false;

  constructor(private readonly clients: ServiceClients) {}

  @Get(':userId')
  async get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('userId', userIdParam) userId: string,
  ): Promise<Profile> {
    assertOwnUser(user, userId);
    return this.withUsage(user.id, RPC.identity.getProfile, { userId: user.id });
  }

  /** Creates or replaces the profile; `id`, when sent, must be the caller's own. Answers it as GET does. */
  @Post()
  @HttpCode(200)
  async save(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(onboardingProfileSchema)) body: OnboardingProfile,
  ): Promise<Profile> {
    if (body.id !== undefined) assertOwnUser(user, body.id);
    return this.withUsage(user.id, RPC.identity.saveProfile, { userId: user.id, profile: body });
  }

  /** Identity's answer for the profile, with sessions_used asked of sessions at the same time. */
  private async withUsage(userId: string, pattern: string, data: unknown): Promise<Profile> {
    const [profile, sessionsUsed] = await Promise.all([
      this.clients.send<StoredProfile>('identity', pattern, data, { userId }),
      this.sessionsUsed(userId),
    ]);
    return { ...profile, sessions_used: sessionsUsed };
  }

  /**
   * This calendar month's completed sessions, as the sessions service counts them. Only while the
   * sessions service has no handler for the pattern yet is the answer 0; a sessions service that is
   * down or slow fails the request (503/504) rather than claiming sessions that may be used up.
   */
  private async sessionsUsed(userId: string): Promise<number> {
    try {
      const usage = await this.clients.send(
        'sessions',
        RPC.sessions.monthlyUsage,
        { userId },
        { userId, timeoutMs: MONTHLY_USAGE_TIMEOUT_MS },
      );
      return monthlyUsageSchema.parse(usage).used;
    } catch (error) {
      if (!(error instanceof PatternNotHandledException)) throw error;
      if (!this.warnedNoUsage) {
        this.warnedNoUsage = true;
        this.logger.warn(`sessions does not answer ${RPC.sessions.monthlyUsage} yet: sessions_used is 0`);
      }
      return 0;
    }
  }
}
