import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GAMIFICATION_ERRORS, XP_REWARDS, type DailyChallenge } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import type { Caller } from '../../rpc-caller';
import { DailyChallengesRepository } from '../daily-challenges.repository';
import { dayIn } from '../domain/calendar';
import { PlayerProgress } from '../player-progress';

/**
 * Claims one of today's challenges once its progress reached its target: 100 XP through the ledger (keyed
 * by the challenge id, so a claim can never pay twice), badges checked, the updated challenge answered.
 */
@Injectable()
export class ClaimDailyChallengeUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly progress: PlayerProgress,
    private readonly challenges: DailyChallengesRepository,
  ) {}

  async execute(caller: Caller, challengeId: string, now: Date = new Date()): Promise<DailyChallenge> {
    return this.dataSource.transaction(async (manager) => {
      const change = await this.progress.begin(manager, caller.userId, null);
      if (!change) throw new RpcError(404, GAMIFICATION_ERRORS.challengeNotFound);
      const today = dayIn(now, change.player.timezone);
      const found = (await this.challenges.forDay(caller.userId, today, manager, true, caller.plan)).find(
        (c) => c.challenge.id === challengeId,
      );
      if (!found) throw new RpcError(404, GAMIFICATION_ERRORS.challengeNotFound);
      const { view } = found;
      if (view.completed_at) throw new RpcError(409, GAMIFICATION_ERRORS.challengeAlreadyClaimed);
      if (view.progress < view.target) {
        throw new RpcError(
          409,
          `${GAMIFICATION_ERRORS.challengeNotComplete} (${view.progress}/${view.target}): ${view.description}`,
        );
      }
      if (!(await this.challenges.markClaimed(manager, caller.userId, challengeId, now))) {
        throw new RpcError(409, GAMIFICATION_ERRORS.challengeAlreadyClaimed);
      }
      change.player.challengesClaimed += 1;
      await this.progress.award(manager, change, {
        reason: 'daily-challenge',
        amount: XP_REWARDS.dailyChallenge,
        sourceKey: challengeId,
        at: now,
      });
      await this.progress.evaluateBadges(manager, change, now);
      await this.progress.save(manager, change);
      return { ...view, completed_at: now.toISOString() };
    });
  }
}
