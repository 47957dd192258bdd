import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { XP_REWARDS, type DomainEvent, type XpReason } from '@parley/contracts';
import { queryRows } from '@parley/server-database';
import { createEvent, Outbox } from '@parley/server-messaging';
import { Leaderboards } from '../leaderboards/leaderboards';
import { newlyEarnedBadges, type PlayerStats, type SessionFacts } from './domain/badge-rules';
import { dayIn, utcDay, type Day } from './domain/calendar';
import { levelFor, levelsReached } from './domain/levels';
import { streakRuns, summarizeStreak, type ActiveDay } from './domain/streaks';
import { StreakFreezes } from '../habits/streak-freezes';
import { LeagueMembership } from '../habits/league-membership';
import { zoneInForce } from './player-zones';

export interface Player {
  userId: string;
  /** The display name the learner chose (Settings), the only name boards show. */
  username: string | null;
  timezone: string;
  totalXp: number;
  level: number;
  sessionsCompleted: number;
  currentStreak: number;
  longestStreak: number;
  lastActiveDay: Day | null;
  badgesCount: number;
  challengesClaimed: number;
  /** XP spent on streak freezes (total XP stays: levels and boards never drop). */
  xpSpent: number;
  /** Index into LEAGUE_TIERS. */
  leagueTier: number;
  /** The league week (e.g. 2026-W48) the player was last placed in. */
  leagueWeek: string | null;
  /** Settings' show_leaderboard: false keeps the player off the boards and out of leagues. */
  onBoards: boolean;
}

interface PlayerRow {
  user_id: string;
  username: string | null;
  timezone: string;
  total_xp: number;
  level: number;
  sessions_completed: number;
  current_streak: number;
  longest_streak: number;
  last_active_day: string | null;
  badges_count: number;
  challenges_claimed: number;
  xp_spent: number;
  league_tier: number;
  league_week: string | null;
  on_boards: boolean;
}

export const PLAYER_COLUMNS = `user_id, display_name AS username, timezone, total_xp, level, sessions_completed, current_streak,
  longest_streak, to_char(last_active_day, 'YYYY-MM-DD') AS last_active_day, badges_count, challenges_claimed,
  xp_spent, league_tier, league_week, on_boards`;

export function toPlayer(row: PlayerRow): Player {
  return {
    userId: row.user_id,
    username: row.username,
    timezone: row.timezone,
    totalXp: row.total_xp,
    level: row.level,
    sessionsCompleted: row.sessions_completed,
    currentStreak: row.current_streak,
    longestStreak: row.longest_streak,
    lastActiveDay: row.last_active_day,
    badgesCount: row.badges_count,
    challengesClaimed: row.challenges_claimed,
    xpSpent: row.xp_spent,
    leagueTier: row.league_tier,
    leagueWeek: row.league_week,
    onBoards: row.on_boards,
  };
}

/** A player nobody has heard of yet: what the summary shows before the first event. */
export function newPlayer(userId: string): Player {
  return {
    userId,
    username: null,
    timezone: 'UTC',
    totalXp: 0,
    level: 1,
    sessionsCompleted: 0,
    currentStreak: 0,
    longestStreak: 0,
    lastActiveDay: null,
    badgesCount: 0,
    challengesClaimed: 0,
    xpSpent: 0,
    leagueTier: 0,
    leagueWeek: null,
    onBoards: true,
  };
}

/** What one event (or one claim) changes for one player, written out by `save`. */
export class PlayerChange {
  readonly events: DomainEvent[] = [];
  /** Calendar days whose weekly and monthly boards the change touches. */
  readonly days = new Set<Day>();
  /** The latest instant XP was awarded at in this change: it places the player in that week's league. */
  xpAt: Date | null = null;

  constructor(
    readonly player: Player,
    /** The event that caused the change; null for a claim. */
    readonly eventId: string | null,
  ) {}
}

export interface Award {
  reason: XpReason;
  amount: number;
  /** What the award is for (session id, scenario id, calendar day, challenge id): unique per reason. */
  sourceKey: string;
  at: Date;
}

/**
 * The rules that every event and claim share, applied inside the caller's transaction: the XP ledger,
 * levels, active days and streaks, badges, the outbox events that announce them and the leaderboards.
 */
@Injectable()
export class PlayerProgress {
  constructor(
    private readonly outbox: Outbox,
    private readonly leaderboards: Leaderboards,
    private readonly freezes: StreakFreezes,
    private readonly leagues: LeagueMembership,
  ) {}

