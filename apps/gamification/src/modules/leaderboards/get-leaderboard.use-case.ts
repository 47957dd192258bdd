import { Injectable, Logger } from '@nestjs/common';
import {
  GAMIFICATION_ERRORS,
  PANEL_LEADERBOARD_SIZE,
  type Leaderboard,
  type LeaderboardCategory,
  type LeaderboardEntry,
  type LeaderboardQuery,
  type RankedLeaderboardEntry,
} from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { utcDay } from '../progression/domain/calendar';
import { levelFor } from '../progression/domain/levels';
import { PlayersRepository } from '../progression/players.repository';
import type { Caller } from '../rpc-caller';
import { ALL_TIME, bucketOf, type Bucket } from './leaderboard-buckets';
import { Leaderboards } from './leaderboards';

/** The board every plan sees: all-time XP. Every other category and period is Premium (spec section 6). */
export function isOpenToEveryone(query: Pick<LeaderboardQuery, 'category' | 'period'>): boolean {
  return query.category === 'xp' && query.period === 'all-time';
}

/** Reads the boards from Redis and names their members from PostgreSQL. */
@Injectable()
export class GetLeaderboardUseCase {
  private readonly logger = new Logger('Leaderboards');

  constructor(
    private readonly leaderboards: Leaderboards,
    private readonly players: PlayersRepository,
  ) {}

  async execute(caller: Caller, query: LeaderboardQuery, now: Date = new Date()): Promise<Leaderboard> {
    if (!isOpenToEveryone(query) && caller.plan !== 'premium') {
      throw new RpcError(403, GAMIFICATION_ERRORS.leaderboardPremium);
    }
    const bucket = bucketOf(query.period, utcDay(now));
    const store = this.leaderboards.store;
    const [top, me] = await Promise.all([
      this.top(query.category, bucket, query.limit),
      store.rankOf(query.category, bucket, caller.userId),
    ]);
    return {
      category: query.category,
      period: query.period,
      bucket: bucket.label,
      entries: await this.named(query.category, top),
      me,
    };
  }

  /** The panel's leaderboard (spec section 3 shape), rank order. */
  async panel(): Promise<LeaderboardEntry[]> {
    const top = await this.top('xp', ALL_TIME, PANEL_LEADERBOARD_SIZE);
    return (await this.named('xp', top)).map(({ id, username, xp, level }) => ({ id, username, xp, level }));
  }

  private async top(
    category: LeaderboardCategory,
    bucket: Bucket,
    limit: number,
  ): Promise<Array<{ userId: string; value: number }>> {
    try {
      return await this.leaderboards.store.top(category, bucket, limit);
    } catch (error) {
      // The all-time XP board is also a column in PostgreSQL; the others need Redis.
      if (category !== 'xp' || bucket.period !== 'all-time') throw error;
      this.logger.warn(`Redis unavailable, all-time XP board from PostgreSQL: ${(error as Error).message}`);
      return this.players.topByXp(limit);
    }
  }

  private async named(
    category: LeaderboardCategory,
    top: Array<{ userId: string; value: number }>,
  ): Promise<RankedLeaderboardEntry[]> {
    const profiles = await this.players.publicProfiles(top.map((t) => t.userId));
    const entries: RankedLeaderboardEntry[] = [];
    top.forEach(({ userId, value }, i) => {
      const profile = profiles.get(userId);
      if (!profile) return; // erased a moment ago
      const xp = category === 'xp' ? value : profile.xp;
      entries.push({
        rank: i + 1,
        id: userId,
        username: profile.username,
        xp,
        level: levelFor(xp).level,
        value,
      });
    });
    return entries;
  }
}
