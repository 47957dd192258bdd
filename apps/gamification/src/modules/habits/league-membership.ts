import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Player } from '../progression/player-progress';
import { LEAGUE } from './domain/habits.data';
import { leagueWeekLabel, leagueWeekOf, settlesAt, type LeagueWeek } from './domain/leagues';

interface Runner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * Puts a player into a league of their tier for one week: the first open league of that week and tier
 * with room (30), or a new one. Placements at one week and tier take an advisory lock, so two replicas
 * placing at once never both open a new league while one has room.
 */
export async function placeInLeague(
  runner: Runner,
  userId: string,
  tier: number,
  week: LeagueWeek,
  at: Date,
): Promise<void> {
  await runner.query(
    `SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':league:' || $1 || ':' || $2))`,
    [week.week, tier],
  );
  const open = (await runner.query(
    `SELECT id FROM leagues WHERE week = $1 AND tier = $2 AND settled_at IS NULL AND members < $3
      ORDER BY id LIMIT 1`,
    [week.week, tier, LEAGUE.size],
  )) as Array<{ id: string }>;
  const leagueId =
    open[0]?.id ??
    (
      (await runner.query(`INSERT INTO leagues (week, tier) VALUES ($1, $2) RETURNING id`, [
        week.week,
        tier,
      ])) as Array<{
        id: string;
      }>
    )[0]!.id;
  const placed = (await runner.query(
    `INSERT INTO league_members (user_id, week, league_id, week_from, week_to, placed_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, week) DO NOTHING RETURNING user_id`,
    [userId, week.week, leagueId, week.from, week.to, at],
  )) as unknown[];
  if (placed.length > 0)
    await runner.query(`UPDATE leagues SET members = members + 1 WHERE id = $1`, [leagueId]);
  await runner.query(
    `UPDATE players SET league_week = $2 WHERE user_id = $1 AND (league_week IS NULL OR league_week < $2)`,
    [userId, week.week],
  );
}

/** Event side of the leagues: XP earned in a week places the player in that week's league. */
@Injectable()
export class LeagueMembership {
  /** Called with the player's row locked, after XP was awarded at `xpAt`. */
  async placeIfNew(
    manager: EntityManager,
    player: Player,
    xpAt: Date,
    now: Date = new Date(),
  ): Promise<void> {
    if (!player.onBoards) return; // off the boards: in no league either
    const label = leagueWeekLabel(xpAt, player.timezone);
    if (player.leagueWeek !== null && player.leagueWeek >= label) return; // placed (or a late event)
    if (settlesAt(label).getTime() <= now.getTime()) return; // that week is over and settled
    await placeInLeague(manager, player.userId, player.leagueTier, leagueWeekOf(xpAt, player.timezone), xpAt);
    player.leagueWeek = label;
  }
}

/** The members of one league with the XP each earned in their own week, from the ledger. */
export async function leagueStandings(
  runner: Runner,
  leagueId: string,
): Promise<
  Array<{
    userId: string;
    username: string | null;
    totalXp: number;
    weekXp: number;
    placedAt: Date;
    tier: number;
  }>
> {
  const rows = (await runner.query(
    `SELECT m.user_id, p.display_name AS username, p.total_xp, p.league_tier, m.placed_at,
            (SELECT COALESCE(SUM(l.amount), 0) FROM xp_ledger l
              WHERE l.user_id = m.user_id AND l.awarded_at >= m.week_from AND l.awarded_at < m.week_to)::int AS week_xp
       FROM league_members m JOIN players p ON p.user_id = m.user_id
      WHERE m.league_id = $1`,
    [leagueId],
  )) as Array<{
    user_id: string;
    username: string | null;
    total_xp: number;
    league_tier: number;
    placed_at: Date;
    week_xp: number;
  }>;
  return rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    totalXp: r.total_xp,
    weekXp: r.week_xp,
    placedAt: r.placed_at,
    tier: r.league_tier,
  }));
}