  /**
   * Locks the player's row (created on first sight) for the rest of the transaction, so one user's events
   * and claims apply one at a time. Null for a user who has been erased.
   */
  async begin(manager: EntityManager, userId: string, eventId: string | null): Promise<PlayerChange | null> {
    await manager.query(
      `INSERT INTO players (user_id) SELECT $1
        WHERE NOT EXISTS (SELECT 1 FROM deleted_users WHERE user_id = $1) ON CONFLICT DO NOTHING`,
      [userId],
    );
    // A fresh snapshot: an erasure committed while the INSERT waited is seen here.
    const rows = await queryRows<PlayerRow>(
      manager,
      `SELECT ${PLAYER_COLUMNS} FROM players p
        WHERE user_id = $1 AND NOT EXISTS (SELECT 1 FROM deleted_users d WHERE d.user_id = p.user_id)
        FOR UPDATE`,
      [userId],
    );
    if (!rows[0]) {
      await manager.query(`DELETE FROM players WHERE user_id = $1`, [userId]);
      return null;
    }
    return new PlayerChange(toPlayer(rows[0]), eventId);
  }

  /** Adds a ledger entry unless one exists for the same reason and source; true when it was added. */
  async award(manager: EntityManager, change: PlayerChange, award: Award): Promise<boolean> {
    const { player } = change;
    const inserted = await queryRows(
      manager,
      `INSERT INTO xp_ledger (user_id, reason, source_key, amount, event_id, awarded_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT ON CONSTRAINT xp_ledger_once DO NOTHING RETURNING id`,
      [player.userId, award.reason, award.sourceKey, award.amount, change.eventId, award.at],
    );
    if (inserted.length === 0) return false;
    const before = player.totalXp;
    player.totalXp += award.amount;
    player.level = levelFor(player.totalXp).level;
    change.days.add(utcDay(award.at));
    if (!change.xpAt || award.at > change.xpAt) change.xpAt = award.at;
    change.events.push(
      createEvent('gamification.xp-awarded', player.userId, {
        amount: award.amount,
        reason: award.reason,
        totalXp: player.totalXp,
      }),
    );
    for (const reached of levelsReached(before, player.totalXp)) {
      change.events.push(
        createEvent('gamification.level-reached', player.userId, {
          level: reached.level,
          name: reached.name,
        }),
      );
    }
    return true;
  }

