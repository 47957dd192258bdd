import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EarnedBadge, GamificationSummary } from '@parley/contracts';
import { queryRows } from '@parley/server-database';
import { GetLeaderboardUseCase } from '../../leaderboards/get-leaderboard.use-case';
import type { Caller } from '../../rpc-caller';
import { earnedBadges } from '../domain/badges.data';
import { levelFor, levelProgress } from '../domain/levels';
import { streakState } from '../../habits/streak-freezes';
import { PlayersRepository } from '../players.repository';

/** GET /api/gamification/summary: the caller's level, streak, XP and badges, and the panel's leaderboard. */
@Injectable()
export class GetSummaryUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly players: PlayersRepository,
    private readonly leaderboard: GetLeaderboardUseCase,
  ) {}

  async execute(caller: Caller, now: Date = new Date()): Promise<GamificationSummary> {
    // The streak is the one freezes keep alive (docs/adr/0019); without freezes, 0 after a whole day missed.
    const [player, badges, leaderboard, streak] = await Promise.all([
      this.players.get(caller.userId),
      this.badges(caller.userId),
      this.leaderboard.panel(),
      streakState(this.dataSource, caller.userId, now),
    ]);
    return {
      level: levelFor(player.totalXp).level,
      streak: streak.streak,
      xp: player.totalXp,
      badges,
      levelProgress: levelProgress(player.totalXp),
      leaderboard,
    };
  }

  /** Earned badges, newest first; those earned together in catalogue order. */
  private async badges(userId: string): Promise<EarnedBadge[]> {
    const rows = await queryRows<{ badge_id: string; earned_at: Date }>(
      this.dataSource,
      `SELECT badge_id, earned_at FROM user_badges WHERE user_id = $1`,
      [userId],
    );
    return earnedBadges(rows);
  }
}
