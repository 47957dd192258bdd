import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StreakStatus } from '@parley/contracts';
import { addDays, dayIn, type Day } from '../progression/domain/calendar';
import { missedDays, streakToday, type ActiveDay } from '../progression/domain/streaks';
import type { PlayerChange } from '../progression/player-progress';
import { zoneInForceSql } from '../progression/player-zones';
import { STREAK_FREEZE } from './domain/habits.data';

/**
 * Streak freezes, written inside the transaction of the activity that decides them (the player's row is
 * locked): a new day after missed ones uses held freezes when they cover every missed day, a late
 * activity on a frozen day gives its freeze back, and each 7-day milestone earns one (up to 2 held).
 */
@Injectable()
export class StreakFreezes {
  /**
   * Applies the freezes that the new active `day` decides and answers every frozen day (the streak's
   * input). `active` holds every active day of the player, `day` included.
   */
  async coverMissedDays(
    manager: EntityManager,
    change: PlayerChange,
    active: ActiveDay[],
    day: Day,
    /** Every freeze of the player, oldest first (read with the active days). */
    rows: Array<{ id: string; used_on: string | null }>,
  ): Promise<Set<Day>> {
    const { userId } = change.player;
    if (rows.length === 0) return new Set();
    const frozen = new Set(rows.flatMap((r) => (r.used_on ? [r.used_on] : [])));
    if (frozen.has(day)) {
      // The learner was active after all (the event came late): the day needs no freeze.
      await manager.query(`UPDATE streak_freezes SET used_on = NULL WHERE user_id = $1 AND used_on = $2`, [
        userId,
        day,
      ]);
      frozen.delete(day);
      return frozen;
    }
    const earlier = active.filter((a) => a.day < day).sort((a, b) => (a.day < b.day ? 1 : -1));
    const previous = earlier[0];
    const isNewest = !active.some((a) => a.day > day);
    if (!previous || !isNewest) return frozen;
    const held = rows.filter((r) => !r.used_on);
    // The zone the new day was counted in (the one in force then), not the player's zone now.
    const zone = active.find((a) => a.day === day)?.zone ?? change.player.timezone;
    const gap = missedDays(previous, { day, zone }, STREAK_FREEZE.maxHeld);
    if (gap.count === 0 || gap.count > held.length) return frozen;
    const uses = gap.days.map((d, i) => ({ id: held[i]!.id, day: d }));
    await manager.query(
      `UPDATE streak_freezes f SET used_on = u.day FROM unnest($2::bigint[], $3::date[]) AS u(id, day)
        WHERE f.user_id = $1 AND f.id = u.id`,
      [userId, uses.map((u) => u.id), uses.map((u) => u.day)],
    );
    for (const u of uses) frozen.add(u.day);
    return frozen;
  }

  /** A streak that reached a multiple of 7 on `day` earns a freeze, unless 2 are already held. */
  async earnAtMilestone(
    manager: EntityManager,
    change: PlayerChange,
    day: Day,
    streak: number,
    at: Date,
  ): Promise<void> {
    if (streak === 0 || streak % STREAK_FREEZE.earnedEveryDays !== 0) return;
    await manager.query(
      `INSERT INTO streak_freezes (user_id, source_key, acquired_at)
       SELECT $1, $2, $3 WHERE (SELECT count(*) FROM streak_freezes WHERE user_id = $1 AND used_on IS NULL) < $4
       ON CONFLICT ON CONSTRAINT streak_freezes_once DO NOTHING`,
      [change.player.userId, `streak:${day}`, at, STREAK_FREEZE.maxHeld],
    );
  }
}

interface Runner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * The streak as it stands on the learner's `today`, freezes included: missed days they cover count as
 * frozen (and the freezes as spent) from the first midnight, before the next activity writes it down.
 * One round trip, the player's row included, so a summary can read it beside its other queries.
 */
export async function streakState(runner: Runner, userId: string, now: Date): Promise<StreakStatus> {
  const [row] = (await runner.query(
    `SELECT ${zoneInForceSql('$3')} AS timezone, p.current_streak, p.longest_streak, p.total_xp, p.xp_spent,
            (SELECT count(*) FROM streak_freezes WHERE user_id = $1 AND used_on IS NULL)::int AS held,
            ARRAY(SELECT to_char(used_on, 'YYYY-MM-DD') FROM streak_freezes
                   WHERE user_id = $1 AND used_on IS NOT NULL ORDER BY used_on DESC LIMIT $2) AS used,
            (SELECT json_build_object('day', to_char(day, 'YYYY-MM-DD'), 'lastAt', last_at, 'zone', zone)
               FROM active_days WHERE user_id = $1 ORDER BY day DESC LIMIT 1) AS last
       FROM players p WHERE p.user_id = $1`,
    [userId, STREAK_FREEZE.shownDays, now],
  )) as Array<{
    timezone: string;
    current_streak: number;
    longest_streak: number;
    total_xp: number;
    xp_spent: number;
    held: number;
    used: string[];
    last: { day: Day; lastAt: string; zone: string } | null;
  }>;
  const timezone = row?.timezone ?? 'UTC';
  const last: ActiveDay | null = row?.last
    ? { day: row.last.day, lastAt: new Date(row.last.lastAt), zone: row.last.zone }
    : null;
  const today = dayIn(now, timezone);
  const held = row?.held ?? 0;
  const current = streakToday({ current: row?.current_streak ?? 0, last }, today, timezone, held);
  const since = addDays(today, -STREAK_FREEZE.shownDays);
  const frozenDays = [...new Set([...current.frozen, ...(row?.used ?? [])])]
    .filter((d) => d >= since)
    .sort()
    .reverse();
  return {
    streak: current.streak,
    longest: row?.longest_streak ?? 0,
    freezesHeld: held - current.frozen.length,
    maxFreezes: STREAK_FREEZE.maxHeld,
    freezePrice: STREAK_FREEZE.priceXp,
    spendableXp: Math.max(0, (row?.total_xp ?? 0) - (row?.xp_spent ?? 0)),
    frozenDays,
  };
}