  /**
   * Marks the user's calendar day of `at` (in the zone in force at `at`, not the zone they have now) active. The first activity of a day extends
   * or restarts the streak and earns the daily streak XP; later ones that day change nothing. Returns the
   * day when it was new.
   */
  async recordActiveDay(manager: EntityManager, change: PlayerChange, at: Date): Promise<Day | null> {
    const { player } = change;
    const zone = await zoneInForce(manager, player.userId, at, player.timezone);
    const day = dayIn(at, zone);
    const [upserted] = await queryRows<{ inserted: boolean }>(
      manager,
      `INSERT INTO active_days (user_id, day, streak, first_at, last_at, zone) VALUES ($1, $2, 1, $3, $3, $4)
       ON CONFLICT (user_id, day) DO UPDATE SET last_at = GREATEST(active_days.last_at, EXCLUDED.last_at)
       RETURNING (xmax = 0) AS inserted`,
      [player.userId, day, at, zone],
    );
    if (!upserted?.inserted) return null;
    // Derive every run again from the set of days: a late event for an earlier day can join two runs.
    // The player's active days and their freezes, in one round trip.
    const rows = await queryRows<{
      day: string | null;
      streak: number;
      last_ms: number;
      zone: string;
      freeze_id: string | null;
      used_on: string | null;
    }>(
      manager,
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, streak, (extract(epoch FROM last_at) * 1000)::float8 AS last_ms, zone,
              NULL::bigint AS freeze_id, NULL AS used_on
         FROM active_days WHERE user_id = $1
       UNION ALL
       SELECT NULL, 0, NULL, NULL, id, to_char(used_on, 'YYYY-MM-DD') FROM streak_freezes WHERE user_id = $1`,
      [player.userId],
    );
    const stored = rows.filter((r): r is typeof r & { day: string } => r.day !== null);
    const freezeRows = rows
      .flatMap((r) => (r.freeze_id ? [{ id: r.freeze_id, used_on: r.used_on }] : []))
      .sort((a, b) => Number(a.id) - Number(b.id));
    const active: ActiveDay[] = stored.map((r) => ({
      day: r.day,
      lastAt: new Date(r.last_ms),
      zone: r.zone,
    }));
    const frozen = await this.freezes.coverMissedDays(manager, change, active, day, freezeRows);
    const storedStreak = new Map(stored.map((r) => [r.day, r.streak]));
    const runs = streakRuns(active, frozen);
    const changed = runs.filter((r) => r.day === day || storedStreak.get(r.day) !== r.streak);
    if (changed.length > 0) {
      await manager.query(
        `UPDATE active_days a SET streak = c.streak
           FROM unnest($2::date[], $3::int[]) AS c(day, streak)
          WHERE a.user_id = $1 AND a.day = c.day`,
        [player.userId, changed.map((c) => c.day), changed.map((c) => c.streak)],
      );
      for (const c of changed) change.days.add(c.day);
    }
    const summary = summarizeStreak(active, frozen);
    player.currentStreak = summary.current;
    player.longestStreak = summary.longest;
    player.lastActiveDay = summary.lastActiveDay;
    if (summary.lastActiveDay === day)
      await this.freezes.earnAtMilestone(manager, change, day, summary.current, at);
    await this.award(manager, change, {
      reason: 'daily-streak',
      amount: XP_REWARDS.dailyStreak,
      sourceKey: day,
      at,
    });
    return day;
  }

  /** Awards every badge whose rule now holds, once, at `at`. */
  async evaluateBadges(
    manager: EntityManager,
    change: PlayerChange,
    at: Date,
    session?: SessionFacts,
  ): Promise<void> {
    const { player } = change;
    const [row] = await queryRows<{
      sessions: number;
      distinct_scenarios: number;
      distinct_categories: number;
      clarity8: number;
      empathy8: number;
      persuasion8: number;
      by_category: Record<string, number> | null;
      earned: string[];
    }>(
      manager,
      `SELECT count(*)::int AS sessions,
              count(DISTINCT scenario_id)::int AS distinct_scenarios,
              count(DISTINCT category)::int AS distinct_categories,
              (count(*) FILTER (WHERE clarity >= 8))::int AS clarity8,
              (count(*) FILTER (WHERE empathy >= 8))::int AS empathy8,
              (count(*) FILTER (WHERE persuasion >= 8))::int AS persuasion8,
              (SELECT json_object_agg(category, n) FROM (
                 SELECT category, count(*)::int AS n FROM completed_sessions WHERE user_id = $1 GROUP BY category
               ) c) AS by_category,
              ARRAY(SELECT badge_id FROM user_badges WHERE user_id = $1) AS earned
         FROM completed_sessions WHERE user_id = $1`,
      [player.userId],
    );
    const stats: PlayerStats = {
      sessions: row?.sessions ?? 0,
      longestStreak: player.longestStreak,
      level: player.level,
      xp: player.totalXp,
      challengesClaimed: player.challengesClaimed,
      distinctScenarios: row?.distinct_scenarios ?? 0,
      distinctCategories: row?.distinct_categories ?? 0,
      sessionsByCategory: row?.by_category ?? {},
      sessionsWithSkillAtLeast8: {
        clarity: row?.clarity8 ?? 0,
        empathy: row?.empathy8 ?? 0,
        persuasion: row?.persuasion8 ?? 0,
      },
    };
    const badges = newlyEarnedBadges(stats, session, new Set(row?.earned ?? []));
    if (badges.length === 0) return;
    const inserted = await queryRows<{ badge_id: string }>(
      manager,
      `INSERT INTO user_badges (user_id, badge_id, earned_at, event_id)
       SELECT $1, unnest($2::text[]), $3, $4 ON CONFLICT DO NOTHING RETURNING badge_id`,
      [player.userId, badges.map((b) => b.id), at, change.eventId],
    );
    const earned = new Set(inserted.map((r) => r.badge_id));
    player.badgesCount += earned.size;
    if (earned.size > 0) change.days.add(utcDay(at));
    for (const badge of badges.filter((b) => earned.has(b.id))) {
      change.events.push(
        createEvent('gamification.badge-earned', player.userId, {
          badgeId: badge.id,
          earnedAt: at.toISOString(),
        }),
      );
    }
  }

  /** Writes the player's totals and the events, and puts the player's new scores on the boards. */
  async save(manager: EntityManager, change: PlayerChange): Promise<void> {
    const { player } = change;
    await manager.query(
      `UPDATE players SET total_xp = $2, level = $3, sessions_completed = $4, current_streak = $5,
              longest_streak = $6, last_active_day = $7, badges_count = $8, challenges_claimed = $9,
              updated_at = now()
        WHERE user_id = $1`,
      [
        player.userId,
        player.totalXp,
        player.level,
        player.sessionsCompleted,
        player.currentStreak,
        player.longestStreak,
        player.lastActiveDay,
        player.badgesCount,
        player.challengesClaimed,
      ],
    );
    if (change.xpAt) await this.leagues.placeIfNew(manager, player, change.xpAt);
    if (change.events.length > 0) await this.outbox.add(manager, ...change.events);
    if (change.days.size > 0) await this.leaderboards.refresh(manager, player.userId, change.days);
  }
}
