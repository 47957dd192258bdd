import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  LEAGUE_TIERS,
  type League,
  type Recommendations,
  type RecommendationCandidates,
} from '@parley/contracts';
import { queryRows } from '@parley/server-database';
import { recentScoredSessions } from '../../progression/daily-challenges.repository';
import { dayIn } from '../../progression/domain/calendar';
import { levelFor } from '../../progression/domain/levels';
import { ANONYMOUS_USERNAME, PlayersRepository } from '../../progression/players.repository';
import type { Caller } from '../../rpc-caller';
import { difficultyFor, recommend, weakestSkill, weightedAverages } from '../domain/focus';
import { leagueWeekOf, rankStandings, settlesAt, zonesFor } from '../domain/leagues';
import { leagueStandings } from '../league-membership';

const tierName = (tier: number) => LEAGUE_TIERS[Math.max(0, Math.min(LEAGUE_TIERS.length - 1, tier))]!;

/** GET /api/gamification/league: the caller's league this week, ranked, with its zones. */
@Injectable()
export class GetLeagueUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly players: PlayersRepository,
  ) {}

  async execute(caller: Caller, now: Date = new Date()): Promise<League> {
    const player = await this.players.get(caller.userId);
    const week = leagueWeekOf(now, player.timezone);
    const [membership, [last]] = await Promise.all([
      queryRows<{ league_id: string; tier: number }>(
        this.dataSource,
        `SELECT m.league_id, l.tier FROM league_members m JOIN leagues l ON l.id = m.league_id
          WHERE m.user_id = $1 AND m.week = $2`,
        [caller.userId, week.week],
      ),
      queryRows<{
        week: string;
        rank: number;
        outcome: 'promoted' | 'stayed' | 'demoted';
        tier_after: number;
      }>(
        this.dataSource,
        `SELECT week, rank, outcome, tier_after FROM league_results WHERE user_id = $1 ORDER BY week DESC LIMIT 1`,
        [caller.userId],
      ),
    ]);
    const league = membership[0];
    const tier = league ? league.tier : player.leagueTier;
    const ranked = league ? rankStandings(await leagueStandings(this.dataSource, league.league_id)) : [];
    const mine = ranked.find((m) => m.userId === caller.userId);
    return {
      week: week.week,
      tier: tierName(tier),
      settlesAt: settlesAt(week.week).toISOString(),
      members: ranked.map((m) => ({
        rank: m.rank,
        id: m.userId,
        username: m.username ?? ANONYMOUS_USERNAME,
        xp: m.totalXp,
        level: levelFor(m.totalXp).level,
        weekXp: m.weekXp,
      })),
      me: mine ? { rank: mine.rank, weekXp: mine.weekXp } : null,
      zones: zonesFor(ranked.length, tier),
      lastResult: last
        ? { week: last.week, rank: last.rank, outcome: last.outcome, tier: tierName(last.tier_after) }
        : null,
    };
  }
}

/**
 * GET /api/user/recommendations: three scenarios, of those the gateway says the caller can open, for
 * their weakest skill at their level, each with the one line that says why.
 */
@Injectable()
export class GetRecommendationsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly players: PlayersRepository,
  ) {}

  async execute(
    caller: Caller,
    candidates: RecommendationCandidates,
    now: Date = new Date(),
  ): Promise<Recommendations> {
    const [player, sessions, practised] = await Promise.all([
      this.players.get(caller.userId),
      recentScoredSessions(this.dataSource, caller.userId),
      queryRows<{ scenario_id: string }>(
        this.dataSource,
        `SELECT DISTINCT scenario_id FROM completed_sessions WHERE user_id = $1`,
        [caller.userId],
      ),
    ]);
    const averages = weightedAverages(sessions);
    const recommendations = recommend(candidates.scenarios, {
      userId: caller.userId,
      day: dayIn(now, player.timezone),
      level: levelFor(player.totalXp).level,
      averages,
      practised: new Set(practised.map((p) => p.scenario_id)),
      experienceLevel: candidates.experience_level ?? null,
      exclude: new Set(candidates.exclude ?? []),
    });
    const level = difficultyFor(levelFor(player.totalXp).level, candidates.experience_level);
    return { focus: weakestSkill(averages), averages, level, recommendations };
  }
}
